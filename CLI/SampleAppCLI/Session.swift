import Composable
import Foundation
import SampleAPIClient
import SampleAPIClientLive
import SampleActivityFeature
import SampleAppFeature
import SampleItemDetailFeature
import SampleLoginFeature
import SampleProfileFeature

/// One run of the app: its store, its dependencies, and what the user sees.
@MainActor
final class Session {
  private let store: Store<AppFeature.State, AppFeature.Action>
  private let clock: WatchedClock
  private let temporaryDirectory: URL?
  /// The file system, when shared state is kept there: what ``tearDown()`` flushes.
  private let fileSystem: FileStorage?
  private let output: (String) -> Void
  private let errorOutput: (String) -> Void
  private let style: Style
  private var renderer: Renderer
  /// The data errors already reported, so that each is printed once.
  private var reportedDataErrors: Set<String> = []
  /// How many errors the session reported on its own (a damaged data file), which fail a script.
  private(set) var errorCount = 0
  private let dataErrors: DataErrorRelay
  private var observation: StoreObservation?
  /// The app's shared values kept in files, loaded before the store (see ``loadDataFiles``).
  private let dataFiles: DataFiles
  /// Every action of the session, for `record` and `--record`.
  private let recording = StoreRecording<AppFeature.State, AppFeature.Action>()
  /// Every answer of the dependencies, for `record` and `--record`.
  private let dependencyCalls = DependencyRecording()
  private var isActivityOnScreen = false
  private var isProfileOnScreen = false
  /// How many times the state changed, so that `settle` can tell whether a round of deliveries
  /// did anything.
  private var stateChangeCount = 0

  /// - Parameter keepsPreparedStorage: Whether the storage defaults were prepared at launch (UI
  ///   tests make them non-persisting) and must be left as they are.
  init(
    options: Options, keepsPreparedStorage: Bool, style: Style,
    output: @escaping (String) -> Void, errorOutput: @escaping (String) -> Void
  ) {
    let clock = WatchedClock()
    let temporaryDirectory =
      options.inMemory
      ? FileManager.default.temporaryDirectory.appending(path: "composable-app-\(UUID())") : nil
    let dataDirectory =
      temporaryDirectory ?? options.dataDirectory
      ?? APIClient.defaultDataDirectory
    let fileSystem: FileStorage? =
      options.inMemory || keepsPreparedStorage ? nil : FileStorage.fileSystem
    self.clock = clock
    self.temporaryDirectory = temporaryDirectory
    self.fileSystem = fileSystem
    self.output = output
    self.errorOutput = errorOutput
    self.style = style
    self.renderer = Renderer(style: style)
    let dataErrors = DataErrorRelay()
    self.dataErrors = dataErrors
    let verboseOutput: ((String) -> Void)? = options.verbose ? output : nil
    let dependencyCalls = self.dependencyCalls
    self.dataFiles = withDependencies {
      $0.context = .live
      $0.appDataDirectory = dataDirectory
      if options.inMemory {
        $0.defaultFileStorage = .inMemory
      } else if let fileSystem {
        $0.defaultFileStorage = fileSystem
      }
    } operation: {
      DataFiles()
    }
    self.store = Store(initialState: AppFeature.State(), recording: recording) {
      AppFeature()._printChanges(verboseOutput.map { print in .customDump(print) })
    } withDependencies: {
      $0.context = .live
      $0.appDataDirectory = dataDirectory
      $0.apiClient = APIClient.live(dataDirectory: dataDirectory, latency: options.latency)
        .reportingDataErrors { error in await dataErrors.report(error) }
        .recording(into: dependencyCalls)
      $0.date = DateGenerator { Date() }.recording(into: dependencyCalls)
      $0.uuid = UUIDGenerator { UUID() }.recording(into: dependencyCalls)
      $0.continuousClock = clock
      if options.inMemory {
        $0.defaultFileStorage = .inMemory
      } else if let fileSystem {
        $0.defaultFileStorage = fileSystem
      }
    }
  }

  func start() {
    dataErrors.handler = { [weak self] error in self?.report(error) }
    for message in dataFiles.problems {
      errorCount += 1
      errorOutput(style.error("The app's data cannot be read: " + message))
    }
    observation = store.observe { [weak self] state in self?.render(state) }
  }

  /// Ends the session: writes the shared state still waiting for the end of its coalescing
  /// interval (a session can end a moment after a change, a logout say), and removes what
  /// `--in-memory` created.
  func tearDown() {
    observation?.cancel()
    fileSystem?.flush()
    if let temporaryDirectory { try? FileManager.default.removeItem(at: temporaryDirectory) }
  }

