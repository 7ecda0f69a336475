import TerminalUI
import Testing

/// The command line's one output sanitiser (issue 38, point 3).
@Suite struct OutputTextTests {
    static let hostile = "a\u{1B}]0;title\u{07}b\u{1B}]52;c;cHduZWQ=\u{1B}\\c\u{1B}[2Jd\u{9B}31me\u{7F}f\u{85}g\u{08}h"

    @Test func textKeepsTabAndLineFeedAndNothingElseThatControls() {
        let cleaned = OutputText.clean(Self.hostile + "\tx\ny")
        #expect(!cleaned.unicodeScalars.contains { $0.value < 0x20 && $0 != "\t" && $0 != "\n" })
        #expect(!cleaned.unicodeScalars.contains { (0x7F...0x9F).contains($0.value) })
        #expect(cleaned.hasSuffix("\tx\ny"))
        #expect(cleaned.hasPrefix("a\u{FFFD}]0;title\u{FFFD}b"))
    }

    @Test func aCRBeforeALineFeedGoesAndAnyOtherIsMarked() {
        #expect(OutputText.clean("one\r\ntwo\rthree") == "one\ntwo\u{FFFD}three")
    }

    @Test func csvKeepsItsCRForTheQuotedCell() {
        #expect(OutputText.clean("\"a\rb\",\u{1B}[31m", as: .csv) == "\"a\rb\",\u{FFFD}[31m")
    }

    @Test func jsonGetsEscapesThatMeanTheSameValue() {
        // JSONWriter escapes C0 itself; DEL and C1 are left to the sink.
        #expect(OutputText.clean("[\"a\u{7F}b\u{9B}c\u{85}\"]", as: .json) == "[\"a\\u007fb\\u009bc\\u0085\"]")
    }

    @Test func cleanTextIsUnchanged() {
        for text in ["plain", "日本語 🙂 é ©\u{A0}", "tab\tand\nline"] {
            #expect(OutputText.clean(text) == text)
            #expect(OutputText.clean(text, as: .json) == text)
        }
    }
}
