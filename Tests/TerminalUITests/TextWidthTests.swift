import TerminalUI
import Testing

@Suite struct TextWidthTests {
    @Test func asciiIsOneCellPerCharacter() {
        #expect(TextWidth.of("hello, world") == 12)
        #expect(TextWidth.of("") == 0)
    }

    /// Found by the property tests: padding `ำ` (Thai sara am, a spacing
    /// mark) on the left joined it to the pad's space in one grapheme, which
    /// counted one cell, so the padded text was a cell short.
    @Test func aSpacingMarkJoinedToASpaceKeepsItsCell() {
        #expect(TextWidth.of(" \u{0E33}") == 2)
        #expect(TextWidth.of(TextWidth.pad("\u{0E33}", to: 2, alignment: .right)) == 2)
        #expect(TextWidth.of(TextWidth.pad("\u{0E33}", to: 5, alignment: .center)) == 5)
        #expect(TextWidth.of("e\u{301}") == 1)
    }

    /// Found by the property tests (CI, seed VR8YimWS…): `ำำ` is one
    /// two-cell cluster; after a pad's space it joined that space, and the
    /// three-scalar cluster counted two cells, so the padded text was short.
    @Test func twoSpacingMarksAfterThePadStillFillTheWidth() {
        for alignment in [TextWidth.Alignment.left, .right, .center] {
            for width in 1...6 {
                let padded = TextWidth.pad("\u{0E33}\u{0E33}", to: width, alignment: alignment)
                #expect(TextWidth.of(padded) == width, "\(alignment) \(width): \(padded.debugDescription)")
            }
        }
    }

    @Test func cjkAndFullwidthAreTwoCells() {
        #expect(TextWidth.of("日本語") == 6)
        #expect(TextWidth.of("한국어") == 6)
        #expect(TextWidth.of("ひらがなカタカナ") == 16)
        #expect(TextWidth.of("ＡＢＣ") == 6)
        #expect(TextWidth.of("a日b") == 4)
    }

    @Test func emojiAreTwoCells() {
        #expect(TextWidth.of("🙂") == 2)
        #expect(TextWidth.of("🚀x") == 3)
        #expect(TextWidth.of("🦀") == 2)
        #expect(TextWidth.of("🇯🇵") == 2)
    }

    @Test func variationSelector16MakesATextSymbolWide() {
        #expect(TextWidth.of("❤") == 1)
        #expect(TextWidth.of("❤️") == 2)
    }

    @Test func combiningMarksTakeNoCell() {
        #expect(TextWidth.of("e\u{301}") == 1)
        #expect(TextWidth.of("Zu\u{308}rich") == 6)
        #expect(TextWidth.of("\u{200B}") == 0)
    }

    @Test func zwjSequenceIsOneWideGlyph() {
        #expect(TextWidth.of("👩‍💻") == 2)
        #expect(TextWidth.of("👨‍👩‍👧‍👦!") == 3)
    }

    @Test func controlCharactersTakeNoCell() {
        #expect(TextWidth.of("a\u{1B}b") == 2)
    }

    @Test func truncatesAsciiWithEllipsis() {
        #expect(TextWidth.truncate("abcdefgh", to: 5) == "abcd…")
        #expect(TextWidth.truncate("abc", to: 5) == "abc")
        #expect(TextWidth.truncate("abc", to: 0) == "")
        #expect(TextWidth.truncate("abc", to: 1) == "…")
    }

    @Test func truncatingCJKKeepsDisplayWidthExact() {
        for width in 1...12 {
            let cut = TextWidth.truncate("日本語のテキストです", to: width)
            #expect(TextWidth.of(cut) == width, "width \(width): \(cut)")
        }
        // 4 cells: one wide char (2) + ellipsis (1) + a blank where the next would straddle.
        #expect(TextWidth.truncate("日本語", to: 4) == "日… ")
        #expect(TextWidth.truncate("ab 日本", to: 4) == "ab …")
    }

    @Test func truncatingNeverSplitsEmojiSequences() {
        let cut = TextWidth.truncate("ab👩‍💻cd", to: 4)
        #expect(cut == "ab… ")
        #expect(!cut.unicodeScalars.contains("\u{200D}"))
    }

    @Test func padsToExactWidthWithAlignment() {
        #expect(TextWidth.pad("ab", to: 5) == "ab   ")
        #expect(TextWidth.pad("ab", to: 5, alignment: .right) == "   ab")
        #expect(TextWidth.pad("ab", to: 5, alignment: .center) == " ab  ")
        #expect(TextWidth.pad("日本", to: 5, alignment: .right) == " 日本")
        #expect(TextWidth.pad("abcdef", to: 4) == "abc…")
        #expect(TextWidth.pad("x", to: 0) == "")
    }
}
