import Composable
import Foundation
import SampleAPIClient
import SampleAPIClientLive
import SampleAppFeature

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
  /// How long ``settle(waiting:)`` waits for a command's work (the `--wait-limit` option).
  private let waitLimit: Duration
  private var renderer: Renderer
  /// The data errors already reported, so that each is printed once.
  private var reportedDataErrors: Set<String> = []
  /// How many errors the session reported on its own (a damaged data file), which fail a script.
  private(set) var errorCount = 0
  private let dataErrors: DataErrorRelay
  /// The app's screens, each observed on its feature's store; `nil` until ``start()``.
  private var view: AppView?
  /// Whether a render waits for the main actor's next turn.
  private var isRenderScheduled = false
  /// The app's shared values kept in files, loaded before the store (see ``loadDataFiles``).
  private let dataFiles: DataFiles
  /// Every action of the session, for `record` and `--record`.
  private let recording = StoreRecording<AppFeature.State, AppFeature.Action>()
  /// Every answer of the dependencies, for `record` and `--record`.
  private let dependencyCalls = DependencyRecording()
  private var isActivityOnScreen = false
  private var isProfileOnScreen = false
  /// How many times the screens were rendered, so that `settle` can tell whether a round of
  /// deliveries changed anything on screen.
  private var renderCount = 0

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
    self.waitLimit = options.waitLimit
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
    view = AppView(store: store) { [weak self] in self?.scheduleRender() }
    render()
  }

  /// Ends the session: writes the shared state still waiting for the end of its coalescing
  /// interval (a session can end a moment after a change, a logout say), and removes what
  /// `--in-memory` created.
  func tearDown() {
    view?.cancel()
    fileSystem?.flush()
    if let temporaryDirectory { try? FileManager.default.removeItem(at: temporaryDirectory) }
  }

  /// The app's screens, each on its feature's store, to act on.
  private var screen: AppScreen { AppScreen(store: store) }

  /// Does what a command asks, through the screen it belongs to, and shows what changed.
  func perform(_ command: Command) throws(CommandError) {
    let result = Result { () throws(CommandError) in try screen.perform(command) }
    render()
    if let cancelled = try result.get() { output("Cancelled: \(cancelled).") }
  }

  /// Waits until the command's work is done: every running effect has finished or is parked on a
  /// long sleep (the feed's refresh timer), and the actions they sent have been delivered.
  ///
  /// NB: an effect posts its last action before it finishes, so when the count drops the
  /// delivery is already queued on the main actor; yielding lets it run. What it delivers may
  /// change the state and start new effects (a login response shows the feed, which loads), so
  /// the wait repeats until a round delivers nothing.
  ///
  /// The wait is bounded by the `--wait-limit` option (10 s by default); when the bound is hit,
  /// the session says on standard error what is still running, and the next command runs.
  ///
  /// - Parameter waiting: Called before each pause of the wait, so the caller can say what it is
  ///   waiting for.
  func settle(waiting: () -> Void = {}) async {
    let deadline = ContinuousClock.now.advanced(by: waitLimit)
    defer {
      if ContinuousClock.now >= deadline { reportGivingUp() }
    }
    while ContinuousClock.now < deadline {
      while store.runningEffectCount > clock.longSleepCount(atLeast: .seconds(5)),
        ContinuousClock.now < deadline
      {
        waiting()
        try? await ContinuousClock().sleep(for: .milliseconds(2))
      }
      let renders = renderCount
      for _ in 0..<3 { await Task.yield() }
      render()
      if renderCount == renders,
        store.runningEffectCount <= clock.longSleepCount(atLeast: .seconds(5))
      {
        return
      }
    }
  }

  /// Says what a wait that hit its bound leaves running, unless it is only parked on long sleeps.
  private func reportGivingUp() {
    let running = store.runningEffectCount - clock.longSleepCount(atLeast: .seconds(5))
    guard running > 0 else { return }
    // NB: named by the requests on screen when there are any, else counted.
    let requests = requestsInFlight
    let what = requests.isEmpty ? ["\(running) effect\(running == 1 ? "" : "s")"] : requests
    errorOutput(
      "warning: stopped waiting after \(Self.seconds(waitLimit)) (--wait-limit): still "
        + "waiting for \(what.joined(separator: " and ")); the next command runs now.")
  }

  /// A duration as the `--wait-limit` option takes it: `10 seconds`, `0.5 seconds`, `1 second`.
  static func seconds(_ duration: Duration) -> String {
    let milliseconds = Int(duration / .milliseconds(1))
    let text =
      milliseconds % 1000 == 0
      ? "\(milliseconds / 1000)" : String(format: "%g", Double(milliseconds) / 1000)
    return text + (milliseconds == 1000 ? " second" : " seconds")
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

  /// The requests in flight, as a person names them: "the login", "the activity feed".
  var requestsInFlight: [String] { screen.requestsInFlight }

  /// The screen on top after `back`: the open item's, or the feed's.
  var topScreen: String { screen.topScreen }

  func fullState() -> [String] {
    render()
    return view?.lines ?? []
  }

  /// Renders on the main actor's next turn: what an effect's action changed, while no command
  /// runs (a command renders when it is done, and ``settle(waiting:)`` as it waits).
  private func scheduleRender() {
    guard !isRenderScheduled else { return }
    isRenderScheduled = true
    Task { @MainActor [weak self] in
      self?.isRenderScheduled = false
      self?.render()
    }
  }

  // NB: the one place that renders: after an action re-ran the observation of a screen whose
  // state it changed (see `AppView`), never from inside one, since appearing sends actions.
  private func render() {
    guard let view else { return }
    while view.needsRender {
      renderCount += 1
      for line in renderer.changes(in: view.render()) { output(line) }
      updateScreens(view)
    }
  }

  /// Tells features when they come on and off the screen, as a graphical front end would.
  private func updateScreens(_ view: AppView) {
    let activityVisible = view.isActivityVisible
    if activityVisible != isActivityOnScreen {
      isActivityOnScreen = activityVisible
      if activityVisible { screen.activity?.onAppear() } else { screen.activity?.onDisappear() }
    }
    let profileVisible = view.isProfileVisible
    if profileVisible != isProfileOnScreen {
      isProfileOnScreen = profileVisible
      if profileVisible { screen.profile?.onAppear() }
    }
  }

  /// Hands the data errors the API client meets, on any task, to the session.
  @MainActor private final class DataErrorRelay {
    var handler: ((APIError) -> Void)?

    func report(_ error: APIError) { handler?(error) }
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
}
