import TerminalUI
import Testing

@Suite struct TextSanitizerTests {
    @Test func cleanTextIsReturnedUnchanged() {
        #expect(TextSanitizer.clean("plain text") == "plain text")
        #expect(TextSanitizer.clean("日本語 🙂 é") == "日本語 🙂 é")
        #expect(TextSanitizer.isClean("日本語"))
    }

    @Test func escapeSequencesCannotReachTheTerminal() {
        let cleaned = TextSanitizer.clean("\u{1B}]52;c;ZXZpbA==\u{07}\u{1B}[31mred")
        #expect(!cleaned.unicodeScalars.contains("\u{1B}"))
        #expect(!cleaned.unicodeScalars.contains("\u{07}"))
        #expect(cleaned.hasSuffix("[31mred"))
    }

    @Test func tabsBecomeSpaces() {
        #expect(TextSanitizer.clean("a\tb") == "a b")
    }

    @Test func lineBreaksBecomeOneMarker() {
        #expect(TextSanitizer.clean("a\nb\r\nc\rd") == "a⏎b⏎c⏎d")
    }

    @Test func c1AndDeleteAreReplaced() {
        #expect(TextSanitizer.clean("a\u{9B}31mb\u{7F}") == "a\u{FFFD}31mb\u{FFFD}")
    }

    @Test func bidiOverridesAreRemoved() {
        #expect(TextSanitizer.clean("abc\u{202E}fed\u{2066}x") == "abcfedx")
    }

    @Test func cleanedTextHasNoControlScalars() {
        let nasty = (0..<0xA0).compactMap(Unicode.Scalar.init).map(String.init).joined()
        let cleaned = TextSanitizer.clean(nasty)
        #expect(!cleaned.unicodeScalars.contains { $0.value < 0x20 || ($0.value >= 0x7F && $0.value < 0xA0) })
    }
}
