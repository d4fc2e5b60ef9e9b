import ComposableCustomDump
import ComposableDependencies
import Synchronization

/// The identity of an element of a ``StackState``: stable while the element is in the stack.
///
/// Ids come from the `stackElementID` dependency. A `TestStore` gives its stack elements the ids
/// 0, 1, 2… in the order they are pushed, so tests can name them with integer literals:
/// `\.path[id: 0]`, `.popFrom(id: 1)`.
///
/// ```swift
/// await store.send(\.path[id: 0].detail.saveButtonTapped)
/// ```
public struct StackElementID: Hashable, Sendable, Comparable, ExpressibleByIntegerLiteral {
  /// The id's number.
  public let rawValue: Int

  /// An id from its number.
  ///
  /// ```swift
  /// let id = StackElementID(rawValue: 3)
  /// ```
  ///
  /// - Parameter rawValue: The number.
  public init(rawValue: Int) {
    self.rawValue = rawValue
  }

  /// An id from its generation: the number of ids the store's generator handed out before it.
  ///
  /// ```swift
  /// let id = StackElementID(generation: 3)
  /// ```
  ///
  /// - Parameter generation: The number.
  public init(generation: Int) {
    self.rawValue = generation
  }

  /// The id's generation: ids are handed out in increasing generations (0, 1, 2…), and never
  /// reused, even after the elements that had them are popped.
  ///
  /// ```swift
  /// StackElementID(integerLiteral: 3).generation  // 3
  /// ```
  public var generation: Int { rawValue }

  /// An id from an integer literal, as tests write them.
  ///
  /// ```swift
  /// let id: StackElementID = 0
  /// ```
  ///
  /// - Parameter value: The number.
  public init(integerLiteral value: Int) {
    self.rawValue = value
  }

  /// Orders ids by number: the order elements were pushed in.
  ///
  /// ```swift
  /// StackElementID(rawValue: 0) < 1  // true
  /// ```
  public static func < (lhs: Self, rhs: Self) -> Bool {
    lhs.rawValue < rhs.rawValue
  }
}

extension StackElementID: CustomStringConvertible, CustomDumpStringConvertible {
  /// `#` and the number: `#3`.
  ///
  /// ```swift
  /// print(StackElementID(rawValue: 3))  // #3
  /// ```
  public var description: String { "#\(rawValue)" }

  /// `#` and the number, in dumps and diffs.
  ///
  /// ```swift
  /// customDump(StackElementID(rawValue: 3))  // #3
  /// ```
  public var customDumpDescription: String { description }
}

/// Hands out ``StackElementID``s.
///
/// The app and each test (and each `TestStore`) get their own counter, starting at 0.
///
/// ```swift
/// let generator = StackElementIDGenerator.incrementing
/// generator.next()  // #0
/// generator.next()  // #1
/// ```
public struct StackElementIDGenerator: Sendable {
  private let counter: StackElementIDCounter

  private init(counter: StackElementIDCounter) {
    self.counter = counter
  }

  /// A new generator whose first id is 0.
  ///
  /// ```swift
  /// $0.stackElementID = .incrementing
  /// ```
  public static var incrementing: Self {
    Self(counter: StackElementIDCounter(0))
  }

  /// The next id, which is then used up.
  ///
  /// ```swift
  /// let id = generator.next()
  /// ```
  ///
  /// - Returns: The id.
  public func next() -> StackElementID {
    StackElementID(
      rawValue: counter.value.withLock { value in
        defer { value += 1 }
        return value
      })
  }

  /// The id ``next()`` returns next, without using it up.
  ///
  /// ```swift
  /// let upcoming = generator.peek()
  /// ```
  ///
  /// - Returns: The id.
  public func peek() -> StackElementID {
    StackElementID(rawValue: counter.value.withLock { $0 })
  }

  /// Makes sure ``next()`` never hands out `id` or an id below it, so an element pushed with `id`
  /// is not overwritten by a later push: the live counterpart of the reference's random ids.
  package func skip(past id: StackElementID) {
    counter.value.withLock { if $0 <= id.rawValue { $0 = id.rawValue + 1 } }
  }

  /// A separate generator that starts where `id` is: test stores hand one to each assertion
  /// closure, so an element it pushes gets the id the reducer's push got.
  package func copy(startingAt id: StackElementID) -> Self {
    Self(counter: StackElementIDCounter(id.rawValue))
  }
}

/// The counter shared by the copies of a generator.
///
/// NB: a lock rather than an atomic and a compare-exchange loop, which gained nothing measurable
/// (`navigation.pushPop` 1915-1918 ns atomic, 1899-1913 ns locked).
private final class StackElementIDCounter: Sendable {
  let value: Mutex<Int>

  init(_ start: Int) {
    value = Mutex(start)
  }
}

private enum StackElementIDGeneratorKey: DependencyKey {
  static var liveValue: StackElementIDGenerator { .incrementing }
  static var testValue: StackElementIDGenerator { .incrementing }
}

extension DependencyValues {
  /// Gives the elements pushed on a ``StackState`` their ids.
  ///
  /// ```swift
  /// withDependencies { $0.stackElementID = .incrementing } operation: { … }
  /// ```
  public var stackElementID: StackElementIDGenerator {
    get { self[StackElementIDGeneratorKey.self] }
    set { self[StackElementIDGeneratorKey.self] = newValue }
  }
}
