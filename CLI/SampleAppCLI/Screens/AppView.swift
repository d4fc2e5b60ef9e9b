import Composable
import SampleActivityFeature
import SampleAppFeature
import SampleItemDetailFeature
import SampleLoginFeature
import SampleProfileFeature

/// The app's screens on a terminal, each re-rendered by observation when what it read changes,
/// as the views of a graphical app are.
///
/// The app's frame (the tabs, the breadcrumbs over an open item, and which screens are there) is
/// one observation on the root store; each screen it shows is another, on that screen's child
/// store: the login form, the profile, its logout confirmation, the feed, the item on top. An
/// action re-runs only the observations whose reads it changed: typing an email re-renders the
/// login form alone, selecting a tab the frame alone, and an action that changes nothing any
/// screen read re-renders nothing. ``needsRender`` says that one ran; ``render()`` then
/// gathers every screen's lines.
///
/// ```swift
/// let view = AppView(store: store) { scheduleRender() }
/// for line in view.render() { print(line) }
/// store.send(.tabSelected(.settings))  // view.renderCounts[.frame] == 2
/// ```
@MainActor
package final class AppView {
  /// The parts of the app that are observed each on its own.
  package enum Part: CaseIterable, Hashable, Sendable {
    /// The tabs and the breadcrumbs, on the root store.
    case frame
    /// The login form.
    case login
    /// The profile.
    case profile
    /// The profile's logout confirmation.
    case alert
    /// The activity feed.
    case activity
    /// The item on top of the stack.
    case item
  }

  /// What the frame shows, and the child stores of the screens it shows.
  struct Frame {
    var tabs: String
    var breadcrumbs: String?
    var selectedTab: AppFeature.Tab
    var login: StoreOf<Login>?
    var profile: StoreOf<Profile>?
    var activity: StoreOf<Activity>?
    var item: StoreOf<ItemDetail>?
  }

  /// A screen's observation, and the store it observes.
  private struct Screen {
    let store: AnyObject
    let observation: ScreenObservation<[String]>
  }

  package let store: StoreOf<AppFeature>
  private let onNeedsRender: @MainActor () -> Void
  private var frame: ScreenObservation<Frame>?
  private var screens: [Part: Screen] = [:]
  /// Whether an observation ran since the last ``render()``.
  package private(set) var needsRender = false
  /// The lines of the last ``render()``.
  package private(set) var lines: [String] = []

  /// Starts observing the app's frame; the screens are observed from the first ``render()``.
  ///
  /// - Parameters:
  ///   - store: The app's store.
  ///   - onNeedsRender: Called when an observation runs while no render is pending: the front
  ///     end renders soon, outside the observation.
  package init(store: StoreOf<AppFeature>, onNeedsRender: @escaping @MainActor () -> Void = {}) {
    self.store = store
    self.onNeedsRender = onNeedsRender
    let onChange: @MainActor () -> Void = { [weak self] in self?.setNeedsRender() }
    frame = ScreenObservation({ Self.frame(of: AppScreen(store: store)) }, onChange: onChange)
  }

  /// How many times each part's observation ran, for the parts on screen.
  package var renderCounts: [Part: Int] {
    var counts = screens.mapValues(\.observation.renderCount)
    counts[.frame] = frame?.renderCount
    return counts
  }

  /// Whether the feed is on screen: its tab is selected and someone is logged in.
  package var isActivityVisible: Bool {
    frame.map { $0.output.selectedTab == .activity && $0.output.activity != nil } ?? false
  }

  /// Whether the profile is on screen: the account tab is selected and someone is logged in.
  package var isProfileVisible: Bool {
    frame.map { $0.output.selectedTab == .account && $0.output.profile != nil } ?? false
  }

  /// Every line of the app as it is now: observes the screens that came on since the last
  /// render, stops observing those that went away, and gathers the lines each observation kept.
  ///
  /// NB: it starts observations, so it must not run inside one (their reads would count as that
  /// one's): the front end calls it after an action, never from an observation.
  package func render() -> [String] {
    guard let frame = frame?.output else { return lines }
    show(.login, frame.login) { LoginScreen(store: $0).lines }
    show(.profile, frame.profile) { ProfileScreen(store: $0).lines }
    show(.alert, frame.profile) { ProfileScreen(store: $0).alertLines }
    show(.activity, frame.activity) { ActivityScreen(store: $0).lines }
    show(.item, frame.item) { [ItemDetailScreen(store: $0).line] }
    // NB: after the screens that came on ran for the first time, which they render now.
    needsRender = false
    func linesOf(_ part: Part) -> [String] { screens[part]?.observation.output ?? [] }
    var lines = [frame.tabs] + linesOf(.login) + linesOf(.profile) + linesOf(.activity)
    if let breadcrumbs = frame.breadcrumbs, screens[.item] != nil {
      lines += [breadcrumbs] + linesOf(.item)
    }
    lines += linesOf(.alert)
    self.lines = lines
    return lines
  }

  /// Stops every observation.
  package func cancel() {
    frame?.cancel()
    frame = nil
    for screen in screens.values { screen.observation.cancel() }
    screens = [:]
  }

  private func setNeedsRender() {
    guard !needsRender else { return }
    needsRender = true
    onNeedsRender()
  }

  /// Observes the lines of `part`'s screen on `store`, unless it is observed already; stops
  /// observing it when `store` is `nil`.
  private func show<ChildStore: AnyObject>(
    _ part: Part, _ store: ChildStore?, lines: @escaping @MainActor (ChildStore) -> [String]
  ) {
    guard screens[part]?.store !== store else { return }
    screens[part]?.observation.cancel()
    screens[part] = store.map { store in
      Screen(
        store: store,
        observation: ScreenObservation {
          lines(store)
        } onChange: { [weak self] in
          self?.setNeedsRender()
        })
    }
  }

  /// What the frame shows: what an observation of the root store reads.
  private static func frame(of screen: AppScreen) -> Frame {
    Frame(
      tabs: screen.tabsLine, breadcrumbs: screen.breadcrumbs,
      selectedTab: screen.store.selectedTab, login: screen.login?.store,
      profile: screen.profile?.store, activity: screen.activity?.store,
      item: screen.openItem?.store)
  }
}
