import ComposableIssueReporting
import ComposableLocking
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
  let result = try DependencyValues.$bound.withValue(values.storage, operation: operation)
  DependencyObjects.shared.remember(result, with: values.storage)
  return result
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
  let result = try await DependencyValues.$bound.withValue(values.storage, operation: operation)
  DependencyObjects.shared.remember(result, with: values.storage)
  return result
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
/// wins over both. An object that has no `@Dependency` property carries the dependencies of the
/// `withDependencies` call that returned it, as in the reference. A model that has neither is
/// reported, and `operation` runs with the dependencies in force.
///
/// - Parameters:
///   - model: An object or value with at least one `@Dependency` property, or an object returned
///     by a `withDependencies` operation.
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
      noDependenciesMessage(Model.self), fileID: fileID, filePath: filePath, line: line,
      column: column)
    return try operation()
  }
  var values = inherited.merging(DependencyValues.current)
  values.access = nil
  try DependencyReadSite.$isOverriding.withValue(true) { try updateValuesForOperation(&values) }
  let result = try DependencyValues.$bound.withValue(values.storage, operation: operation)
  DependencyObjects.shared.remember(result, with: values.storage)
  return result
}

/// Runs asynchronous `operation` with the dependencies that `model` was created with, plus some
/// overrides.
///
/// The asynchronous counterpart of
/// ``withDependencies(from:_:operation:fileID:filePath:line:column:)``.
///
/// ```swift
/// func addButtonTapped() async {
///   child = await withDependencies(from: self) {
///     $0.uuid = .incrementing
///   } operation: {
///     await ChildModel.load()
///   }
/// }
/// ```
///
/// - Parameters:
///   - model: An object or value with at least one `@Dependency` property, or an object returned
///     by a `withDependencies` operation.
///   - isolation: The actor the closures run on; inferred from the caller.
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
  isolation: isolated (any Actor)? = #isolation,
  _ updateValuesForOperation: (inout DependencyValues) async throws -> Void,
  operation: () async throws -> R,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) async rethrows -> R {
  guard let inherited = dependencies(of: model) else {
    reportIssue(
      noDependenciesMessage(Model.self), fileID: fileID, filePath: filePath, line: line,
      column: column)
    return try await operation()
  }
  var values = inherited.merging(DependencyValues.current)
  values.access = nil
  try await DependencyReadSite.$isOverriding.withValue(true) {
    try await updateValuesForOperation(&values)
  }
  let result = try await DependencyValues.$bound.withValue(values.storage, operation: operation)
  DependencyObjects.shared.remember(result, with: values.storage)
  return result
}

/// Runs asynchronous `operation` with the dependencies that `model` was created with.
///
/// The same as ``withDependencies(from:isolation:_:operation:fileID:filePath:line:column:)`` with
/// no further overrides.
///
/// ```swift
/// child = await withDependencies(from: self) { await ChildModel.load() }
/// ```
///
/// - Parameters:
///   - model: An object or value with at least one `@Dependency` property, or an object returned
///     by a `withDependencies` operation.
///   - isolation: The actor the closure runs on; inferred from the caller.
///   - operation: The code to run with its dependencies.
///   - fileID: The file ID of the caller, for messages.
///   - filePath: The file path of the caller, for messages.
///   - line: The line of the caller, for messages.
///   - column: The column of the caller, for messages.
/// - Returns: What `operation` returns.
@discardableResult
public func withDependencies<Model, R>(
  from model: Model,
  isolation: isolated (any Actor)? = #isolation,
  operation: () async throws -> R,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) async rethrows -> R {
  try await withDependencies(
    from: model, isolation: isolation, { _ in }, operation: operation, fileID: fileID,
    filePath: filePath, line: line, column: column)
}

