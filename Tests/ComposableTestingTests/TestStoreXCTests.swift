import ComposableTesting
import XCTest

/// The seeds' XCTest samples: a `TestStore` works in XCTest cases as in Swift Testing suites.
@MainActor
final class TestStoreXCTests: XCTestCase {
  func testBasics() async {
    let store = TestStore(initialState: CounterFeature.State(count: 0)) {
      CounterFeature()
    }
    await store.send(.incrementButtonTapped) { $0.count = 1 }
    await store.send(.incrementButtonTapped) { $0.count = 2 }
    await store.send(.decrementButtonTapped) { $0.count = 1 }
  }

  func testTimerWithAnImmediateClock() async {
    let store = TestStore(initialState: TimerFeature.State(count: 0)) {
      TimerFeature()
    } withDependencies: {
      $0.continuousClock = ImmediateClock()
    }
    await store.send(.startTimerButtonTapped)
    for count in 1...5 {
      await store.receive(\.timerTick) { $0.count = count }
    }
  }

  func testFailureIsCapturedInXCTest() async {
    let store = TestStore(initialState: CounterFeature.State()) { CounterFeature() }
    let issues = await withExpectedIssue {
      await store.send(.incrementButtonTapped) { $0.count = 999 }
    }
    XCTAssertEqual(issues.count, 1)
    XCTAssertTrue(
      issues.first?.message.hasPrefix("A state change does not match expectation") ?? false)
  }

  func testNonExhaustiveLogin() async {
    let store = TestStore(initialState: AppFeature.State()) {
      AppFeature()
    } withDependencies: {
      $0.authenticationClient.login = { _, _ in "Blob" }
    }
    store.exhaustivity = .off
    await store.send(.login(.submitButtonTapped))
    await store.receive(\.login.delegate.didLogin) {
      $0.selectedTab = .activity
    }
  }
}
