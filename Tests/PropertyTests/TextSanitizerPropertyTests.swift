import PropertyBased
import TerminalUI
import TestSupport
import Testing

extension Properties {
    /// The text sanitiser and the width functions over hostile text: every C0
    /// and C1 control, bidi controls, line separators, combining floods, ZWJ
    /// sequences, wide and emoji characters, in any mix.
    @Suite struct TextSanitizerPropertyTests {
        static let pieces: [String] = [
            "a", "Z", " ", "~", "\t", "\n", "\r", "\r\n", "\u{1B}", "\u{1B}[2J", "\u{1B}]0;title\u{07}",
            "\u{1B}]52;c;YQ==\u{07}",
            "\u{00}", "\u{07}", "\u{08}", "\u{7F}", "\u{80}", "\u{85}", "\u{9B}", "\u{9D}", "\u{9F}", "\u{A0}",
            "\u{AD}",
            "\u{202A}", "\u{202E}", "\u{2066}", "\u{2069}", "\u{200E}", "\u{200F}", "\u{061C}", "\u{2028}", "\u{2029}",
            "\u{200B}", "\u{200D}", "\u{FEFF}", "\u{301}", "\u{301}\u{301}\u{301}", "e\u{301}", "中", "文字", "가",
            "😀", "👩\u{200D}💻", "❤\u{FE0F}", "🇫🇷", "🇫", "\u{FE0F}", "\u{E0001}", "\u{10FFFF}", "\u{FFFD}", "…", "ｱ",
            "\u{1100}\u{1161}", "\u{0E33}", "\u{0BCD}",
        ]
        static let texts = Gen<UInt8>.value(in: 0...255).array(of: 0...40)

        static func text(_ seed: [UInt8]) -> String {
            var source = ByteSource(seed)
            var result = ""
            while !source.isExhausted { result += source.pick(pieces) }
            return result
        }

        /// A scalar that must never reach the terminal.
        static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
            let v = scalar.value
            return v < 0x20 || (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v)
                || (0x2066...0x2069).contains(v)
                || v == 0x200E || v == 0x200F || v == 0x061C || v == 0x2028 || v == 0x2029
        }

        @Test func noControlCharacterSurvivesCleaning() async {
            await propertyCheck(count: FuzzBudget.cases, input: Self.texts) { seed in
                await Task.yield()  // one case at a time: other suites share the two cores
                let clean = TextSanitizer.clean(Self.text(seed))
                let forbidden = clean.unicodeScalars.filter(Self.isForbidden)
                #expect(forbidden.isEmpty, "left in: \(forbidden.map { String($0.value, radix: 16) })")
                #expect(TextSanitizer.isClean(clean))
                #expect(TextSanitizer.clean(clean) == clean, "cleaning twice changed it")
            }
        }

        @Test func fittedTextNeverExceedsItsCells() async {
            await propertyCheck(count: FuzzBudget.cases, input: Self.texts, Gen.int(in: 0...24)) { seed, width in
                await Task.yield()  // one case at a time: other suites share the two cores
                let clean = TextSanitizer.clean(Self.text(seed))
                let truncated = TextWidth.truncate(clean, to: width)
                #expect(TextWidth.of(truncated) <= width, "truncate gave \(truncated.debugDescription)")
                let padded = TextWidth.pad(clean, to: width)
                #expect(TextWidth.of(padded) == width, "pad gave \(padded.debugDescription)")
                for alignment in [TextWidth.Alignment.right, .center] {
                    #expect(TextWidth.of(TextWidth.pad(clean, to: width, alignment: alignment)) == width)
                }
                let prefix = TextWidth.prefix(clean, width: width)
                #expect(TextWidth.of(prefix) <= width, "prefix gave \(prefix.debugDescription)")
                // Measured whole or piece by piece, the width is the same.
                #expect(TextWidth.of(clean) == clean.reduce(0) { $0 + TextWidth.of($1) })
            }
        }

        /// Drawn into a terminal, text stays inside the cells it was given.
        @Test @MainActor func drawnTextStaysInItsRow() async {
            await propertyCheck(count: FuzzBudget.cases, input: Self.texts, Gen.int(in: 1...30)) { seed, cols in
                await Task.yield()  // one case at a time: other suites share the two cores
                let terminal = InMemoryTerminal(size: Size(rows: 3, cols: cols))
                terminal.write(Self.text(seed), row: 1, col: 0, style: Style())
                #expect(terminal.line(0).allSatisfy { $0 == " " } && terminal.line(2).allSatisfy { $0 == " " })
                let drawn = terminal.cells[1].filter { !$0.isContinuation }
                let cells = drawn.reduce(0) { $0 + TextWidth.of($1.text) }
                #expect(cells <= cols, "row 1 takes \(cells) cells of \(cols): \(terminal.line(1).debugDescription)")
                #expect(!terminal.line(1).unicodeScalars.contains(where: Self.isForbidden))
            }
        }
    }
}
