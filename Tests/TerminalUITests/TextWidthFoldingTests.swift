import Testing

@testable import TerminalUI

/// Long text cut and folded in one pass (issue 25: a 5 MB value folded by
/// copying and scanning the rest for every line never finished).
@Suite("Folding and cutting long text")
struct TextWidthFoldingTests {
    /// Each character is measured once, plus once per piece for the one that
    /// did not fit: the work grows with the text, not with its square.
    @Test func aFiveMegabyteStringFoldsMeasuringEachCharacterAboutOnce() {
        let text = String(repeating: "lorem ipsum é 日本 ", count: 300_000)
        let characters = text.count
        #expect(text.utf8.count > 5_000_000)
        var measured = 0
        let pieces = TextWidth.fold(text[...], first: 70, width: 76) { character in
            measured += 1
            return TextWidth.of(character)
        }
        #expect(measured <= characters + pieces.count, "\(measured) measurements for \(characters) characters")
        #expect(pieces.first.map { $0.width <= 70 } == true)
        #expect(pieces.dropFirst().allSatisfy { $0.width <= 76 && $0.width >= 75 || $0.text.endIndex == text.endIndex })
        #expect(pieces.map { String($0.text) }.joined() == text)
    }

    @Test func piecesFitTheirWidthAndKeepWideCharactersWhole() {
        let pieces = TextWidth.fold("ab日本語cd"[...], first: 3, width: 4)
        #expect(pieces.map { String($0.text) } == ["ab", "日本", "語cd"])
        #expect(pieces.map(\.width) == [2, 4, 4])
    }

    /// No room on a line already started: an empty first piece (go on in the
    /// next line); a character wider than a whole line goes alone.
    @Test func noRoomGivesAnEmptyFirstPieceAndAnOverwideCharacterGoesAlone() {
        #expect(
            TextWidth.fold("abc"[...], first: 0, width: 2, freshFirst: false).map { String($0.text) } == [
                "", "ab", "c",
            ])
        #expect(TextWidth.fold("日x"[...], first: 1, width: 1).map { String($0.text) } == ["日", "x"])
        #expect(TextWidth.fold(""[...], first: 5, width: 5).map { String($0.text) } == [""])
    }

    /// At spaces: a piece ends after its last space, never inside a word
    /// that fits a line; a word longer than a line is still cut; nothing lost.
    @Test func atSpacesPiecesEndBetweenWords() {
        let text = "200 · fake · 117 ms · 92 Bytes · begonnen 05:49:21"
        let pieces = TextWidth.fold(text[...], first: 36, width: 38, atSpaces: true)
        #expect(pieces.map { String($0.text) } == ["200 · fake · 117 ms · 92 Bytes · ", "begonnen 05:49:21"])
        #expect(pieces.map(\.width) == [33, 17])
        #expect(pieces.map { String($0.text) }.joined() == text)
        let long = TextWidth.fold("a abcdefghij"[...], first: 6, width: 6, atSpaces: true).map { String($0.text) }
        #expect(long == ["a ", "abcdef", "ghij"])
        // Without it, the same text is cut where the width ends.
        #expect(
            TextWidth.fold(text[...], first: 36, width: 38).first.map { String($0.text) } == String(text.prefix(36)))
    }

    @Test func headCutsOnAScalarBoundaryAndSaysHowMuchWasLeftOut() {
        #expect(TextWidth.head("short", maxBytes: 10) == ("short", 0))
        let (head, cut) = TextWidth.head("abé日本", maxBytes: 5)  // a b é(2) | 日(3) 本(3)
        #expect(head == "abé")
        #expect(cut == 6)
        let (inside, rest) = TextWidth.head("ab日本", maxBytes: 4)  // 日 would straddle the limit
        #expect(inside == "ab")
        #expect(rest == 6)
        let huge = String(repeating: "x", count: 5_000_000)
        let (start, left) = TextWidth.head(huge, maxBytes: 1 << 20)
        #expect(start.utf8.count == 1 << 20)
        #expect(left == 5_000_000 - (1 << 20))
    }
}
