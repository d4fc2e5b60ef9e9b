#if canImport(ObjectiveC)
  import ObjectiveC

  extension NSObject {
    /// Runs `apply` now, and again whenever something it read from a store changes: the
    /// module's ``observe(_:)``, as a member so that it is found inside a view controller, where
    /// `NSObject`'s own `observe` would otherwise hide the free function.
    ///
    /// ```swift
    /// override func viewDidLoad() {
    ///   super.viewDidLoad()
    ///   observe { [weak self] in
    ///     guard let self else { return }
    ///     countLabel.text = "\(store.count)"
    ///   }
    ///   .store(in: &tokens)
    /// }
    /// ```
    ///
    /// - Parameter apply: Reads what it shows and shows it.
    /// - Returns: A token; cancelling or releasing it stops the updates.
    @MainActor
    @discardableResult
    public func observe(_ apply: @escaping @MainActor () -> Void) -> ObserveToken {
      ComposableCore.observe(apply)
    }
  }
#endif
