#if canImport(SwiftUI)
  import ComposableCore
  import SwiftUI

  // NB: every binding here is SwiftUI's own key-path projection (`Bindable`'s or `Binding`'s
  // `subscript(dynamicMember:)`) into a subscript of `Store` that `ComposableCore` defines and
  // tests on every platform; this file only names them as the reference library does.

  extension Bindable {
    /// A binding to a presented child's store, for `sheet(item:)`, `fullScreenCover(item:)`,
    /// `popover(item:)`, `navigationDestination(item:)` or `alert(_:)`.
    ///
    /// The binding reads the child's store (`nil` when nothing is presented); when SwiftUI
    /// writes `nil` (the user swiped the sheet away), it sends `.dismiss` in `action`, so the
    /// child is dismissed in the reducer, by `ifLet`. If the parent had meanwhile presented
    /// another child, the write is ignored.
    ///
    /// ```swift
    /// struct InventoryView: View {
    ///   @Bindable var store: StoreOf<Inventory>
    ///
    ///   var body: some View {
    ///     List { … }
    ///       .sheet(item: $store.scope(state: \.addItem, action: \.addItem)) { store in
    ///         ItemFormView(store: store)
    ///       }
    ///   }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - state: The child's optional state.
    ///   - action: The action case of the child's `PresentationAction`s.
    ///   - fileID: The file ID of the caller, for the issue reported when dismissing fails.
    ///   - filePath: The file path of the caller.
    ///   - line: The line of the caller.
    ///   - column: The column of the caller.
    /// - Returns: A binding to the child's store, or to `nil`.
    @MainActor
    public func scope<State, Action, ChildState, ChildAction>(
      state: KeyPath<State, ChildState?>,
      action: CaseKeyPath<Action, PresentationAction<ChildAction>>,
      fileID: StaticString = #fileID,
      filePath: StaticString = #filePath,
      line: UInt = #line,
      column: UInt = #column
    ) -> Binding<Store<ChildState, ChildAction>?> where Value == Store<State, Action> {
      self[
        dynamicMember: wrappedValue.presentationKeyPath(
          state: state, action: action,
          location: BindingSourceLocation(
            fileID: fileID, filePath: filePath, line: line, column: column))
      ]
    }

    /// A binding to the store of a child presented with `@Presents`, named by its projected
    /// value (`\.$child`); see `scope(state:action:fileID:filePath:line:column:)`.
    ///
    /// ```swift
    /// .sheet(item: $store.scope(state: \.$addItem, action: \.addItem)) { ItemFormView(store: $0) }
    /// ```
    ///
    /// - Parameters:
    ///   - state: The child's presentation state.
    ///   - action: The action case of the child's `PresentationAction`s.
    ///   - fileID: The file ID of the caller, for the issue reported when dismissing fails.
    ///   - filePath: The file path of the caller.
    ///   - line: The line of the caller.
    ///   - column: The column of the caller.
    /// - Returns: A binding to the child's store, or to `nil`.
    @MainActor
    public func scope<State, Action, ChildState, ChildAction>(
      state: KeyPath<State, PresentationState<ChildState>>,
      action: CaseKeyPath<Action, PresentationAction<ChildAction>>,
      fileID: StaticString = #fileID,
      filePath: StaticString = #filePath,
      line: UInt = #line,
      column: UInt = #column
    ) -> Binding<Store<ChildState, ChildAction>?> where Value == Store<State, Action> {
      self[
        dynamicMember: wrappedValue.presentationKeyPath(
          state: state, action: action,
          location: BindingSourceLocation(
            fileID: fileID, filePath: filePath, line: line, column: column))
      ]
    }

    /// Not available: the reference's spelling for one case of an enum destination,
    /// `$store.scope(state: \.destination?.edit, action: \.destination.edit)`, whose action key
    /// path here names the child's actions rather than their presentation, so writing `nil`
    /// could not dismiss the child. The compiler's message gives the spelling to use instead.
    ///
    /// ```swift
    /// .sheet(
    ///   item: $store.scope(state: \.destination, action: \.destination)
    ///     .scope(state: \.edit, action: \.edit)
    /// ) { EditView(store: $0) }
    /// ```
    ///
    /// - Parameters:
    ///   - state: The child's optional state.
    ///   - action: The child's actions.
    /// - Returns: Nothing: calling it does not compile.
    @available(
      *, unavailable,
      message:
        "'\\.destination.edit' names the child's actions, not their presentation, so SwiftUI could not dismiss the child: write '$store.scope(state: \\.destination, action: \\.destination).scope(state: \\.edit, action: \\.edit)'"
    )
    @MainActor
    public func scope<State, Action, ChildState, ChildAction>(
      state: KeyPath<State, ChildState?>,
      action: CaseKeyPath<Action, ChildAction>
    ) -> Binding<Store<ChildState, ChildAction>?> where Value == Store<State, Action> {
      fatalError()
    }

    /// A binding to the store of a stack, for
    /// `NavigationStack(path:root:destination:)`.
    ///
    /// ```swift
    /// NavigationStack(path: $store.scope(state: \.path, action: \.path)) {
    ///   FeedView(store: store.scope(state: \.feed, action: \.feed))
    /// } destination: { store in
    ///   ItemDetailView(store: store)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - state: The stack.
    ///   - action: The action case of the stack's actions.
    /// - Returns: A binding to the stack's store (writing it does nothing).
    @MainActor
    public func scope<State, Action, ElementState, ElementAction>(
      state: KeyPath<State, StackState<ElementState>>,
      action: CaseKeyPath<Action, StackAction<ElementState, ElementAction>>
    ) -> Binding<Store<StackState<ElementState>, StackAction<ElementState, ElementAction>>>
    where Value == Store<State, Action> {
      self[dynamicMember: wrappedValue.stackKeyPath(state: state, action: action)]
    }
  }

  extension Binding {
    /// A binding to a presented child's store, from a binding to the parent's store; see
    /// `Bindable.scope(state:action:fileID:filePath:line:column:)`.
    ///
    /// ```swift
    /// .sheet(item: $store.scope(state: \.addItem, action: \.addItem)) { ItemFormView(store: $0) }
    /// ```
    ///
    /// - Parameters:
    ///   - state: The child's optional state.
    ///   - action: The action case of the child's `PresentationAction`s.
    ///   - fileID: The file ID of the caller, for the issue reported when dismissing fails.
    ///   - filePath: The file path of the caller.
    ///   - line: The line of the caller.
    ///   - column: The column of the caller.
    /// - Returns: A binding to the child's store, or to `nil`.
    @MainActor
    public func scope<State, Action, ChildState, ChildAction>(
      state: KeyPath<State, ChildState?>,
      action: CaseKeyPath<Action, PresentationAction<ChildAction>>,
      fileID: StaticString = #fileID,
      filePath: StaticString = #filePath,
      line: UInt = #line,
      column: UInt = #column
    ) -> Binding<Store<ChildState, ChildAction>?> where Value == Store<State, Action> {
      self[
        dynamicMember: wrappedValue.presentationKeyPath(
          state: state, action: action,
          location: BindingSourceLocation(
            fileID: fileID, filePath: filePath, line: line, column: column))
      ]
    }

    /// A binding to the store of a child presented with `@Presents` (`\.$child`), from a binding
    /// to the parent's store.
    ///
    /// ```swift
    /// .sheet(item: $store.scope(state: \.$addItem, action: \.addItem)) { ItemFormView(store: $0) }
    /// ```
    ///
    /// - Parameters:
    ///   - state: The child's presentation state.
    ///   - action: The action case of the child's `PresentationAction`s.
    ///   - fileID: The file ID of the caller, for the issue reported when dismissing fails.
    ///   - filePath: The file path of the caller.
    ///   - line: The line of the caller.
    ///   - column: The column of the caller.
    /// - Returns: A binding to the child's store, or to `nil`.
    @MainActor
    public func scope<State, Action, ChildState, ChildAction>(
      state: KeyPath<State, PresentationState<ChildState>>,
      action: CaseKeyPath<Action, PresentationAction<ChildAction>>,
      fileID: StaticString = #fileID,
      filePath: StaticString = #filePath,
      line: UInt = #line,
      column: UInt = #column
    ) -> Binding<Store<ChildState, ChildAction>?> where Value == Store<State, Action> {
      self[
        dynamicMember: wrappedValue.presentationKeyPath(
          state: state, action: action,
          location: BindingSourceLocation(
            fileID: fileID, filePath: filePath, line: line, column: column))
      ]
    }

    /// Not available: the reference's spelling for one case of an enum destination,
    /// `$store.scope(state: \.destination?.edit, action: \.destination.edit)`, whose action key
    /// path here names the child's actions rather than their presentation, so writing `nil`
    /// could not dismiss the child. The compiler's message gives the spelling to use instead.
    ///
    /// ```swift
    /// .sheet(
    ///   item: $store.scope(state: \.destination, action: \.destination)
    ///     .scope(state: \.edit, action: \.edit)
    /// ) { EditView(store: $0) }
    /// ```
    ///
    /// - Parameters:
    ///   - state: The child's optional state.
    ///   - action: The child's actions.
    /// - Returns: Nothing: calling it does not compile.
    @available(
      *, unavailable,
      message:
        "'\\.destination.edit' names the child's actions, not their presentation, so SwiftUI could not dismiss the child: write '$store.scope(state: \\.destination, action: \\.destination).scope(state: \\.edit, action: \\.edit)'"
    )
    @MainActor
    public func scope<State, Action, ChildState, ChildAction>(
      state: KeyPath<State, ChildState?>,
      action: CaseKeyPath<Action, ChildAction>
    ) -> Binding<Store<ChildState, ChildAction>?> where Value == Store<State, Action> {
      fatalError()
    }

    /// A binding to the store of a stack, from a binding to the parent's store.
    ///
    /// ```swift
    /// NavigationStack(path: $store.scope(state: \.path, action: \.path)) { … } destination: { … }
    /// ```
    ///
    /// - Parameters:
    ///   - state: The stack.
    ///   - action: The action case of the stack's actions.
    /// - Returns: A binding to the stack's store (writing it does nothing).
    @MainActor
    public func scope<State, Action, ElementState, ElementAction>(
      state: KeyPath<State, StackState<ElementState>>,
      action: CaseKeyPath<Action, StackAction<ElementState, ElementAction>>
    ) -> Binding<Store<StackState<ElementState>, StackAction<ElementState, ElementAction>>>
    where Value == Store<State, Action> {
      self[dynamicMember: wrappedValue.stackKeyPath(state: state, action: action)]
    }

    /// A binding to one case of a presented enum destination, from the binding to the
    /// destination's store: `nil` when the destination is absent or in another case; writing
    /// `nil` dismisses the destination.
    ///
    /// ```swift
    /// .sheet(
    ///   item: $store.scope(state: \.destination, action: \.destination)
    ///     .scope(state: \.edit, action: \.edit)
    /// ) { store in
    ///   EditView(store: store)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - state: The destination state's case.
    ///   - action: The destination action's case.
    /// - Returns: A binding to the case's store, or to `nil`.
    @MainActor
    public func scope<DestinationState, DestinationAction, ChildState, ChildAction>(
      state: CaseKeyPath<DestinationState, ChildState>,
      action: CaseKeyPath<DestinationAction, ChildAction>
    ) -> Binding<Store<ChildState, ChildAction>?>
    where Value == Store<DestinationState, DestinationAction>? {
      self[
        dynamicMember: \Store<DestinationState, DestinationAction>?.[case: state, action: action]
      ]
    }
  }
#endif
