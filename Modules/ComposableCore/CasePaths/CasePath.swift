import ComposableCustomDump

/// A path to one case of an enum: how to embed a value in that case, and extract it back.
///
/// It is the kit's stand-in for macro-generated case key paths. Declare one property per case, in
/// an extension of `CasePath` constrained to the enum, and key paths such as `\.login` or
/// `\.login.delegate.didLogin` then name cases anywhere a ``CaseKeyPath`` is expected:
/// `Scope(state:action:)`, `ifLet`, `TestStore.receive`, `Store.scope`.
///
/// ```swift
/// extension CasePath where Value == AppFeature.Action {
///   var login: CasePath<Root, Login.Action> {
///     self.case(Value.login) { if case .login(let action) = $0 { action } else { nil } }
///   }
///   var logoutButtonTapped: CasePath<Root, Void> { self.case(.logoutButtonTapped) }
/// }
///
/// Scope(state: \.login, action: \.login) { Login() }
/// ```
@dynamicMemberLookup
public struct CasePath<Root, Value>: Sendable {
  /// Embeds a value in the case, producing the root.
  public let embed: @Sendable (Value) -> Root
  /// Extracts the case's value from a root, or `nil` when the root is another case.
  public let extract: @Sendable (Root) -> Value?
  /// Whether this is ``identity`` (so `Root` is `Value`), which a case path through it skips.
  @usableFromInline let isIdentity: Bool

  /// Creates a case path from its two directions.
  ///
  /// ```swift
  /// let path = CasePath<Result<Int, any Error>, Int>(
  ///   embed: { .success($0) },
  ///   extract: { if case .success(let value) = $0 { value } else { nil } }
  /// )
  /// ```
  ///
  /// - Parameters:
  ///   - embed: Builds the root from the case's value.
  ///   - extract: Returns the case's value when the root is that case.
  @inlinable
  public init(
    embed: @escaping @Sendable (Value) -> Root,
    extract: @escaping @Sendable (Root) -> Value?
  ) {
    self.init(embed: embed, extract: extract, isIdentity: false)
  }

  @inlinable
  init(
    embed: @escaping @Sendable (Value) -> Root,
    extract: @escaping @Sendable (Root) -> Value?,
    isIdentity: Bool
  ) {
    self.embed = embed
    self.extract = extract
    self.isIdentity = isIdentity
  }

  /// Whether `root` is this case.
  ///
  /// ```swift
  /// (\AppFeature.Action.Cases.login).matches(action)
  /// ```
  @inlinable
  public func matches(_ root: Root) -> Bool {
    extract(root) != nil
  }

  /// Changes the case's payload inside `root` in place, throwing when `root` is another case.
  ///
  /// Meant for tests and one-off edits: `root` is changed only when the case matches and `body`
  /// returns; when `body` throws, `root` is left as it was. In a feature, prefer
  /// ``CasePathable/modify(_:_:fileID:filePath:line:column:)``, which reports rather than throws.
  ///
  /// ```swift
  /// let edit = (\.edit as CaseKeyPath<Destination.State, EditFeature.State>).casePath()
  /// try edit.modify(&destination) { $0.title = "New title" }
  /// ```
  ///
  /// - Parameters:
  ///   - root: The value to change.
  ///   - body: Changes the payload.
  /// - Returns: What `body` returns.
  /// - Throws: An error naming the root and value types when `root` is another case, or what
  ///   `body` throws.
  public func modify<Result>(_ root: inout Root, _ body: (inout Value) throws -> Result) throws
    -> Result
  {
    guard var value = extract(root) else { throw CaseExtractionFailed(Root.self, Value.self) }
    let result = try body(&value)
    root = embed(value)
    return result
  }

