/// The context dependencies are resolved in: the live app, a preview, or a test.
///
/// It is ``test`` automatically whenever the process runs tests, and ``live`` otherwise. Override
/// it like any other dependency to run code as if it were elsewhere.
///
/// ```swift
/// withDependencies { $0.context = .preview } operation: {
///   PreviewModel()  // resolves previewValue for every dependency it reads
/// }
/// ```
public enum DependencyContext: Sendable, Hashable {
  /// The running app: dependencies use their ``DependencyKey/liveValue``.
  case live
  /// A preview: dependencies use their ``TestDependencyKey/previewValue``.
  case preview
  /// A test: dependencies use their ``TestDependencyKey/testValue``.
  case test
}
