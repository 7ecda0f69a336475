import CNcursesw
import TerminalUI
import Testing

@testable import NcursesTerminal

/// Tests that create real ncurses screens: ncurses is one global state, so
/// they run one at a time on the main actor.
@MainActor @Suite(.serialized) struct NcursesScreenTests {
    /// The text of the cell at `row`, `col` ("" for the right half of a wide character).
    func cell(_ t: NcursesTerminal, _ row: Int, _ col: Int) -> (text: String, attrs: attr_t, pair: Int16) {
        var buffer = [wchar_t](repeating: 0, count: 8)
        var attrs: attr_t = 0
        var pair: Int16 = 0
        _ = trestle_cell(t.window, Int32(row), Int32(col), &buffer, 8, &attrs, &pair)
        let scalars = buffer.prefix { $0 != 0 }.compactMap { Unicode.Scalar(UInt32(bitPattern: $0)) }
        return (String(String.UnicodeScalarView(scalars)), attrs, pair)
    }

    /// Row `row` read back with `mvwinnwstr` (wide characters once).
    func line(_ t: NcursesTerminal, _ row: Int) -> String {
        var buffer = [wchar_t](repeating: 0, count: t.size.cols * 4 + 1)
        _ = mvwinnwstr(t.window, Int32(row), 0, &buffer, Int32(buffer.count - 1))
        let scalars = buffer.prefix { $0 != 0 }.compactMap { Unicode.Scalar(UInt32(bitPattern: $0)) }
        return String(String.UnicodeScalarView(scalars))
    }

    @Test func headlessScreenHasTheRequestedSize() throws {
        let t = try NcursesTerminal.headless(rows: 10, cols: 40)
        defer { t.stop() }
        #expect(t.size == Size(rows: 10, cols: 40))
        #expect(t.colorMode == .palette256)
    }

    @Test func cjkAndEmojiLandInTheRightColumns() throws {
        let t = try NcursesTerminal.headless(rows: 3, cols: 20)
        defer { t.stop() }
        t.write("a日本b🙂c", row: 1, col: 2, style: .plain)
        #expect(cell(t, 1, 2).text == "a")
        #expect(cell(t, 1, 3).text == "日")
        #expect(cell(t, 1, 5).text == "本")
        #expect(cell(t, 1, 7).text == "b")
        #expect(cell(t, 1, 8).text == "🙂")
        #expect(cell(t, 1, 10).text == "c")
        #expect(line(t, 1).hasPrefix("  a日本b🙂c"))
    }

    @Test func wideCharacterInLastColumnIsBlankedNotWrapped() throws {
        let t = try NcursesTerminal.headless(rows: 2, cols: 5)
        defer { t.stop() }
        t.write("abcd日", row: 0, col: 0, style: .plain)
        #expect(cell(t, 0, 4).text == " ")
        #expect(cell(t, 1, 0).text == " ")
    }

    @Test func textIsClippedAtTheRightEdgeIncludingTheLastRow() throws {
        let t = try NcursesTerminal.headless(rows: 2, cols: 5)
        defer { t.stop() }
        t.write("abcdefgh", row: 1, col: 2, style: .plain)
        #expect(line(t, 1) == "  abc")
        #expect(line(t, 0) == "     ")
    }

    @Test func emojiWithVariationSelectorKeepsColumns() throws {
        let t = try NcursesTerminal.headless(rows: 1, cols: 10)
        defer { t.stop() }
        t.write("❤️x", row: 0, col: 0, style: .plain)
        #expect(cell(t, 0, 0).text.hasPrefix("❤"))
        #expect(cell(t, 0, 2).text == "x")
    }

    @Test func escapeSequencesFromDataAreNotDrawn() throws {
        let t = try NcursesTerminal.headless(rows: 1, cols: 20)
        defer { t.stop() }
        t.write("\u{1B}[31mred\tx", row: 0, col: 0, style: .plain)
        #expect(!line(t, 0).unicodeScalars.contains("\u{1B}"))
        #expect(line(t, 0).contains("[31mred x"))
    }

    @Test func attributesAndColoursAreApplied() throws {
        let t = try NcursesTerminal.headless(rows: 1, cols: 10)
        defer { t.stop() }
        t.write("x", row: 0, col: 0, style: Style(foreground: .palette(117), background: .palette(24), bold: true))
        let drawn = cell(t, 0, 0)
        #expect(drawn.attrs & trestle_a_bold != 0)
        var fg: Int16 = 0
        var bg: Int16 = 0
        pair_content(drawn.pair, &fg, &bg)
        #expect(fg == 117 && bg == 24)
    }

