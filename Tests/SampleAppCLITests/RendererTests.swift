import ComposableTesting
import SampleAppCLI
import Testing

@Suite struct RendererTests {
  @Test func changesAreTheNewLinesInTheirOrder() {
    #expect(
      Renderer.changes(from: ["Tabs: a", "Login: x"], to: ["Tabs: b", "Login: x", "Login: y"])
        == ["Tabs: b", "Login: y"])
  }

  @Test func aFinishedLoadThatChangesNothingPrintsItsSummaryAgain() {
    let loading = ["Tabs: a", "Activity: loading…", "Activity: 4 items, 4 unread", "  #4 Hi"]
    let loaded = ["Tabs: a", "Activity: 4 items, 4 unread", "  #4 Hi"]
    #expect(Renderer.changes(from: loading, to: loaded) == ["Activity: 4 items, 4 unread"])
  }

  @Test func aFinishedLoadWithNewLinesPrintsOnlyThem() {
    let loading = ["Profile: loading…", "Profile: 3 items"]
    let loaded = ["Profile: 4 items"]
    #expect(Renderer.changes(from: loading, to: loaded) == ["Profile: 4 items"])
    let failed = ["Login: email a, password •", "Login error: no"]
    #expect(
      Renderer.changes(from: ["Login: email a, password •", "Login: logging in…"], to: failed)
        == ["Login error: no"])
  }

  @Test func aLoadStillInFlightPrintsNothingMore() {
    let loading = ["Activity: loading…", "Activity: 4 items"]
    #expect(Renderer.changes(from: loading, to: loading).isEmpty)
  }

  @Test func loadingLinesNameTheirSection() {
    #expect(Renderer.loadingSection("Activity: loading…") == "Activity")
    #expect(Renderer.loadingSection("Login: logging in…") == "Login")
    #expect(Renderer.loadingSection("Activity: 4 items") == nil)
  }

  @Test func clearingTheFilterPrintsTheFeedsSummaryBeforeTheItemsItHid() {
    let filtered = [
      "Activity: 2 items, 2 unread", "Activity filter \"FOL\": 1 of 2 items: #3",
      "  #3 New follower  (unread)",
    ]
    let cleared = [
      "Activity: 2 items, 2 unread", "  #4 Hi  (unread)", "  #3 New follower  (unread)",
    ]
    #expect(
      Renderer.changes(from: filtered, to: cleared)
        == ["Activity: 2 items, 2 unread", "  #4 Hi  (unread)"])
  }
}
