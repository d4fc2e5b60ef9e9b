import ComposableTesting
import Foundation
import Testing

/// The case paths CasePathsPlugin generated for `Fixtures.swift`: each embeds and extracts its own
/// case, and no other.
@Suite struct GeneratedCasePathTests {
  /// Checks that a case path embeds `value` into the case it extracts it from, and extracts
  /// nothing from `other`.
  func roundTrip<Root: Equatable, Value: Equatable>(
    _ keyPath: CaseKeyPath<Root, Value>, _ value: Value, other: Root,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let casePath = keyPath.casePath()
    let embedded = casePath.embed(value)
    #expect(casePath.extract(embedded) == value, sourceLocation: sourceLocation)
    #expect(casePath.extract(other) == nil, sourceLocation: sourceLocation)
  }

  /// The same for a case without a payload.
  func roundTrip<Root: Equatable>(
    _ keyPath: CaseKeyPath<Root, Void>, _ expected: Root, other: Root,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let casePath = keyPath.casePath()
    #expect(casePath.embed(()) == expected, sourceLocation: sourceLocation)
    #expect(casePath.extract(expected) != nil, sourceLocation: sourceLocation)
    #expect(casePath.extract(other) == nil, sourceLocation: sourceLocation)
  }

  @Test func casesWithoutAPayload() {
    roundTrip(\.plain, .plain, other: Fixture.Action.first)
    roundTrip(\.default, .default, other: Fixture.Action.plain)
    roundTrip(\.first, .first, other: Fixture.Action.second(true))
    roundTrip(\.one, .one, other: Fixture.Extended.two(1))
  }

  @Test func casesWithOnePayload() {
    roundTrip(\.single, 7, other: Fixture.Action.plain)
    roundTrip(\.labelled, "Blob", other: Fixture.Action.single(1))
    roundTrip(\.withDefault, 3, other: Fixture.Action.single(3))
    roundTrip(\.nested, .single(1), other: Fixture.Action.plain)
    roundTrip(\.second, true, other: Fixture.Action.first)
    roundTrip(
      \.generic, Result<[Int], Fixture.Failure>.success([1]), other: Fixture.Action.plain)
    roundTrip(\.two, 2.5, other: Fixture.Extended.one)
  }

  @Test func casesWithSeveralPayloads() {
    let pair: CaseKeyPath<Fixture.Action, (Int, String)> = \.pair
    #expect(pair.casePath().embed((1, "a")) == .pair(1, "a"))
    #expect(
      pair.casePath().extract(.pair(1, "a")).map { [$0.0 == 1, $0.1 == "a"] } == [true, true])
    #expect(pair.casePath().extract(.single(1)) == nil)

    let labelledPair: CaseKeyPath<Fixture.Action, (id: Int, name: String)> = \.labelledPair
    #expect(labelledPair.casePath().embed((id: 1, name: "a")) == .labelledPair(id: 1, name: "a"))
    #expect(labelledPair.casePath().extract(.labelledPair(id: 2, name: "b"))?.name == "b")

    let mixed: CaseKeyPath<Fixture.Action, (Int, name: String)> = \.mixed
    #expect(mixed.casePath().embed((1, name: "a")) == .mixed(1, name: "a"))
    #expect(mixed.casePath().extract(.mixed(3, name: "c"))?.name == "c")
  }

  @Test func casesInsideIfDirectives() {
    #if DEBUG
      roundTrip(\.debugOnly, 1, other: Fixture.Action.plain)
    #else
      roundTrip(\.releaseOnly, 1, other: Fixture.Action.plain)
    #endif
  }

  @Test func bindingCasesGetTheBindableActionProperty() {
    let action = Fixture.FormAction.binding(.set(\.name, "Blob"))
    #expect(action.binding == .set(\.name, "Blob"))
    #expect(Fixture.FormAction.submit.binding == nil)
    var form = Fixture.Form()
    _ = BindingReducer().reduce(into: &form, action: action)
    #expect(form.name == "Blob")
  }

  @Test func nestedCasePathsCompose() {
    let done: CaseKeyPath<Fixture.Action, Int> = \.delegate.done
    #expect(done.casePath().embed(4) == .delegate(.done(4)))
    #expect(done.casePath().extract(.delegate(.done(5))) == 5)
    #expect(done.casePath().extract(.plain) == nil)
  }
}

/// The case paths of the fixtures of what real code contains: a type named `Root` or `Value`,
/// imports under `#if`, a file without a kit import, private enums in the same file.
@Suite struct GeneratedCasePathEdgeTests {
  func extract<Enum, Payload>(_ keyPath: CaseKeyPath<Enum, Payload>, from value: Enum) -> Payload? {
    keyPath.casePath().extract(value)
  }

  func embed<Enum, Payload>(_ keyPath: CaseKeyPath<Enum, Payload>, _ payload: Payload) -> Enum {
    keyPath.casePath().embed(payload)
  }

  @Test func enumsNestedInATypeNamedRootOrValue() {
    #expect(extract(\.child, from: Root.Action.child(.done(1))) == .done(1))
    #expect(extract(\.child.done, from: Root.Action.child(.done(2))) == 2)
    #expect(extract(\.tapped, from: Root.Action.child(.done(1))) == nil)
    #expect(embed(\.number, 3) == Value.number(3))
    #expect(extract(\.empty, from: Value.number(1)) == nil)
  }

  @Test func anEnumInAFileWhoseImportsSitUnderIf() {
    #expect(extract(\.code, from: ConditionalImportsFixture.code(4)) == 4)
    #expect(extract(\.none, from: ConditionalImportsFixture.code(4)) == nil)
  }

  @Test func anEnumInAFileThatImportsNoKitModule() {
    let url = URL(filePath: "/tmp")
    #expect(extract(\.opened, from: NoKitImportFixture.opened(url)) == url)
    #expect(extract(\.closed, from: NoKitImportFixture.opened(url)) == nil)
  }

  @Test func privateEnumsInTheSameFileAreLeftAlone() {
    #expect(privateEnumsFixtureDescription() == "2 false false")
    #expect(extract(\.shown, from: VisibleFixture.shown(5)) == 5)
  }
}