    @Test func eightColourTerminalsGetTheNearestBasicColours() throws {
        let t = try NcursesTerminal.headless(rows: 1, cols: 10, term: "xterm")
        defer { t.stop() }
        #expect(t.colorMode == .ansi8)
        t.write("x", row: 0, col: 0, style: Style(foreground: .palette(231), background: .palette(160)))
        var fg: Int16 = 0
        var bg: Int16 = 0
        pair_content(cell(t, 0, 0).pair, &fg, &bg)
        #expect(fg == 7 && bg == 1)
    }

    @Test func eightColourTerminalsSurviveEveryThemeColour() throws {
        let t = try NcursesTerminal.headless(rows: 1, cols: 10, term: "screen")
        defer { t.stop() }
        for role in Role.allCases {
            t.write("x", row: 0, col: 0, style: Theme.builtinDefault.style(role))
        }
        for index in 0...255 {
            t.write(
                "x", row: 0, col: 1,
                style: Style(foreground: .palette(UInt8(index)), background: .palette(UInt8(255 - index))))
        }
        #expect(cell(t, 0, 1).text == "x")
    }

    @Test func noColourKeepsAttributesOnly() throws {
        let t = try NcursesTerminal.headless(rows: 1, cols: 10, noColor: true)
        defer { t.stop() }
        #expect(t.colorMode == .none)
        t.write("x", row: 0, col: 0, style: Style(foreground: .palette(117), reverse: true))
        #expect(cell(t, 0, 0).pair == 0)
        #expect(cell(t, 0, 0).attrs & trestle_a_reverse != 0)
    }

    @Test func asciiTextIsCutAtBothEdges() throws {
        let t = try NcursesTerminal.headless(rows: 1, cols: 10)
        defer { t.stop() }
        t.write("abcdef", row: 0, col: -2, style: .plain)
        t.write("0123456789", row: 0, col: 6, style: .plain)
        #expect((0..<10).map { cell(t, 0, $0).text }.joined() == "cdef  0123")
    }

    /// A fill wider than the blanks it writes from (256) still covers its
    /// whole width, in its style, and stops at the window's edges.
    @Test func wideFillsCoverTheirWholeWidth() throws {
        let t = try NcursesTerminal.headless(rows: 1, cols: 300)
        defer { t.stop() }
        t.write(String(repeating: "x", count: 300), row: 0, col: 0, style: .plain)
        t.fill(row: 0, col: -40, width: 330, style: Style(reverse: true))
        let covered = (0..<300).filter { cell(t, 0, $0).text == " " && cell(t, 0, $0).attrs & trestle_a_reverse != 0 }
        #expect(covered.count == 290)
        #expect((290..<300).allSatisfy { cell(t, 0, $0).text == "x" })
    }

    @Test func tinyScreensDoNotCrash() throws {
        let t = try NcursesTerminal.headless(rows: 1, cols: 1)
        defer { t.stop() }
        #expect(t.size == Size(rows: 1, cols: 1))
        t.write("日本語", row: 0, col: 0, style: .plain)
        t.write("abc", row: 0, col: 0, style: .plain)
        t.fill(row: 0, col: -3, width: 10, style: .plain)
        TableView(columns: [TableColumn("id"), TableColumn("タイトル")], rowCount: 5) { ["\($0)", "日本"] }
            .draw(on: t, in: Rect(size: t.size), theme: .builtinDefault)
        TooSmallView.draw(on: t, in: Rect(size: t.size), minimum: Size(rows: 10, cols: 40), theme: .builtinDefault)
        t.flush()
        t.resize(rows: 0, cols: 0)
        #expect(t.size == Size(rows: 1, cols: 1))
    }

    @Test func stopIsIdempotentAndLaterCallsAreIgnored() throws {
        let t = try NcursesTerminal.headless(rows: 2, cols: 2)
        t.stop()
        t.stop()
        t.write("x", row: 0, col: 0, style: .plain)
        t.flush()
        var received: [Key] = []
        let stream = t.keys()
        Task { for await key in stream { received.append(key) } }
        #expect(received.isEmpty)
    }

    @Test func unknownTerminalTypeIsReported() {
        #expect(throws: TerminalStartError.unknownTerm("no-such-terminal-xyz")) {
            _ = try NcursesTerminal.headless(rows: 2, cols: 2, term: "no-such-terminal-xyz")
        }
    }

    @Test func startErrorsReadAsOneLine() {
        let errors: [TerminalStartError] = [
            .notATerminal, .termUnset, .cannotAddressCursor("dumb"), .unknownTerm("foo"),
        ]
        for error in errors {
            #expect(!error.description.contains("\n"))
            #expect(error.description.hasPrefix("trestle: "))
        }
        #expect(TerminalStartError.notATerminal.description.contains("trestle get todos"))
    }
}
