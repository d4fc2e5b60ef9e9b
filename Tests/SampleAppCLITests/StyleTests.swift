import ComposableTesting
import SampleAppCLI
import Testing

@Suite struct StyleTests {
  @Test func coloursOnlyOnATerminalWithoutNoColor() {
    #expect(Style(isTerminal: true, environment: [:]).isColored)
    #expect(!Style(isTerminal: true, environment: ["NO_COLOR": "1"]).isColored)
    #expect(!Style(isTerminal: false, environment: [:]).isColored)
    #expect(Style(isTerminal: false, environment: [:]).error("boom") == "error: boom")
    #expect(
      Style(isTerminal: true, environment: [:]).error("boom") == "\u{1B}[31merror:\u{1B}[0m boom")
  }
}
