import ComposableIssueReporting
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
/// The values overridden where it is called win over the model's, and `updateValuesForOperation`
/// wins over both. A model with no `@Dependency` property carries no dependencies: that is
/// reported, and `operation` runs with the dependencies in force.
///
/// - Parameters:
///   - model: An object or value with at least one `@Dependency` property.
///   - updateValuesForOperation: Mutates the inherited dependencies further.
///   - operation: The code to run with them.
///   - fileID: The file ID of the caller, for messages.
///   - filePath: The file path of the caller, for messages.
///   - line: The line of the caller, for messages.
///   - column: The column of the caller, for messages.
/// - Returns: What `operation` returns.
@discardableResult
public func withDependencies<Model, R>(
  from model: Model,
  _ updateValuesForOperation: (inout DependencyValues) throws -> Void,
  operation: () throws -> R,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) rethrows -> R {
  guard let inherited = dependencies(of: model) else {
    reportIssue(
      """
      You are trying to propagate dependencies to a child model from a model with no \
      dependencies. To fix this, the given '\(Model.self)' must be returned from another \
      'withDependencies' closure, or the class must hold at least one '@Dependency' property.
      """, fileID: fileID, filePath: filePath, line: line, column: column)
    return try operation()
  }
  var values = inherited.merging(DependencyValues.current)
  values.access = nil
  try DependencyReadSite.$isOverriding.withValue(true) { try updateValuesForOperation(&values) }
  return try DependencyValues.$bound.withValue(values.storage, operation: operation)
}

/// Runs `operation` with the dependencies that `model` was created with.
///
/// The same as ``withDependencies(from:_:operation:fileID:filePath:line:column:)`` with no further overrides.
///
/// ```swift
/// child = withDependencies(from: self) { ChildModel() }
/// ```
///
/// - Parameters:
///   - model: An object or value with at least one `@Dependency` property.
///   - operation: The code to run with its dependencies.
///   - fileID: The file ID of the caller, for messages.
///   - filePath: The file path of the caller, for messages.
///   - line: The line of the caller, for messages.
///   - column: The column of the caller, for messages.
/// - Returns: What `operation` returns.
@discardableResult
public func withDependencies<Model, R>(
  from model: Model,
  operation: () throws -> R,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) rethrows -> R {
  try withDependencies(
    from: model, { _ in }, operation: operation, fileID: fileID, filePath: filePath, line: line,
    column: column)
}

/// Overrides dependencies for the whole process, once, before any of them is used.
///
/// Call it at the very start of an app, for instance to make persistence non-persisting when UI
/// tests launch the app. Values overridden here are the base of every later `withDependencies`.
/// Under a test runner they apply to the running test only. Called inside a `withDependencies`
/// scope, they also apply to what that scope does not override, from then on.
///
/// A dependency can be prepared once, and only before it is read: preparing it again, or after
/// a read, is reported ("… has already been accessed or prepared.") and keeps the value it had.
///
/// ```swift
/// if ProcessInfo.processInfo.environment["UI_TESTING"] != nil {
///   prepareDependencies { $0.defaultFileStorage = .inMemory }
/// }
/// ```
///
/// - Parameters:
///   - updateValues: Mutates the process-wide (or, in a test, the test's) dependencies.
///   - fileID: The file ID of the caller, for messages.
///   - filePath: The file path of the caller, for messages.
///   - line: The line of the caller, for messages.
///   - column: The column of the caller, for messages.
/// - Returns: What `updateValues` returns.
@discardableResult
public func prepareDependencies<R>(
  _ updateValues: (inout DependencyValues) throws -> R,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) rethrows -> R {
  let test = testFramework?.currentTestKey().map(PreparedDependencies.TestKey.init)
  let old = DependencyValues.prepared.withLock { prepared in
    test.flatMap { prepared.tests[$0] } ?? prepared.process
  }
  // NB: what the code running here resolves defaults with: the context and cache of the
  // innermost `withDependencies` scope, if any.
  let inForce = DependencyValues.current
  var values = DependencyValues(storage: old)
  // NB: the update closure may read a default to change it in place (`$0.date.now = …`); such a
  // read is marked with this call's identity, so that it does not count as an earlier access.
  let preparation = nextPreparation.add(1, ordering: .relaxed).newValue
  let result = try DefaultValueCache.$preparation.withValue(preparation) {
    try DependencyReadSite.$isOverriding.withValue(true) { try updateValues(&values) }
  }
  var prepared = values.storage
  var refused: [any OverrideBoxProtocol] = []
  for change in prepared.changedOverrides(since: old) {
    // NB: previews may prepare a dependency again, even after reading it, as the reference lets
    // them.
    guard inForce.context != .preview else { continue }
    let wasPrepared = old.overrides(change.key)
    guard
      wasPrepared
        || DefaultValueCache.wasRead(
          change.key, context: inForce.context, scope: inForce.storage.scope,
          outside: preparation)
    else { continue }
    refused.append(change.box)
    prepared = prepared.reverting(change.key, to: old)
  }
  DependencyValues.prepared.withLock { [prepared] all in
    if let test {
      all.tests[test] = prepared
    } else {
      all.process = prepared
    }
  }
  if test != nil { DependencyValues.hasPreparedForTests.store(true, ordering: .releasing) }
  DependencyValues.hasPrepared.store(true, ordering: .releasing)
  // NB: reported once everything is stored, with no lock held.
  for box in refused {
    reportIssue(
      alreadyPreparedMessage(box), fileID: fileID, filePath: filePath, line: line, column: column)
  }
  return result
}

/// The identity of the next `prepareDependencies` call.
private let nextPreparation = Atomic<UInt64>(0)

/// The reference's message for a dependency prepared after it was read or prepared.
private func alreadyPreparedMessage(_ box: any OverrideBoxProtocol) -> String {
  let description =
    box.keyType == box.valueType
    ? """
      Dependency:
        \(typeName(box.valueType))
    """
    : """
      Key:
        \(typeName(box.keyType))
      Value:
        \(typeName(box.valueType))
    """
  return """
    \(dependencyArgument(name: box.name, keyType: box.keyType)) has already been accessed or \
    prepared.

    \(description)

    A global dependency can only be prepared a single time and cannot be accessed beforehand. \
    Prepare dependencies as early as possible in the lifecycle of your application.

    To temporarily override a dependency in your application, use 'withDependencies' to do so in \
    a well-defined scope.
    """
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
