import ComposableIdentifiedCollections

extension Shared {
  /// A shared part of the value: reading it reads the whole, mutating it mutates the whole.
  ///
  /// You don't call it: Swift does, for `$value.property` and `$value[subscript]`. Hand the part
  /// to a feature that should see and change only that.
  ///
  /// ```swift
  /// @Shared var signUp: SignUpData
  /// PhoneNumberFeature.State(phoneNumber: $signUp.phoneNumber)  // Shared<String>
  /// $todos[id: todo.id]  // Shared<Todo?>
  /// ```
  ///
  /// - Parameter keyPath: The part, as a writable key path.
  /// - Returns: The part, shared.
  public subscript<Member: Sendable>(
    dynamicMember keyPath: WritableKeyPath<Value, Member> & Sendable
  ) -> Shared<Member> {
    Shared<Member>(
      handle: .derived(SharedKeyPathDerivation(base: handle, writableKeyPath: keyPath)))
  }

  /// A read-only shared part of the value, for a property that cannot be written.
  ///
  /// ```swift
  /// @Shared var todos: [Todo]
  /// $todos.count  // SharedReader<Int>
  /// ```
  ///
  /// - Parameter keyPath: The part, as a key path.
  /// - Returns: The part, shared read-only.
  public subscript<Member: Sendable>(
    dynamicMember keyPath: KeyPath<Value, Member> & Sendable
  ) -> SharedReader<Member> {
    SharedReader(self)[dynamicMember: keyPath]
  }

  /// A read-only shared value computed from this one, which sees every change of it.
  ///
  /// ```swift
  /// let isEmpty = $todos.read { $0.isEmpty }  // SharedReader<Bool>
  /// ```
  ///
  /// - Parameter body: Computes the derived value from the value.
  /// - Returns: The computed value, shared read-only.
  public func read<Member: Sendable>(
    _ body: @escaping @Sendable (Value) -> Member
  ) -> SharedReader<Member> {
    SharedReader(self).read(body)
  }

  /// Unwraps a shared optional: `nil` when it holds nothing.
  ///
  /// The unwrapped value reads and writes the optional's. Should the optional become `nil`
  /// later, it keeps the last value it saw, so a feature holding it goes on working while it is
  /// dismissed.
  ///
  /// ```swift
  /// @Shared(.currentUser) var currentUser: User?
  /// if let user = Shared($currentUser) {
  ///   ProfileFeature.State(user: user)  // Shared<User>
  /// }
  /// ```
  ///
  /// - Parameter base: The shared optional.
  public init?(_ base: Shared<Value?>) {
    guard let initialValue = base.wrappedValue else { return nil }
    self.init(
      handle: .derived(SharedOptionalDerivation(base: base.handle, initialValue: initialValue)))
  }
}

extension SharedReader {
  /// A read-only shared part of the value.
  ///
  /// You don't call it: Swift does, for `$value.property`.
  ///
  /// ```swift
  /// @SharedReader var settings: Settings
  /// $settings.theme  // SharedReader<Theme>
  /// ```
  ///
  /// - Parameter keyPath: The part, as a key path.
  /// - Returns: The part, shared read-only.
  public subscript<Member: Sendable>(
    dynamicMember keyPath: KeyPath<Value, Member> & Sendable
  ) -> SharedReader<Member> {
    SharedReader<Member>(
      handle: .derived(SharedKeyPathDerivation(base: handle, keyPath: keyPath)))
  }

  /// A read-only shared value computed from this one, which sees every change of it.
  ///
  /// ```swift
  /// let count = $todos.read { $0.filter(\.isComplete).count }  // SharedReader<Int>
  /// ```
  ///
  /// - Parameter body: Computes the derived value from the value.
  /// - Returns: The computed value, shared read-only.
  public func read<Member: Sendable>(
    _ body: @escaping @Sendable (Value) -> Member
  ) -> SharedReader<Member> {
    SharedReader<Member>(handle: .derived(SharedClosureDerivation(base: handle, body: body)))
  }

  /// Unwraps a shared optional, read-only: `nil` when it holds nothing.
  ///
  /// ```swift
  /// if let user = SharedReader($currentUser) { show(user) }
  /// ```
  ///
  /// - Parameter base: The shared optional.
  public init?(_ base: Shared<Value?>) {
    self.init(SharedReader<Value?>(base))
  }

  /// Unwraps a read-only shared optional: `nil` when it holds nothing.
  ///
  /// ```swift
  /// if let banner = SharedReader($banner) { show(banner) }
  /// ```
  ///
  /// - Parameter base: The shared optional.
  public init?(_ base: SharedReader<Value?>) {
    guard let initialValue = base.wrappedValue else { return nil }
    self.init(
      handle: .derived(SharedOptionalDerivation(base: base.handle, initialValue: initialValue)))
  }
}

extension RangeReplaceableCollection {
  /// The elements of a shared identified array, each shared: mutating one mutates the array.
  ///
  /// ```swift
  /// @Shared var todos: IdentifiedArrayOf<Todo>
  /// for todo in Array($todos) {
  ///   TodoFeature.State(todo: todo)  // Shared<Todo>
  /// }
  /// ```
  ///
  /// - Parameter shared: The shared identified array.
  public init<ID: Hashable & Sendable, Member: Sendable>(
    _ shared: Shared<IdentifiedArray<ID, Member>>
  ) where Element == Shared<Member> {
    self.init()
    for id in shared.wrappedValue.ids {
      // NB: the element exists, as its id was just read from the array.
      append(Shared(shared[id: id])!)
    }
  }

  /// The elements of a read-only shared identified array, each shared read-only.
  ///
  /// ```swift
  /// let rows = Array($todos)  // [SharedReader<Todo>]
  /// ```
  ///
  /// - Parameter shared: The shared identified array.
  public init<ID: Hashable & Sendable, Member: Sendable>(
    _ shared: SharedReader<IdentifiedArray<ID, Member>>
  ) where Element == SharedReader<Member> {
    self.init()
    for id in shared.wrappedValue.ids {
      // NB: the element exists, as its id was just read from the array.
      append(SharedReader(shared[dynamicMember: \.[id: id]])!)
    }
  }
}
