@_exported import ComposableClocks
@_exported import ComposableCore
@_exported import ComposableCustomDump
@_exported import ComposableDependencies
@_exported import ComposableIdentifiedCollections
@_exported import ComposableIssueReporting
@_exported import ComposableSharing
@_exported import ComposableSwiftUI
