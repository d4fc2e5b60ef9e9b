import ComposableDependencies
import ComposableTesting
import Foundation
import Testing

@Suite struct LockIsolatedTests {
  @Test func withValue_concurrentIncrementsAllLand() async {
    let count = LockIsolated(0)
    await withTaskGroup(of: Void.self) { group in
      for _ in 1...100 {
        group.addTask { count.withValue { $0 += 1 } }
      }
    }
    #expect(count.value == 100)
  }

  @Test func setValue_replacesTheValue() {
    let name = LockIsolated("Blob")
    name.setValue("Blob Jr.")
    #expect(name.value == "Blob Jr.")
  }

  @Test func withValue_returnsWhatTheOperationReturns() {
    let events = LockIsolated<[String]>([])
    let count = events.withValue { events -> Int in
      events.append("tapped")
      return events.count
    }
    #expect(count == 1)
  }

  @Test func dynamicMember_readsAPropertyOfTheValue() {
    let events = LockIsolated(["tapped", "saved"])
    #expect(events.count == 2)
    #expect(events.first == "tapped")
  }

  @Test func withValue_throwing_keepsChangesMadeBeforeTheThrow() {
    struct Failure: Error {}
    let count = LockIsolated(0)
    #expect(throws: Failure.self) {
      try count.withValue { value in
        value = 1
        throw Failure()
      }
    }
    #expect(count.value == 1)
  }

  @Test func spy_recordsWhatADependencyWasCalledWith() async throws {
    let emails = LockIsolated<[String]>([])
    try await withDependencies {
      $0.apiClient.login = { email, _ in
        emails.withValue { $0.append(email) }
        return LoginResponse(user: User(id: 1, name: "Blob"))
      }
    } operation: {
      @Dependency(\.apiClient) var apiClient
      _ = try await apiClient.login("blob@example.com", "secret")
    }
    #expect(emails.value == ["blob@example.com"])
  }
}

@Suite struct ActorIsolatedTests {
  @Test func withValue_concurrentIncrementsAllLand() async {
    let count = ActorIsolated(0)
    await withTaskGroup(of: Void.self) { group in
      for _ in 1...100 {
        group.addTask { await count.withValue { $0 += 1 } }
      }
    }
    #expect(await count.value == 100)
  }

  @Test func setValue_replacesTheValue() async {
    let didOpenSettings = ActorIsolated(false)
    await didOpenSettings.setValue(true)
    #expect(await didOpenSettings.value)
  }

  @Test func withValue_returnsWhatTheOperationReturns() async {
    let events = ActorIsolated<[String]>([])
    let count = await events.withValue { events -> Int in
      events.append("tapped")
      return events.count
    }
    #expect(count == 1)
    #expect(await events.value == ["tapped"])
  }
}

/// Where almost every test of a feature lives: the isolated values' initializers and setters
/// take their values as `@Sendable` autoclosures, as the reference's do, so they compile here.
@MainActor @Suite struct IsolatedValuesOnTheMainActorTests {
  @Test func lockIsolated_initAndSetValue_compileAndWorkOnTheMainActor() {
    let events = LockIsolated<[String]>([])
    events.withValue { $0.append("tapped") }
    #expect(events.value == ["tapped"])
    events.setValue([])
    #expect(events.value == [])
  }

  @Test func actorIsolated_initAndSetValue_compileAndWorkOnTheMainActor() async {
    let events = ActorIsolated<[String]>([])
    await events.setValue(["tapped"])
    #expect(await events.value == ["tapped"])
    await events.setValue([])
    #expect(await events.value == [])
  }
}
