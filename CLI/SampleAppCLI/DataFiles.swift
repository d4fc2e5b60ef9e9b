import Composable
import SampleAPIClient

/// The app's shared values that live in files of its data folder (the logged-in user, the read
/// items), loaded once before the session's store so that a damaged file is an error of the
/// session, naming the file.
///
/// Loading a file that cannot be decoded moves it aside and uses the default value; the kit
/// reports that as an issue, which outside a test is a runtime warning naming the line of the
/// app that declared the value. Loaded here, under the kit's issue capture, the same report
/// becomes ``problems``, which the session prints as errors (a script then exits with status 1).
/// The values are held for the whole session, so the features' declarations find them loaded.
@MainActor
final class DataFiles {
  /// What went wrong with each damaged file: the kit's description of it, which names the file
  /// and where its contents were moved.
  let problems: [String]
  private let currentUser: Shared<User?>
  private let readItemIDs: Shared<Set<ActivityItem.ID>>

  /// Loads the files, with the dependencies in force (the data folder, the file storage).
  init() {
    var currentUser: Shared<User?>?
    var readItemIDs: Shared<Set<ActivityItem.ID>>?
    // NB: `isIntermittent`, since intact files report nothing. The loads are synchronous: no
    // task outlives the capture.
    let issues = withExpectedIssue(isIntermittent: true) {
      currentUser = Shared(wrappedValue: nil, .currentUser)
      readItemIDs = Shared(wrappedValue: [], .readItemIDs)
    }
    self.currentUser = currentUser!
    self.readItemIDs = readItemIDs!
    // NB: a file moved aside is reported twice, with its path and, as the holder's load error,
    // alone; a problem that another one already says in full is dropped.
    let problems = issues.filter { $0.severity == .error }.map(Self.problem)
    self.problems = problems.filter { problem in
      !problems.contains { $0 != problem && $0.contains(problem) }
    }
  }

  /// The part of the kit's message that says what happened to the file: the paragraph after
  /// the first (which names the key's type), or the whole message.
  private static func problem(_ issue: ReportedIssue) -> String {
    let paragraphs = issue.message.split(separator: "\n\n", maxSplits: 1)
    return String(paragraphs.count == 2 ? paragraphs[1] : paragraphs[0])
  }
}
