import ComposableCustomDump
import ComposableIssueReporting
import Synchronization

/// The state of a feature presented from a parent: `nil` when nothing is presented.
///
/// Declare it with `@Presents` (or `@PresentationState`) in the parent's state, give the parent's
/// action a `PresentationAction` case, and integrate the child with
/// ``Reducer/ifLet(_:action:destination:fileID:filePath:line:column:)-2hcdh``. The projection
/// (`$destination`) is what `ifLet` takes.
///
/// Each value presented has an identity: its `Identifiable` id where it has one, and its case
/// for an enum destination. Assigning a value with another identity presents something new,
/// while assigning one with the same identity, or changing the presented value in place
/// (`state.destination?.edit.title = "x"`), keeps it. When the identity changes or the state
/// becomes `nil`, every effect the previous child started is cancelled. Equality, hashing,
/// coding and dumps see the wrapped value only.
///
/// ```swift
/// struct State: Equatable {
///   @Presents var destination: Destination.State?
///   @Presents var alert: AlertState<Action.Alert>?
/// }
/// ```
@propertyWrapper
public struct PresentationState<State> {
  /// The presented value, boxed as the reference boxes it: a feature can present itself
  /// (`@Presents var child: State?`), and two copies that share the box are equal at once.
  @usableFromInline var storage: PresentationStorage<State>
  /// The identity of what is presented, `0` when nothing is.
  @usableFromInline var presentedID: Int
  /// The identity `ifLet` saw presented when it last ran, so that it notices a child another
  /// reducer removed or replaced in between, and cancels that child's effects.
  @usableFromInline var mountedID = 0

  /// The presented value, copied out of a shared box before it is changed.
  @usableFromInline var value: State? {
    @inlinable get { storage.value }
    @inlinable set {
      if isKnownUniquelyReferenced(&storage) {
        storage.value = newValue
      } else {
        storage = PresentationStorage(newValue)
      }
    }
    @inlinable _modify {
      if !isKnownUniquelyReferenced(&storage) { storage = PresentationStorage(storage.value) }
      yield &storage.value
    }
  }

  /// Wraps a value to present, or `nil`.
  ///
  /// ```swift
  /// @Presents var destination: Destination.State? = nil
  /// ```
  ///
  /// - Parameter wrappedValue: The presented value, or `nil`.
  @inlinable
  public init(wrappedValue: State?) {
    self.storage = PresentationStorage(wrappedValue)
    self.presentedID = wrappedValue == nil ? 0 : PresentationIdentity.next()
  }

  /// The presented value, or `nil`.
  ///
  /// Setting a value whose identity differs presents something new, and the previous child's
  /// effects are cancelled; setting one with the same identity, or mutating it in place, keeps
  /// the child and its effects. The identity is the `Identifiable` id where the value has one
  /// (or its enum case's payload has one), and the enum case for an enum destination.
  ///
  /// ```swift
  /// state.destination = .edit(EditFeature.State())
  /// state.destination?.edit.title = "New title"
  /// ```
  public var wrappedValue: State? {
    @inlinable get { value }
    @inlinable set {
      // NB: a value with the same identity (see `isSamePresentation`) keeps the child and its
      // effects, as the reference's navigation ids do.
      if let newValue, let value, isSamePresentation(value, newValue) {
        self.value = newValue
        return
      }
      value = newValue
      presentedID = newValue == nil ? 0 : PresentationIdentity.next()
    }
    @inlinable _modify {
      let wasPresented = value != nil
      yield &value
      if value == nil {
        presentedID = 0
      } else if !wasPresented {
        presentedID = PresentationIdentity.next()
      }
    }
  }

  /// The wrapper itself, which `ifLet` uses to integrate the presented feature.
  ///
  /// ```swift
  /// .ifLet(\.$destination, action: \.destination) { Destination() }
  /// ```
  public var projectedValue: Self {
    @inlinable get { self }
    @inlinable set { self = newValue }
    @inlinable _modify { yield &self }
  }

