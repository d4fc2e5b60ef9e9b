import ComposableCustomDump

/// What makes a presented child the same child: the case of an enum, and the `Identifiable` id
/// of the value (or of its case's payload) where there is one.
///
/// `@Presents` state, `ifLet` on a plain optional and `ifCaseLet` keep a child (and its effects)
/// while its identity stays the same, and cancel its effects when it changes, as the reference's
/// navigation ids do. A value that is neither an enum nor `Identifiable` has no identity of its
/// own: it stays the same child for as long as it is present.
///
/// NB: `@unchecked Sendable` is sound because the id is only compared and hashed, never
/// mutated or handed to user code; ids are values (the reference's navigation ids hold them the
/// same way).
@usableFromInline
struct NavigationIdentity: Hashable, @unchecked Sendable {
  let caseName: String?
  let id: AnyHashable?

  /// The identity of `value`.
  @usableFromInline
  init<Value>(of value: Value) {
    guard isEnumType(Value.self) else {
      self.caseName = nil
      self.id = identifiableID(value)
      return
    }
    self.caseName = enumCaseName(of: value)
    self.id = identifiableID(value) ?? identifiableID(payload(of: value))
  }

  /// Whether values of `type` may differ in identity: enums and `Identifiable` types.
  @usableFromInline
  static func exists(for type: Any.Type) -> Bool {
    isEnumType(type) || type is any Identifiable.Type
  }
}

/// Whether two presented values are the same presentation (see ``NavigationIdentity``).
@usableFromInline
func isSamePresentation<Value>(_ lhs: Value, _ rhs: Value) -> Bool {
  NavigationIdentity(of: lhs) == NavigationIdentity(of: rhs)
}

/// The `Identifiable` id of `value`, or `nil`.
func identifiableID(_ value: Any?) -> AnyHashable? {
  func id<Value: Identifiable>(of value: Value) -> AnyHashable { AnyHashable(value.id) }
  guard let value = value as? any Identifiable else { return nil }
  return id(of: value)
}

/// The associated value of an enum value's case, or `nil`.
func payload(of value: Any) -> Any? {
  Mirror(reflecting: value).children.first?.value
}

/// The namespace of the effects of one child of an `ifLet` or `ifCaseLet`: the operator's own
/// namespace, and the child's identity.
@usableFromInline
struct IdentifiedChildID: Hashable, Sendable {
  let namespace: EffectID
  let identity: NavigationIdentity

  @usableFromInline
  init(namespace: EffectID, identity: NavigationIdentity) {
    self.namespace = namespace
    self.identity = identity
  }
}

/// What an `ifLet` or `ifCaseLet` knows of its child before the parent runs: whether it is
/// present and, for a child whose type has an identity, which child it is. Kept instead of the
/// child's state, so that the parent's changes to the child are not made to a copy.
@usableFromInline
struct ChildPresence {
  @usableFromInline let isPresent: Bool
  @usableFromInline let identity: NavigationIdentity?

  @inlinable
  init<ChildState>(_ childState: ChildState?) {
    isPresent = childState != nil
    identity =
      NavigationIdentity.exists(for: ChildState.self)
      ? childState.map(NavigationIdentity.init) : nil
  }

  /// The cancellation of the child's effects when, after the parent ran, it is gone or another
  /// child (of another identity) took its place; `.none` otherwise.
  @inlinable
  func cancellation<ChildState, Action>(after childState: ChildState?, namespace: EffectID)
    -> Effect<Action>
  {
    guard isPresent else { return .none }
    guard let identity else {
      return childState == nil ? ._cancelExactly(id: namespace) : .none
    }
    let identityAfter = childState.map(NavigationIdentity.init)
    guard identityAfter != identity else { return .none }
    return Self.cancelChildren(in: namespace, except: identityAfter)
  }

  /// Cancels the effects of every child of the operator with namespace `namespace` except the
  /// one with identity `kept`.
  ///
  /// NB: every identity, not only the one seen before the parent ran: a child whose own
  /// reducer moved it to another case (an enum that steps through its cases) left effects under
  /// the identities it had. Identities change rarely, so the scan of the ids costs little.
  @usableFromInline
  static func cancelChildren<Action>(in namespace: EffectID, except kept: NavigationIdentity?)
    -> Effect<Action>
  {
    Effect(
      .cancelMatching { id in
        guard let child = id.base as? IdentifiedChildID, child.namespace == namespace else {
          return false
        }
        return child.identity != kept
      })
  }
}

/// The namespace of the effects of an `ifLet`'s or `ifCaseLet`'s child with state `childState`:
/// the operator's namespace, with the child's identity where its type has one.
@inlinable
func childNamespace<ChildState>(of childState: ChildState, in namespace: EffectID) -> EffectID {
  guard NavigationIdentity.exists(for: ChildState.self) else { return namespace }
  return EffectID(
    IdentifiedChildID(namespace: namespace, identity: NavigationIdentity(of: childState)))
}
