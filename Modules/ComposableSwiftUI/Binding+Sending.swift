#if canImport(SwiftUI)
  import ComposableCore
  import SwiftUI

  extension Bindable {
    /// A member of the store's state, on its way to a binding that sends an action:
    /// `$store.name.sending(\.nameChanged)`.
    ///
    /// For a feature whose action is not a `BindableAction`, `$store.name` is not a binding (the
    /// store's `name` is read-only); this names the value, and `sending(_:)` says which action
    /// carries a new one. A `BindableAction` feature's `$store.name` is a plain `Binding` already,
    /// which wins over this one.
    ///
    /// ```swift
    /// TextField("Name", text: $store.name.sending(\.nameChanged))
    /// ```
    ///
    /// - Parameter keyPath: The member of the state.
    @_disfavoredOverload
    @MainActor
    public subscript<State, Action, Member>(
      dynamicMember keyPath: KeyPath<State, Member>
    ) -> _StoreBindableMember<State, Action, Member> where Value == Store<State, Action> {
      _StoreBindableMember(bindable: self, keyPath: keyPath)
    }
  }

  extension Binding {
    /// A member of the bound store's state, on its way to a binding that sends an action; see
    /// `Bindable.subscript(dynamicMember:)`.
    ///
    /// ```swift
    /// TextField("Name", text: $store.name.sending(\.nameChanged))
    /// ```
    ///
    /// - Parameter keyPath: The member of the state.
    @_disfavoredOverload
    @MainActor
    public subscript<State, Action, Member>(
      dynamicMember keyPath: KeyPath<State, Member>
    ) -> _StoreBindingMember<State, Action, Member> where Value == Store<State, Action> {
      _StoreBindingMember(binding: self, keyPath: keyPath)
    }
  }

  /// A member of a store's state reached through `@Bindable var store` (`$store.name`), to be
  /// turned into a binding with ``sending(_:)``.
  ///
  /// ```swift
  /// Toggle("Notifications", isOn: $store.settings.notifications.sending(\.notificationsToggled))
  /// ```
  @MainActor
  @dynamicMemberLookup
  public struct _StoreBindableMember<State, Action: Sendable, Value> {
    let bindable: Bindable<Store<State, Action>>
    let keyPath: KeyPath<State, Value>

    /// A member of this member: `$store.settings.notifications`.
    ///
    /// ```swift
    /// $store.settings.notifications
    /// ```
    ///
    /// - Parameter keyPath: The member.
    public subscript<Member>(
      dynamicMember keyPath: KeyPath<Value, Member>
    ) -> _StoreBindableMember<State, Action, Member> {
      _StoreBindableMember<State, Action, Member>(
        bindable: bindable, keyPath: self.keyPath.appending(path: keyPath))
    }

    /// A binding that reads the member and sends each new value as `action`.
    ///
    /// ```swift
    /// TextField("Name", text: $store.name.sending(\.nameChanged))
    /// ```
    ///
    /// - Parameter action: The action case a new value is sent in.
    /// - Returns: The binding.
    public func sending(_ action: CaseKeyPath<Action, Value>) -> Binding<Value> {
      bindable[
        dynamicMember: bindable.wrappedValue.sendingKeyPath(state: keyPath, action: action)
      ]
    }
  }

  /// A member of a bound store's state (`$store.name` where `store` is a `@Binding` or a
  /// `@State`), to be turned into a binding with ``sending(_:)``.
  ///
  /// ```swift
  /// TextField("Name", text: $store.name.sending(\.nameChanged))
  /// ```
  @MainActor
  @dynamicMemberLookup
  public struct _StoreBindingMember<State, Action: Sendable, Value> {
    let binding: Binding<Store<State, Action>>
    let keyPath: KeyPath<State, Value>

    /// A member of this member: `$store.settings.notifications`.
    ///
    /// ```swift
    /// $store.settings.notifications
    /// ```
    ///
    /// - Parameter keyPath: The member.
    public subscript<Member>(
      dynamicMember keyPath: KeyPath<Value, Member>
    ) -> _StoreBindingMember<State, Action, Member> {
      _StoreBindingMember<State, Action, Member>(
        binding: binding, keyPath: self.keyPath.appending(path: keyPath))
    }

    /// A binding that reads the member and sends each new value as `action`.
    ///
    /// ```swift
    /// TextField("Name", text: $store.name.sending(\.nameChanged))
    /// ```
    ///
    /// - Parameter action: The action case a new value is sent in.
    /// - Returns: The binding.
    public func sending(_ action: CaseKeyPath<Action, Value>) -> Binding<Value> {
      binding[
        dynamicMember: binding.wrappedValue.sendingKeyPath(state: keyPath, action: action)
      ]
    }
  }
#endif
