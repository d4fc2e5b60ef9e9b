import ComposableTesting
import SampleAppCLI
import Testing

@Suite struct KeyDecoderTests {
  func decode(_ bytes: [UInt8]) -> [KeyDecoder.Key] {
    var decoder = KeyDecoder()
    return decoder.decode(bytes)
  }

  @Test func printableBytesAreCharacters() {
    #expect(
      decode(Array("ab 1".utf8)) == [
        .character("a"), .character("b"), .character(" "), .character("1"),
      ])
  }

  @Test func controlKeysAreEditingKeys() {
    #expect(
      decode([0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x08, 0x7F, 0x0D, 0x0A, 0x0B, 0x0E, 0x10, 0x15])
        == [
          .home, .left, .interrupt, .endOfFile, .end, .right, .backspace, .backspace, .enter,
          .enter, .killToEnd, .down, .up, .killLine,
        ])
  }

  @Test func otherControlBytesAreDropped() {
    #expect(decode([0x00, 0x09, 0x1C, 0x1F, UInt8(ascii: "x")]) == [.character("x")])
  }

  @Test func ctrlZIsSuspendAmongOtherKeys() {
    #expect(
      decode([UInt8(ascii: "a"), 0x1A, UInt8(ascii: "b")]) == [
        .character("a"), .suspend, .character("b"),
      ])
  }

  @Test func arrowKeysInBothEncodings() {
    #expect(
      decode(Array("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D\u{1B}OA\u{1B}OD".utf8))
        == [.up, .down, .right, .left, .up, .left])
  }

  @Test func homeEndAndDeleteInTheirEncodings() {
    #expect(
      decode(
        Array("\u{1B}[H\u{1B}[F\u{1B}OH\u{1B}OF\u{1B}[1~\u{1B}[4~\u{1B}[7~\u{1B}[8~\u{1B}[3~".utf8))
        == [.home, .end, .home, .end, .home, .end, .home, .end, .delete])
  }

  @Test func aModifiedArrowIsTheArrow() {
    #expect(decode(Array("\u{1B}[1;5C".utf8)) == [.right])
  }

  @Test func unknownEscapeSequencesAreDroppedWhole() {
    #expect(
      decode(Array("\u{1B}[15~\u{1B}[200~x\u{1B}[Zy\u{1B}OPz".utf8)) == [
        .character("x"), .character("y"), .character("z"),
      ])
  }

  @Test func aLoneEscapeBeforeAnotherKeyIsDropped() {
    #expect(decode(Array("\u{1B}x".utf8)) == [.character("x")])
  }

  @Test func anEscapeSequenceSplitAcrossReadsWaitsForItsEnd() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0x1B]).isEmpty)
    #expect(decoder.isWaiting)
    #expect(decoder.decode(Array("[1".utf8)).isEmpty)
    #expect(decoder.decode(Array(";5".utf8)).isEmpty)
    #expect(decoder.decode(Array("Dq".utf8)) == [.left, .character("q")])
    #expect(!decoder.isWaiting)
    #expect(decoder.decode(Array("a\u{1B}O".utf8)) == [.character("a")])
    #expect(decoder.decode(Array("F".utf8)) == [.end])
  }

  @Test func utf8CharactersOfEveryLength() {
    #expect(decode(Array("é€😀".utf8)) == [.character("é"), .character("€"), .character("😀")])
  }

  @Test func aUTF8CharacterSplitAcrossReadsWaitsForItsEnd() {
    var decoder = KeyDecoder()
    let bytes = Array("😀".utf8)
    #expect(decoder.decode(bytes[..<1]).isEmpty)
    #expect(decoder.decode(bytes[1..<3]).isEmpty)
    #expect(decoder.decode(bytes[3...]) == [.character("😀")])
  }

  @Test func invalidUTF8IsDroppedAndTheRestKept() {
    #expect(
      decode([0xFF, 0x80, 0xC3, UInt8(ascii: "a"), 0xE2, 0x82, UInt8(ascii: "b")]) == [
        .character("a"), .character("b"),
      ])
  }
}