  /// The presented value as one case of an enum destination, or `nil`.
  ///
  /// Changing the case's payload keeps what is presented (and its effects); setting `nil`
  /// dismisses it. Writing through a case that is not the one presented (or while nothing is)
  /// reports `Can't modify unrelated case "…"` and changes nothing.
  ///
  /// ```swift
  /// state.$destination[case: \.edit]?.title = "New title"
  /// state.$destination[case: \.edit] = nil  // dismisses
  /// ```
  ///
  /// - Parameter keyPath: The case.
  public subscript<Case>(case keyPath: CaseKeyPath<State, Case>) -> Case? {
    get { value.flatMap(keyPath.casePath().extract) }
    set {
      let casePath = keyPath.casePath()
      guard let value, casePath.extract(value) != nil else {
        return reportUnrelatedCase(value)
      }
      setCase(newValue, casePath)
    }
    _modify {
      let casePath = keyPath.casePath()
      var payload = value.flatMap(casePath.extract)
      let isCurrentCase = payload != nil
      yield &payload
      guard isCurrentCase else { return reportUnrelatedCase(value) }
      setCase(payload, casePath)
    }
  }

  /// Replaces the presented case's payload (keeping what is presented) or dismisses.
  private mutating func setCase<Case>(_ payload: Case?, _ casePath: CasePath<State, Case>) {
    guard let payload else {
      wrappedValue = nil
      return
    }
    // NB: a change of the case's payload keeps the identity, as an in-place mutation does.
    value = casePath.embed(payload)
  }
}

/// Reports a write through a case of an enum that is not the case `value` is in.
func reportUnrelatedCase(_ value: Any?) {
  let name = value.flatMap { enumCaseName(of: $0) }
  reportIssue("Can't modify unrelated case\(name.map { " \($0.debugDescription)" } ?? "")")
}

extension PresentationState {
  /// Where a `@Presents` property is stored in `Root`: the offset of its storage `_x` when
  /// `keyPath` (its projection `\.$x`, or `\.child.$x`) forwards to it, found once per key path.
  @usableFromInline
  static func storedOffset<Root>(of keyPath: WritableKeyPath<Root, Self>, in root: Root) -> Int? {
    StoredOffsets.offset(of: keyPath, in: root) { \.presentedID }
  }
}

/// The box of a presented value.
@usableFromInline
final class PresentationStorage<State> {
  @usableFromInline var value: State?

  @usableFromInline
  init(_ value: State?) {
    self.value = value
  }
}

// NB: `@unchecked Sendable` is sound because a box is only mutated through a
// `PresentationState` that holds the only reference to it (copy on write), and the value it
// holds is `Sendable`.
extension PresentationStorage: @unchecked Sendable where State: Sendable {}

/// Hands out the identities of presented values.
@usableFromInline
enum PresentationIdentity {
  private static let counter = Atomic(0)

  /// A new identity, never `0`.
  @usableFromInline
  static func next() -> Int {
    counter.add(1, ordering: .relaxed).newValue
  }
}

/// The `@Presents` spelling of ``PresentationState``.
///
/// ```swift
/// @Presents var alert: AlertState<Action.Alert>?
/// ```
public typealias Presents = PresentationState

extension PresentationState: Equatable where State: Equatable {
  /// Whether both present equal values (or both present nothing); identities are not compared.
  ///
  /// Two copies of one value share its storage and are equal without comparing the values.
  ///
  /// ```swift
  /// PresentationState(wrappedValue: 1) == PresentationState(wrappedValue: 1)  // true
  /// ```
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.storage === rhs.storage || lhs.value == rhs.value
  }
}

extension PresentationState: Hashable where State: Hashable {
  /// Hashes the presented value.
  ///
  /// ```swift
  /// var hasher = Hasher()
  /// PresentationState(wrappedValue: 1).hash(into: &hasher)
  /// ```
  public func hash(into hasher: inout Hasher) {
    hasher.combine(value)
  }
}

extension PresentationState: Sendable where State: Sendable {}

extension PresentationState: Decodable where State: Decodable {
  /// Decodes the presented value (or `nil`), which gets a new identity.
  ///
  /// ```swift
  /// let state = try JSONDecoder().decode(Parent.State.self, from: data)
  /// ```
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: What decoding the value throws.
  public init(from decoder: any Decoder) throws {
    self.init(wrappedValue: try State?(from: decoder))
  }
}

extension PresentationState: Encodable where State: Encodable {
  /// Encodes the presented value, or `nil`.
  ///
  /// ```swift
  /// let data = try JSONEncoder().encode(state)
  /// ```
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: What encoding the value throws.
  public func encode(to encoder: any Encoder) throws {
    try value.encode(to: encoder)
  }
}

extension PresentationState: CustomReflectable {
  /// Reflects as the presented value, so dumps and diffs show it (or `nil`).
  ///
  /// ```swift
  /// customDump(state)  // destination: .edit(…), not PresentationState(…)
  /// ```
  public var customMirror: Mirror {
    Mirror(reflecting: value as Any)
  }
}
