import ComposableCustomDump

// How shared properties are written by `SwiftCodeWriter`: left out of initializer calls (their
// key gives their value) and changed with `withLock`.

extension Shared: SwiftCodePropertyWrapper {
  package var swiftCodeWrappedValue: Any { wrappedValue }
  package var swiftCodeRole: SwiftCodeWrapperRole { .shared }
  package var swiftCodeReferenceID: ObjectIdentifier? { ObjectIdentifier(handle) }
}

extension SharedReader: SwiftCodePropertyWrapper {
  package var swiftCodeWrappedValue: Any { wrappedValue }
  package var swiftCodeRole: SwiftCodeWrapperRole { .readOnly }
  package var swiftCodeReferenceID: ObjectIdentifier? { ObjectIdentifier(handle) }
}