/// The reference's message for `withDependencies(from:)` given a model that carries nothing.
private func noDependenciesMessage(_ model: Any.Type) -> String {
  """
  You are trying to propagate dependencies to a child model from a model with no \
  dependencies. To fix this, the given '\(model)' must be returned from another \
  'withDependencies' closure, or the class must hold at least one '@Dependency' property.
  """
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

/// The dependencies captured by the first `@Dependency` property found in `model`, else those of
/// the `withDependencies` call that returned it.
private func dependencies<Model>(of model: Model) -> DependencyValues? {
  var mirror: Mirror? = Mirror(reflecting: model)
  while let current = mirror {
    for child in current.children {
      if let wrapper = child.value as? any DependencyWrapper {
        return wrapper.initialValues
      }
    }
    mirror = current.superclassMirror
  }
  return DependencyObjects.shared.storage(of: model).map { DependencyValues(storage: $0) }
}

/// The dependencies each object returned by a `withDependencies` operation was created with, for
/// as long as the object lives, so that `withDependencies(from:)` finds them in an object that
/// has no `@Dependency` property.
final class DependencyObjects: Sendable {
  static let shared = DependencyObjects()

  private let entries = Protected<[ObjectIdentifier: Entry]>([:])
  /// How many entries to hold before the released objects' entries are swept.
  private let sweepThreshold = Protected(64)

  private struct Entry: @unchecked Sendable {
    // NB: `@unchecked Sendable` is sound because the object is only compared by identity, never
    // used, and a weak reference is safe to load from any thread.
    weak var object: AnyObject?
    let storage: DependencyStorage
  }

  /// Remembers `value`'s dependencies, if it is an object.
  func remember<Value>(_ value: Value, with storage: DependencyStorage) {
    // NB: as in the reference, only a result whose static type is a class is remembered, which
    // costs one metatype check for every other result.
    guard Value.self is AnyClass else { return }
    let object = value as AnyObject
    entries.withLock { entries in
      entries[ObjectIdentifier(object)] = Entry(object: object, storage: storage)
    }
    sweepIfNeeded()
  }

  /// The dependencies `value` was returned with, if it is an object still remembered.
  func storage<Value>(of value: Value) -> DependencyStorage? {
    guard type(of: value as Any) is AnyClass else { return nil }
    let object = value as AnyObject
    return entries.withLock { entries in
      guard let entry = entries[ObjectIdentifier(object)], entry.object === object else {
        return nil
      }
      return entry.storage
    }
  }

  /// Drops the entries of released objects once there are twice as many as after the last sweep.
  private func sweepIfNeeded() {
    let threshold = sweepThreshold.withLock { $0 }
    let remaining = entries.withLock { entries -> Int? in
      guard entries.count >= threshold else { return nil }
      entries = entries.filter { $0.value.object != nil }
      return entries.count
    }
    if let remaining {
      sweepThreshold.withLock { $0 = max(64, remaining * 2) }
    }
  }
}

/// Runs `operation` with exactly `values` as the dependencies in force (for stores and effects,
/// which capture the values they were created with and restore them around their work).
@inlinable package func withDependencyValues<R>(
  _ values: DependencyValues, operation: () throws -> R
) rethrows -> R {
  try DependencyValues.boundTaskLocal.withValue(values.storage, operation: operation)
}

extension DependencyValues {
  /// Whether these are exactly the dependencies in force for the running code, so that binding
  /// them would change nothing a read, a nested `withDependencies` or a task started inside sees.
  ///
  /// NB: with no scope bound, the values in force are the prepared ones; values prepared later
  /// only add dependencies (a prepared dependency cannot be prepared again), so code that reads
  /// them later sees the same values for every key these override.
  package var areInForce: Bool { DependencyValues.currentStorage === storage }
}

/// Runs asynchronous `operation` with exactly `values` as the dependencies in force.
package func withDependencyValues<R>(
  isolation: isolated (any Actor)? = #isolation,
  _ values: DependencyValues,
  operation: () async throws -> R
) async rethrows -> R {
  try await DependencyValues.$bound.withValue(values.storage, operation: operation)
}