  /// Sends the actions a command stands for.
  func perform(_ command: Command) throws(CommandError) {
    let state = store.state
    switch command {
    case .tab(let tab):
      store.send(.tabSelected(tab))
    case .email(let email):
      guard case .loggedOut = state.account else { throw .unavailable(Self.loggedIn) }
      store.send(.login(.binding(.set(\.email, email))))
    case .password(let password):
      guard case .loggedOut = state.account else { throw .unavailable(Self.loggedIn) }
      store.send(.login(.binding(.set(\.password, password))))
    case .submit:
      guard case .loggedOut(let login) = state.account else {
        throw .unavailable(Self.loggedIn)
      }
      if let missing = Self.missingField(login) { throw .unavailable(missing) }
      store.send(.login(.submitButtonTapped))
    case .refresh:
      if state.selectedTab == .activity, state.activity != nil {
        store.send(.activity(.refreshButtonTapped))
      } else if case .loggedIn = state.account {
        store.send(.profile(.refreshButtonTapped))
      } else {
        throw .unavailable("Nothing to refresh: log in first.")
      }
    case .open(let id):
      guard let activity = state.activity else { throw .unavailable(Self.loggedOut) }
      guard activity.items[id: id] != nil else {
        throw .unavailable("There is no activity item #\(id).")
      }
      store.send(.tabSelected(.activity))
      store.send(.activity(.itemTapped(id)))
    case .filter(let query):
      guard state.activity != nil else { throw .unavailable(Self.loggedOut) }
      store.send(.tabSelected(.activity))
      store.send(.activity(.filterQueryChanged(query)))
    case .back:
      guard let id = state.path.ids.last else { throw .unavailable("No activity item is open.") }
      store.send(.path(.element(id: id, action: .backButtonTapped)))
    case .unread:
      guard let id = state.path.ids.last else { throw .unavailable("No activity item is open.") }
      store.send(.path(.element(id: id, action: .markUnreadButtonTapped)))
    case .choose(let number):
      guard case .loggedIn(let profile) = state.account, let alert = profile.alert else {
        throw .unavailable("There is nothing to choose from.")
      }
      guard alert.buttons.indices.contains(number - 1) else {
        throw .unavailable(
          "There is no choice \(number): type \(Self.choices(alert.buttons.count)).")
      }
      let button = alert.buttons[number - 1]
      if let action = button.action.action {
        store.send(.profile(.alert(.presented(action))))
      } else {
        store.send(.profile(.alert(.dismiss)))
      }
      if button.role == .cancel || button.action.action == nil {
        var title = "\(alert.title)"
        while title.last == "?" || title.last == "." { title.removeLast() }
        output("Cancelled: \(title).")
      }
    case .logout:
      guard case .loggedIn = state.account else { throw .unavailable(Self.loggedOut) }
      store.send(.profile(.logoutButtonTapped))
    case .help, .quit, .record, .state:
      break
    }
  }

  /// Waits until the command's work is done: every running effect has finished or is parked on a
  /// long sleep (the feed's refresh timer), and the actions they sent have been delivered.
  ///
  /// NB: an effect posts its last action before it finishes, so when the count drops the
  /// delivery is already queued on the main actor; yielding lets it run. What it delivers may
  /// change the state and start new effects (a login response shows the feed, which loads), so
  /// the wait repeats until a round delivers nothing.
  ///
  /// - Parameter waiting: Called before each pause of the wait, so the caller can say what it is
  ///   waiting for.
  func settle(waiting: () -> Void = {}) async {
    let deadline = ContinuousClock.now.advanced(by: .seconds(10))
    while ContinuousClock.now < deadline {
      while store.runningEffectCount > clock.longSleepCount(atLeast: .seconds(5)),
        ContinuousClock.now < deadline
      {
        waiting()
        try? await ContinuousClock().sleep(for: .milliseconds(2))
      }
      let changes = stateChangeCount
      for _ in 0..<3 { await Task.yield() }
      if stateChangeCount == changes,
        store.runningEffectCount <= clock.longSleepCount(atLeast: .seconds(5))
      {
        return
      }
    }
  }

  /// Writes the session so far as a Swift Testing test that replays it exactly, and returns how
  /// many actions it replays.
  ///
  /// - Parameter path: The file to write; its name, without `.swift`, names the test.
  func writeTest(to path: String) throws(RecordError) -> Int {
    let url = URL(filePath: path)
    let source: String
    do {
      source = try recording.testSource(
        named: Self.testName(forFile: url.lastPathComponent), reducer: "AppFeature()",
        imports: [
          "SampleAPIClient", "SampleActivityFeature", "SampleAppFeature", "ComposableTesting",
          "Foundation",
          "SampleItemDetailFeature", "SampleLoginFeature", "SampleProfileFeature", "Testing",
        ],
        dependencies: dependencyCalls,
        comment: [
          "Recorded by `app-cli --record`: a session replayed action by action, every state",
          "change asserted, the API's answers as they came. Runs as is in",
          "Tests/SampleAppFeatureTests/; a change of the app's behaviour makes it fail with a diff.",
        ])
    } catch {
      throw .unwritable(error)
    }
    do {
      try source.write(to: url, atomically: true, encoding: .utf8)
    } catch {
      throw .cannotWrite(path, error.localizedDescription)
    }
    return recording.steps.count
  }

