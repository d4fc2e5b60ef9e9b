import ComposableCustomDump
import ComposableIdentifiedCollections

// How the kit's own types are written as Swift code by `SwiftCodeWriter`: as the calls a person
// would write, rather than as their storage.

extension BindingAction: CustomSwiftCodeConvertible {
  /// `.set(\.field, value)`.
  public func swiftCode(using writer: SwiftCodeWriter) throws(SwiftCodeError) -> String {
    guard let path = Self.propertyPath(of: keyPath) else {
      throw SwiftCodeError(
        typeName: "BindingAction<\(Root.self)>",
        reason: "the key path \(keyPath) has no name that code can spell.")
    }
    return ".set(\\.\(path), \(try writer.code(for: value)))"
  }

  /// The properties a key path goes through (`email`, `form.email`), read from its
  /// description (`\Login.State.email`), or `nil` when it goes through something else.
  static func propertyPath(of keyPath: AnyKeyPath) -> String? {
    let description = String(describing: keyPath)
    let roots = [
      String(reflecting: Root.self).split(separator: ".", maxSplits: 1).last.map(String.init),
      String(describing: Root.self),
    ]
    for case let root? in roots {
      let prefix = "\\" + root + "."
      guard description.hasPrefix(prefix) else { continue }
      let path = description.dropFirst(prefix.count)
      let isPlain = path.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
      return isPlain && !path.isEmpty ? String(path) : nil
    }
    return nil
  }
}

extension TextState: CustomSwiftCodeConvertible {
  /// `TextState("…")`.
  public func swiftCode(using writer: SwiftCodeWriter) throws(SwiftCodeError) -> String {
    "TextState(\(try writer.code(for: string)))"
  }
}

extension ButtonState: CustomSwiftCodeConvertible {
  /// `ButtonState(role: .cancel, action: .confirm) { TextState("…") }`.
  public func swiftCode(using writer: SwiftCodeWriter) throws(SwiftCodeError) -> String {
    var arguments: [String] = []
    if let role { arguments.append("role: " + (try writer.code(for: role))) }
    if let action = action.action { arguments.append("action: " + (try writer.code(for: action))) }
    let call =
      arguments.isEmpty ? "ButtonState" : "ButtonState(\(arguments.joined(separator: ", ")))"
    return call + " { \(try writer.code(for: label)) }"
  }
}

extension AlertState: CustomSwiftCodeConvertible {
  /// `AlertState { TextState("…") } actions: { … } message: { … }`.
  public func swiftCode(using writer: SwiftCodeWriter) throws(SwiftCodeError) -> String {
    try Self.dialogCode(
      "AlertState", title: title, buttons: buttons, message: message, using: writer)
  }

  /// A builder call with a title, buttons and a message, as alerts and dialogs are written.
  static func dialogCode<ButtonAction>(
    _ callee: String, title: TextState, buttons: [ButtonState<ButtonAction>],
    message: TextState?, using writer: SwiftCodeWriter
  ) throws(SwiftCodeError) -> String {
    var code = callee + " {\n  \(try writer.code(for: title))\n}"
    if !buttons.isEmpty {
      var lines: [String] = []
      for button in buttons { lines.append("  " + (try writer.code(for: button))) }
      code += " actions: {\n" + lines.joined(separator: "\n") + "\n}"
    }
    if let message { code += " message: {\n  \(try writer.code(for: message))\n}" }
    return code
  }
}

extension ConfirmationDialogState: CustomSwiftCodeConvertible {
  /// `ConfirmationDialogState(titleVisibility: …) { TextState("…") } actions: { … }`.
  public func swiftCode(using writer: SwiftCodeWriter) throws(SwiftCodeError) -> String {
    let callee =
      titleVisibility == .automatic
      ? "ConfirmationDialogState"
      : "ConfirmationDialogState(titleVisibility: \(try writer.code(for: titleVisibility)))"
    return try AlertState<Action>.dialogCode(
      callee, title: title, buttons: buttons, message: message, using: writer)
  }
}

extension StackElementID: CustomSwiftCodeConvertible {
  /// The id as an integer literal.
  public func swiftCode(using writer: SwiftCodeWriter) throws(SwiftCodeError) -> String {
    String(rawValue)
  }
}

extension PresentationState: SwiftCodePropertyWrapper {
  package var swiftCodeWrappedValue: Any { wrappedValue as Any }
  package var swiftCodeRole: SwiftCodeWrapperRole { .transparent }
  package var swiftCodeReferenceID: ObjectIdentifier? { nil }
}

extension StackState: SwiftCodeKeyedCollection {
  package var swiftCodeEntries: [(id: Any, element: Any)] {
    zip(ids, Array(self)).map { ($0, $1) }
  }
  package var swiftCodeIDsAreGenerated: Bool { true }
}

extension IdentifiedArray: SwiftCodeKeyedCollection {
  package var swiftCodeEntries: [(id: Any, element: Any)] {
    zip(ids, elements).map { ($0, $1) }
  }
  package var swiftCodeIDsAreGenerated: Bool { false }
}
