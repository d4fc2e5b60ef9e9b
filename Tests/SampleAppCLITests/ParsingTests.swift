import ComposableTesting
import Foundation
import SampleAppCLI
import Testing

@Suite struct ParsingTests {
  @Test func optionsParse() throws {
    var expected = Options()
    expected.inMemory = true
    expected.verbose = true
    expected.latency = .milliseconds(0)
    #expect(try Options.parse(["--in-memory", "--verbose", "--latency", "0"]) == expected)
    #expect(try Options.parse(["--data-dir", "/tmp/x"]).dataDirectory?.path == "/tmp/x")
    #expect(try Options.parse(["--help"]).mode == .help)
    #expect(try Options.parse(["-h"]).mode == .help)
  }

  @Test func optionsTakeTheirValueAfterAnEqualsSignOrAsTheNextArgument() throws {
    let joined = try Options.parse(["--data-dir=/tmp/x", "--script=-", "--latency=5"])
    #expect(joined.dataDirectory?.path == "/tmp/x")
    #expect(joined.script == "-")
    #expect(joined.latency == .milliseconds(5))
    #expect(try Options.parse(["--script", "-"]).script == "-")
    #expect(try Options.parse(["--script", "a=b.txt"]).script == "a=b.txt")
  }

  @Test func theWaitLimitIsInSecondsAndBounded() throws {
    #expect(Options().waitLimit == .seconds(10))
    #expect(try Options.parse(["--wait-limit", "0.25"]).waitLimit == .milliseconds(250))
    #expect(try Options.parse(["--wait-limit=0"]).waitLimit == .zero)
    for bad in ["-1", "soon", "nan", "inf", "86401"] {
      #expect(throws: OptionsError.invalidValue("--wait-limit", bad)) {
        try Options.parse(["--wait-limit=\(bad)"])
      }
    }
    #expect(throws: OptionsError.missingValue("--wait-limit")) {
      try Options.parse(["--wait-limit", "-1"])
    }
  }

  @Test func badEqualsValuesSayWhatIsWrong() {
    #expect(throws: OptionsError.missingValue("--data-dir")) { try Options.parse(["--data-dir="]) }
    #expect(throws: OptionsError.invalidValue("--data-dir", "")) {
      try Options.parse(["--data-dir", ""])
    }
    #expect(throws: OptionsError.unexpectedValue("--verbose")) {
      try Options.parse(["--verbose=yes"])
    }
    #expect(throws: OptionsError.invalidValue("--latency", "soon")) {
      try Options.parse(["--latency=soon"])
    }
    #expect(throws: OptionsError.unknownArgument("--frobnicate")) {
      try Options.parse(["--frobnicate=1"])
    }
    #expect(OptionsError.unexpectedValue("--verbose").description == "'--verbose' takes no value")
  }

  @Test func badOptionsSayWhatIsWrong() {
    #expect(throws: OptionsError.unknownArgument("--frobnicate")) {
      try Options.parse(["--frobnicate"])
    }
    #expect(throws: OptionsError.missingValue("--data-dir")) { try Options.parse(["--data-dir"]) }
    #expect(throws: OptionsError.invalidValue("--latency", "soon")) {
      try Options.parse(["--latency", "soon"])
    }
    #expect(throws: OptionsError.conflict("--in-memory", "--data-dir")) {
      try Options.parse(["--in-memory", "--data-dir", "/tmp"])
    }
  }

  @Test func commandsParse() throws {
    #expect(try Command.parse("email blob@example.com") == .email("blob@example.com"))
    #expect(try Command.parse("  password  swift 6 ") == .password("swift 6"))
    #expect(try Command.parse("tab account") == .tab(.account))
    #expect(try Command.parse("activity") == .tab(.activity))
    #expect(try Command.parse("open 3") == .open(3))
    #expect(try Command.parse("filter new follower") == .filter("new follower"))
    #expect(try Command.parse("filter") == .filter(""))
    #expect(try Command.parse("LOGIN") == .submit)
    #expect(try Command.parse("") == nil)
    #expect(try Command.parse("# a comment") == nil)
  }

  @Test func badCommandsSayWhatIsWrong() {
    #expect(throws: CommandError.unknownCommand("jump")) { try Command.parse("jump") }
    #expect(throws: CommandError.missingArgument("open", example: "open 3")) {
      try Command.parse("open")
    }
    #expect(throws: CommandError.invalidArgument("open", "x", expected: "an item number")) {
      try Command.parse("open x")
    }
    #expect(throws: CommandError.unexpectedArgument("logout")) { try Command.parse("logout now") }
    #expect(
      CommandError.unknownCommand("jump").description
        == "unknown command 'jump'. Type 'help' for the commands.")
  }
}