  /// A test's name from its file's: `LoginSessionTests.swift` names `loginSession`.
  static func testName(forFile file: String) -> String {
    var base = file.hasSuffix(".swift") ? String(file.dropLast(6)) : file
    if base.hasSuffix("Tests"), base.count > 5 { base = String(base.dropLast(5)) }
    var words = base.split { !($0.isLetter || $0.isNumber) }.map(String.init)
    guard !words.isEmpty else { return "recordedSession" }
    words[0] = words[0].prefix(1).lowercased() + words[0].dropFirst()
    let name = words.enumerated().map { offset, word in
      offset == 0 ? word : word.prefix(1).uppercased() + word.dropFirst()
    }.joined()
    return name.first?.isNumber == true ? "session" + name : name
  }

  /// Prints a data error once, with the path of the damaged file.
  private func report(_ error: APIError) {
    let message = error.description
    guard reportedDataErrors.insert(message).inserted else { return }
    errorCount += 1
    errorOutput(style.error(message))
  }

  /// Why `submit` would do nothing, or `nil` when both fields are filled in.
  static func missingField(_ login: Login.State) -> String? {
    let email = login.email.allSatisfy(\.isWhitespace)
    let password = login.password.allSatisfy(\.isWhitespace)
    switch (email, password) {
    case (true, true):
      return "Nothing submitted: the email and the password are empty. Type 'email ADDRESS' and "
        + "'password SECRET' first."
    case (true, false):
      return "Nothing submitted: the email is empty. Type 'email ADDRESS' first."
    case (false, true):
      return "Nothing submitted: the password is empty. Type 'password SECRET' first."
    case (false, false):
      return nil
    }
  }

  /// The requests in flight, as a person names them: "the login", "the activity feed".
  var requestsInFlight: [String] {
    let state = store.state
    var requests: [String] = []
    switch state.account {
    case .loggedOut(let login): if login.isLoading { requests.append("the login") }
    case .loggedIn(let profile): if profile.isLoading { requests.append("the profile") }
    }
    if state.activity?.isLoading == true { requests.append("the activity feed") }
    return requests
  }

  /// The screen on top after `back`: the open item's, or the feed's.
  var topScreen: String {
    guard let top = store.state.path.last else { return "Activity" }
    return "#\(top.item.id) \(top.item.title)"
  }

  func fullState() -> [String] {
    Renderer.lines(for: store.state)
  }

  private func render(_ state: AppFeature.State) {
    stateChangeCount += 1
    for line in renderer.changes(in: state) { output(line) }
    updateScreens(state)
  }

  /// Tells features when they come on and off the screen, as a graphical front end would.
  private func updateScreens(_ state: AppFeature.State) {
    let activityVisible = state.selectedTab == .activity && state.activity != nil
    if activityVisible != isActivityOnScreen {
      isActivityOnScreen = activityVisible
      if state.activity != nil {
        store.send(.activity(activityVisible ? .onAppear : .onDisappear))
      }
    }
    var profileVisible = false
    if state.selectedTab == .account, case .loggedIn = state.account { profileVisible = true }
    if profileVisible != isProfileOnScreen {
      isProfileOnScreen = profileVisible
      if profileVisible { store.send(.profile(.onAppear)) }
    }
  }

  /// Hands the data errors the API client meets, on any task, to the session.
  @MainActor private final class DataErrorRelay {
    var handler: ((APIError) -> Void)?

    func report(_ error: APIError) { handler?(error) }
  }

  private static let loggedIn = "You are logged in: 'logout' first."

  /// The numbers of `count` choices, as a person says them: "1 or 2", "1, 2 or 3".
  static func choices(_ count: Int) -> String {
    let numbers = (1...max(count, 1)).map(String.init)
    guard numbers.count > 1 else { return numbers[0] }
    return numbers.dropLast().joined(separator: ", ") + " or " + numbers[numbers.count - 1]
  }

  /// Why a session could not be written as a test.
  enum RecordError: Error, CustomStringConvertible {
    /// A value of the session cannot be written as Swift code.
    case unwritable(SwiftCodeError)
    /// The file cannot be written.
    case cannotWrite(String, String)

    var description: String {
      switch self {
      case .unwritable(let error): "cannot record the session: \(error)"
      case .cannotWrite(let path, let reason): "cannot write '\(path)': \(reason)"
      }
    }
  }
  private static let loggedOut = "You are not logged in: 'email', 'password', then 'submit'."
}
