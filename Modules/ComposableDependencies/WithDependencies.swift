import Synchronization

/// Runs `operation` with some dependencies overridden, then restores them.
///
/// The overrides are visible to everything `operation` calls, including tasks it starts with
/// `Task {}`, child tasks, and models it creates (their `@Dependency` properties remember them).
/// Calls nest: an inner call starts from the values of the outer one.
///
/// ```swift
/// let model = withDependencies {
///   $0.continuousClock = .immediate
///   $0.date.now = Date(timeIntervalSince1970: 1234567890)
/// } operation: {
///   FeatureModel()
/// }
/// ```
///
/// - Parameters:
///   - updateValuesForOperation: Mutates the dependencies to use.
///   - operation: The code to run with them.
/// - Returns: What `operation` returns.
@discardableResult
public func withDependencies<R>(
  _ updateValuesForOperation: (inout DependencyValues) throws -> Void,
  operation: () throws -> R
) rethrows -> R {
  var values = DependencyValues.current
  values.access = nil
  try DependencyReadSite.$isOverriding.withValue(true) { try updateValuesForOperation(&values) }
  return try DependencyValues.$bound.withValue(values.storage, operation: operation)
}

/// Runs asynchronous `operation` with some dependencies overridden, then restores them.
///
/// The overrides survive suspension points and reach tasks started inside, exactly as in the
/// synchronous version.
///
/// ```swift
/// await withDependencies {
///   $0.apiClient.login = { _, _ in User(id: 42, name: "Blob") }
/// } operation: {
///   await model.loginButtonTapped()
/// }
/// ```
///
/// - Parameters:
///   - isolation: The actor the closures run on; inferred from the caller.
///   - updateValuesForOperation: Mutates the dependencies to use.
///   - operation: The code to run with them.
/// - Returns: What `operation` returns.
@discardableResult
public func withDependencies<R>(
  isolation: isolated (any Actor)? = #isolation,
  _ updateValuesForOperation: (inout DependencyValues) async throws -> Void,
  operation: () async throws -> R
) async rethrows -> R {
  var values = DependencyValues.current
  values.access = nil
  try await DependencyReadSite.$isOverriding.withValue(true) {
    try await updateValuesForOperation(&values)
  }
  return try await DependencyValues.$bound.withValue(values.storage, operation: operation)
}

/// Runs `operation` with the dependencies that `model` was created with, plus some overrides.
///
/// Use it when one model creates another: the child sees exactly the overrides its parent was
/// created with, even when it is created outside the parent's `withDependencies` scope. The
/// dependencies are found in `model`'s `@Dependency` properties.
///
/// ```swift
/// func addButtonTapped() {
///   child = withDependencies(from: self) { ChildModel() }
/// }
/// ```
///
/// - Parameters:
///   - model: An object or value with at least one `@Dependency` property.
///   - updateValuesForOperation: Mutates the inherited dependencies further.
///   - operation: The code to run with them.
/// - Returns: What `operation` returns.
@discardableResult
public func withDependencies<Model, R>(
  from model: Model,
  _ updateValuesForOperation: (inout DependencyValues) throws -> Void,
  operation: () throws -> R
) rethrows -> R {
  var values = DependencyValues.current
  if let inherited = dependencies(of: model) {
    values = values.merging(inherited)
  }
  values.access = nil
  try DependencyReadSite.$isOverriding.withValue(true) { try updateValuesForOperation(&values) }
  return try DependencyValues.$bound.withValue(values.storage, operation: operation)
}

/// Runs `operation` with the dependencies that `model` was created with.
///
/// The same as ``withDependencies(from:_:operation:)`` with no further overrides.
///
/// ```swift
/// child = withDependencies(from: self) { ChildModel() }
/// ```
///
/// - Parameters:
///   - model: An object or value with at least one `@Dependency` property.
///   - operation: The code to run with its dependencies.
/// - Returns: What `operation` returns.
@discardableResult
public func withDependencies<Model, R>(
  from model: Model,
  operation: () throws -> R
) rethrows -> R {
  try withDependencies(from: model, { _ in }, operation: operation)
}

/// Overrides dependencies for the whole process, once, before any of them is used.
///
/// Call it at the very start of an app, for instance to make persistence non-persisting when UI
/// tests launch the app. Values overridden here are the base of every later `withDependencies`.
///
/// ```swift
/// if ProcessInfo.processInfo.environment["UI_TESTING"] != nil {
///   prepareDependencies { $0.defaultFileStorage = .inMemory }
/// }
/// ```
///
/// - Parameter updateValues: Mutates the process-wide dependencies.
public func prepareDependencies(_ updateValues: (inout DependencyValues) throws -> Void) rethrows {
  var values = DependencyValues(storage: DependencyValues.prepared.withLock { $0 })
  try DependencyReadSite.$isOverriding.withValue(true) { try updateValues(&values) }
  DependencyValues.prepared.withLock { [storage = values.storage] in $0 = storage }
}

/// The dependencies captured by the first `@Dependency` property found in `model`.
private func dependencies(of model: Any) -> DependencyValues? {
  var mirror: Mirror? = Mirror(reflecting: model)
  while let current = mirror {
    for child in current.children {
      if let wrapper = child.value as? any DependencyWrapper {
        return wrapper.initialValues
      }
    }
    mirror = current.superclassMirror
  }
  return nil
}

/// Runs `operation` with exactly `values` as the dependencies in force (for stores and effects,
/// which capture the values they were created with and restore them around their work).
@inlinable package func withDependencyValues<R>(
  _ values: DependencyValues, operation: () throws -> R
) rethrows -> R {
  try DependencyValues.boundTaskLocal.withValue(values.storage, operation: operation)
}

/// Runs asynchronous `operation` with exactly `values` as the dependencies in force.
package func withDependencyValues<R>(
  isolation: isolated (any Actor)? = #isolation,
  _ values: DependencyValues,
  operation: () async throws -> R
) async rethrows -> R {
  try await DependencyValues.$bound.withValue(values.storage, operation: operation)
}
