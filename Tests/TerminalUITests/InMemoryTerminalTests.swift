import TerminalUI
import TestSupport
import Testing

@MainActor @Suite struct InMemoryTerminalTests {
    @Test func writesTextAtPosition() {
        let t = InMemoryTerminal(size: Size(rows: 3, cols: 10))
        t.write("hi", row: 1, col: 3, style: .plain)
        #expect(t.line(1) == "   hi     ")
        #expect(t.text == "\n   hi\n")
    }

    @Test func wideCharacterTakesTwoCellsAndPrintsOnce() {
        let t = InMemoryTerminal(size: Size(rows: 1, cols: 6))
        t.write("日本x", row: 0, col: 0, style: .plain)
        #expect(t.line(0) == "日本x ")
        #expect(t.cell(atRow: 0, col: 1)?.isContinuation == true)
        #expect(TextWidth.of(t.line(0)) == 6)
    }

    @Test func clipsAtRightEdgeAndIgnoresOutsideRows() {
        let t = InMemoryTerminal(size: Size(rows: 2, cols: 4))
        t.write("abcdefgh", row: 0, col: 2, style: .plain)
        t.write("zzz", row: 5, col: 0, style: .plain)
        t.write("zzz", row: -1, col: 0, style: .plain)
        #expect(t.line(0) == "  ab")
        #expect(t.line(1) == "    ")
    }

    @Test func wideCharacterInLastColumnIsNotDrawnHalf() {
        let t = InMemoryTerminal(size: Size(rows: 1, cols: 5))
        t.write("abcd日", row: 0, col: 0, style: .plain)
        #expect(t.line(0) == "abcd ")
        #expect(TextWidth.of(t.line(0)) == 5)
    }

    @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
        let t = InMemoryTerminal(size: Size(rows: 1, cols: 6))
        t.write("日本語", row: 0, col: 0, style: .plain)
        t.write("x", row: 0, col: 1, style: .plain)
        #expect(t.line(0) == " x本語")
        t.write("y", row: 0, col: 2, style: .plain)
        #expect(t.line(0) == " xy 語")
    }

    @Test func escapeSequencesAreNotStored() {
        let t = InMemoryTerminal(size: Size(rows: 1, cols: 20))
        t.write("\u{1B}[2Jboom", row: 0, col: 0, style: .plain)
        #expect(!t.line(0).unicodeScalars.contains("\u{1B}"))
    }

    @Test func recordsStylesFlushesAndRawSequences() {
        let t = InMemoryTerminal(size: Size(rows: 1, cols: 4))
        let bold = Style(bold: true)
        t.fill(row: 0, col: 1, width: 2, style: bold)
        t.flush()
        t.sendRaw("\u{1B}]52;c;eA==\u{07}")
        #expect(t.style(atRow: 0, col: 0) == .plain)
        #expect(t.style(atRow: 0, col: 1) == bold)
        #expect(t.style(atRow: 0, col: 3) == .plain)
        #expect(t.flushCount == 1)
        #expect(t.rawSequences.count == 1)
    }

    @Test func resizeKeepsTopLeftAndBlanksCutWideCharacters() {
        let t = InMemoryTerminal(size: Size(rows: 2, cols: 6))
        t.write("ab日x", row: 0, col: 0, style: .plain)
        t.resize(to: Size(rows: 1, cols: 3))
        #expect(t.size == Size(rows: 1, cols: 3))
        #expect(t.line(0) == "ab ")
        t.resize(to: Size(rows: 0, cols: 0))
        t.write("x", row: 0, col: 0, style: .plain)
        #expect(t.text == "")
    }
}
