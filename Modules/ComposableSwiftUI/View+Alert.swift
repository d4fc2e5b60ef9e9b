#if canImport(SwiftUI)
  import ComposableCore
  import SwiftUI

  extension View {
    /// Presents the alert of a store of `AlertState`: shown while the binding holds a store,
    /// each button sending its action through that store.
    ///
    /// Present the alert from the reducer (`state.alert = AlertState { … }`, integrated with
    /// `ifLet(\.$alert, action: \.alert)`), and bind it here; a button's action reaches the parent
    /// as `.alert(.presented(action))`, and dismissing the alert any other way sends
    /// `.alert(.dismiss)`.
    ///
    /// ```swift
    /// Form { … }
    ///   .alert($store.scope(state: \.alert, action: \.alert))
    /// ```
    ///
    /// - Parameter item: A binding to the alert's store, from `$store.scope(state:action:)`.
    /// - Returns: The view, presenting the alert.
    @MainActor
    public func alert<Action>(_ item: Binding<Store<AlertState<Action>, Action>?>) -> some View {
      let store = item.wrappedValue
      let alert = store?.withState { $0 }
      return self.alert(
        Text(verbatim: alert?.title.string ?? ""),
        isPresented: item[dynamicMember: \.isPresented],
        presenting: alert,
        actions: { alert in
          ForEach(alert.buttons) { button in
            StoreButton(store: store, button: button)
          }
        },
        message: { alert in
          if let message = alert.message {
            Text(verbatim: message.string)
          }
        }
      )
    }

    /// Presents the confirmation dialog of a store of `ConfirmationDialogState`: shown while the
    /// binding holds a store, each button sending its action through that store.
    ///
    /// ```swift
    /// List { … }
    ///   .confirmationDialog($store.scope(state: \.dialog, action: \.dialog))
    /// ```
    ///
    /// - Parameter item: A binding to the dialog's store, from `$store.scope(state:action:)`.
    /// - Returns: The view, presenting the dialog.
    @MainActor
    public func confirmationDialog<Action>(
      _ item: Binding<Store<ConfirmationDialogState<Action>, Action>?>
    ) -> some View {
      let store = item.wrappedValue
      let dialog = store?.withState { $0 }
      return self.confirmationDialog(
        Text(verbatim: dialog?.title.string ?? ""),
        isPresented: item[dynamicMember: \.isPresented],
        titleVisibility: Visibility(dialog?.titleVisibility ?? .automatic),
        presenting: dialog,
        actions: { dialog in
          ForEach(dialog.buttons) { button in
            StoreButton(store: store, button: button)
          }
        },
        message: { dialog in
          if let message = dialog.message {
            Text(verbatim: message.string)
          }
        }
      )
    }
  }

  /// A button of an alert or a dialog, sending its action through the presented store.
  private struct StoreButton<State, Action: Sendable>: View {
    let store: Store<State, Action>?
    let button: ButtonState<Action>

    var body: some View {
      Button(role: button.role.map(ButtonRole.init)) {
        button.withAction { action in
          if let action { store?.send(action) }
        }
      } label: {
        Text(verbatim: button.label.string)
      }
    }
  }

  extension ButtonRole {
    /// The SwiftUI role of a button of an alert or a dialog.
    fileprivate init(_ role: ButtonStateRole) {
      switch role {
      case .cancel: self = .cancel
      case .destructive: self = .destructive
      }
    }
  }

  extension Visibility {
    /// The SwiftUI visibility of a dialog's title.
    fileprivate init(_ visibility: ConfirmationDialogStateTitleVisibility) {
      switch visibility {
      case .automatic: self = .automatic
      case .hidden: self = .hidden
      case .visible: self = .visible
      }
    }
  }

  extension Optional {
    /// Whether a value is present; writing `false` writes `nil`, as an alert's `isPresented`
    /// binding does when the alert goes away.
    fileprivate var isPresented: Bool {
      get { self != nil }
      set { if !newValue { self = nil } }
    }
  }
#endif