  /// A path to a case of this path's value, declared with the case's embed and extract functions.
  ///
  /// This is the fast form: extraction is a plain `if case`, cheap enough for a store's hot path.
  ///
  /// ```swift
  /// var login: CasePath<Root, Login.Action> {
  ///   self.case(Value.login) { if case .login(let action) = $0 { action } else { nil } }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - embed: The case's constructor, e.g. `Value.login`.
  ///   - extract: Returns the payload when a value is that case.
  /// - Returns: The path from this path's root to the case's payload.
  @inlinable
  public func `case`<Child>(
    _ embed: @escaping @Sendable (Child) -> Value,
    _ extract: @escaping @Sendable (Value) -> Child?
  ) -> CasePath<Root, Child> {
    if isIdentity {
      // NB: the functions of a case of the root itself are the case's own: wrapping them in the
      // identity's would cost a call and an optional per extraction, on every action a `Scope`
      // routes. Only `identity` is flagged, and its `Root` is `Value`, so each function is cast
      // to its own type and the checked casts never fail (`unsafeBitCast` instead gained 1-2 % of
      // `store.send.scoped3`: 169-172 ns against 170-175 ns).
      return CasePath<Root, Child>(
        embed: embed as! @Sendable (Child) -> Root,
        extract: extract as! @Sendable (Root) -> Child?)
    }
    let outerEmbed = self.embed
    let outerExtract = self.extract
    return CasePath<Root, Child>(
      embed: { outerEmbed(embed($0)) },
      extract: { outerExtract($0).flatMap(extract) }
    )
  }

  /// A path to a case of this path's value, declared with the case's constructor only.
  ///
  /// Extraction uses reflection (a few microseconds), which is fine for tests and rarely sent
  /// actions; give an `extract` closure to ``case(_:_:)`` for actions a `Scope` routes often.
  ///
  /// ```swift
  /// var didLogin: CasePath<Root, User> { self.case(Value.didLogin) }
  /// ```
  ///
  /// - Parameter embed: The case's constructor, e.g. `Value.didLogin`.
  /// - Returns: The path from this path's root to the case's payload.
  public func `case`<Child>(_ embed: @escaping @Sendable (Child) -> Value) -> CasePath<Root, Child>
  {
    self.case(embed) { value in ReflectedCase.extract(from: value, via: embed) }
  }

  /// A path to a case without a payload.
  ///
  /// ```swift
  /// var timerTick: CasePath<Root, Void> { self.case(.timerTick) }
  /// ```
  ///
  /// - Parameter value: The case, e.g. `.timerTick`.
  /// - Returns: The path from this path's root to the case.
  public func `case`(_ value: Value) -> CasePath<Root, Void> where Value: Sendable {
    self.case({ _ in value }, { ReflectedCase.isSameCase($0, value) ? () : nil })
  }
}

extension CasePath where Root == Value {
  /// The path from an enum to itself, where every case key path starts.
  ///
  /// ```swift
  /// let path = CasePath<Action, Action>.identity[keyPath: \.login]
  /// ```
  @inlinable
  public static var identity: Self {
    Self(embed: { $0 }, extract: { $0 }, isIdentity: true)
  }
}

/// The error ``CasePath/modify(_:_:)`` throws when the root is in another case.
struct CaseExtractionFailed: Error, CustomStringConvertible {
  let description: String

  init(_ root: Any.Type, _ value: Any.Type) {
    description = """
      Failed to extract a value of type "\(dumpTypeName(value))" from "\(dumpTypeName(root))".
      """
  }
}

/// A key path that names a case of `Root` whose payload is `Value`, such as `\.login`.
///
/// Write it as a key path literal; the properties it goes through are declared on ``CasePath``.
///
/// ```swift
/// func receive<Value>(_ action: CaseKeyPath<Action, Value>) async
/// await store.receive(\.login.delegate.didLogin)
/// ```
public typealias CaseKeyPath<Root, Value> = KeyPath<CasePath<Root, Root>, CasePath<Root, Value>>

/// Resolving a ``CaseKeyPath`` into the ``CasePath`` it names.
extension KeyPath {
  /// The case path this key path names, from the identity path of its root.
  ///
  /// ```swift
  /// let path = (\Action.Cases.login as CaseKeyPath<Action, Login.Action>).casePath
  /// ```
  @inlinable
  public func casePath<Enum, Payload>() -> CasePath<Enum, Payload>
  where Root == CasePath<Enum, Enum>, Value == CasePath<Enum, Payload> {
    CasePath<Enum, Enum>.identity[keyPath: self]
  }
}
