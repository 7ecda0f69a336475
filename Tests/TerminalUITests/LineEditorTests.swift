import TerminalUI
import TestSupport
import Testing

@Suite struct LineEditorTests {
    /// An editor after typing `keys` into `text`.
    private func edited(_ text: String = "", _ keys: [Key]) -> LineEditor {
        var editor = LineEditor(text)
        for key in keys { _ = editor.handle(key) }
        return editor
    }

    private func typing(_ s: String) -> [Key] { s.map { Key.char($0) } }

    @Test func startsWithTheCursorAtTheEnd() {
        #expect(LineEditor().text == "")
        #expect(LineEditor().cursor == 0)
        let editor = LineEditor("日本語 ok")
        #expect(editor.cursor == 6)
    }

    @Test func typingInsertsAtTheCursor() {
        var editor = LineEditor("ac")
        #expect(editor.handle(.left) == true)
        #expect(editor.handle(.char("b")) == true)
        #expect(editor.text == "abc")
        #expect(editor.cursor == 2)
        #expect(edited("", typing("日本")).text == "日本")
        #expect(edited("", typing("日本")).cursor == 2)
    }

    @Test func controlCharactersAreNotInserted() {
        var editor = LineEditor("x")
        #expect(editor.handle(.char("\u{1B}")) == false)
        #expect(editor.handle(.char("\n")) == false)
        #expect(editor.handle(.char("\u{202E}")) == false)
        #expect(editor == LineEditor("x"))
    }

    @Test func backspaceAndDeleteRemoveAroundTheCursor() {
        let back = edited("abcd", [.left, .backspace])
        #expect(back.text == "abd")
        #expect(back.cursor == 2)
        let del = edited("abcd", [.left, .left, .delete])
        #expect(del.text == "abd")
        #expect(del.cursor == 2)
        // Nothing to remove: the keys are still the editor's.
        var atStart = LineEditor("ab")
        _ = atStart.handle(.home)
        #expect(atStart.handle(.backspace) == true)
        #expect(atStart.text == "ab")
        var atEnd = LineEditor("ab")
        #expect(atEnd.handle(.delete) == true)
        #expect(atEnd.text == "ab")
    }

    @Test func backspaceRemovesAWholeGraphemeCluster() {
        let editor = edited("ae\u{301}👩‍💻", [.backspace, .backspace])
        #expect(editor.text == "a")
        #expect(editor.cursor == 1)
    }

    @Test func arrowsMoveWithinTheText() {
        #expect(edited("abc", [.left, .left]).cursor == 1)
        #expect(edited("abc", [.left, .left, .left, .left]).cursor == 0)
        #expect(edited("abc", [.right]).cursor == 3)
        #expect(edited("abc", [.home, .right]).cursor == 1)
    }

    @Test func homeEndAndTheirControlKeysJump() {
        #expect(edited("abc", [.home]).cursor == 0)
        #expect(edited("abc", [.ctrl("a")]).cursor == 0)
        #expect(edited("abc", [.home, .end]).cursor == 3)
        #expect(edited("abc", [.home, .ctrl("e")]).cursor == 3)
    }

    @Test func controlUClearsToTheStart() {
        let editor = edited("hello world", [.left, .left, .ctrl("u")])
        #expect(editor.text == "ld")
        #expect(editor.cursor == 0)
    }

    @Test func controlKKillsToTheEnd() {
        let editor = edited("hello world", [.home, .right, .right, .ctrl("k")])
        #expect(editor.text == "he")
        #expect(editor.cursor == 2)
    }

    @Test func controlWDeletesTheWordBeforeTheCursor() {
        let once = edited("buy some milk", [.ctrl("w")])
        #expect(once.text == "buy some ")
        #expect(once.cursor == 9)
        // Trailing blanks go with the word before them.
        #expect(edited("buy some  ", [.ctrl("w")]).text == "buy ")
        // Only what is before the cursor.
        let middle = edited("buy some milk", [.left, .left, .left, .left, .left, .ctrl("w")])
        #expect(middle.text == "buy  milk")
        #expect(middle.cursor == 4)
        #expect(edited("buy", [.ctrl("w"), .ctrl("w")]).text == "")
    }

    @Test func otherKeysAreLeftToTheCaller() {
        for key in [Key.enter, .escape, .tab, .backTab, .up, .down, .pageUp, .ctrl("c"), .function(2), .resize] {
            var editor = LineEditor("abc")
            _ = editor.handle(.left)
            let before = editor
            #expect(editor.handle(key) == false, "\(key)")
            #expect(editor == before)
        }
    }

    @Test func setReplacesTheTextWithTheCursorAtTheEnd() {
        var editor = edited("abcdef", [.home])
        editor.set("xy")
        #expect(editor.text == "xy")
        #expect(editor.cursor == 2)
    }

    @Test func assigningShorterTextKeepsTheCursorInside() {
        var editor = LineEditor("abcdef")
        editor.text = "ab"
        #expect(editor.cursor == 2)
        #expect(editor.handle(.backspace) == true)
        #expect(editor.text == "a")
    }

    // MARK: - History

    @Test func historyStepsBackAndForwardToTheDraft() {
        var history = LineHistory()
        history.add("first")
        history.add("second")
        history.add("second")
        history.add("  ")
        #expect(history.entries == ["first", "second"])
        #expect(history.next() == nil)
        #expect(history.previous(current: "dra") == "second")
        #expect(history.previous(current: "second") == "first")
        #expect(history.previous(current: "first") == nil)
        #expect(history.next() == "second")
        #expect(history.next() == "dra")
        #expect(history.next() == nil)
    }

    @Test func historyKeepsItsLimit() {
        var history = LineHistory(limit: 2)
        for line in ["a", "b", "c"] { history.add(line) }
        #expect(history.entries == ["b", "c"])
    }
}

@MainActor @Suite struct LineEditorDrawingTests {
    let style = Style.plain
    let cursorStyle = Style(reverse: true)

    /// Draws `editor` on one row of `width` cells and returns the terminal.
    private func draw(
        _ editor: LineEditor, prompt: String = "", width: Int, showsCursor: Bool = true
    ) -> InMemoryTerminal {
        let t = InMemoryTerminal(size: Size(rows: 1, cols: width))
        editor.draw(
            prompt: prompt, on: t, row: 0, col: 0, width: width, style: style, cursorStyle: cursorStyle,
            showsCursor: showsCursor)
        return t
    }

    /// The columns drawn in the cursor style.
    private func cursorColumns(_ t: InMemoryTerminal) -> [Int] {
        (0..<t.size.cols).filter { t.style(atRow: 0, col: $0) == cursorStyle }
    }

    @Test func drawsPromptTextAndACursorBlankAtTheEnd() {
        let t = draw(LineEditor("milk"), prompt: "Title: ", width: 20)
        #expect(t.line(0) == "Title: milk         ")
        #expect(cursorColumns(t) == [11])
    }

    @Test func drawsTheCharacterUnderTheCursorInTheCursorStyle() {
        var editor = LineEditor("milk")
        _ = editor.handle(.home)
        _ = editor.handle(.right)
        let t = draw(editor, prompt: "> ", width: 10)
        #expect(t.line(0) == "> milk    ")
        #expect(cursorColumns(t) == [3])
        #expect(t.cell(atRow: 0, col: 3)?.text == "i")
    }

    @Test func hidesTheCursorWhenAsked() {
        let t = draw(LineEditor("milk"), width: 10, showsCursor: false)
        #expect(t.line(0) == "milk      ")
        #expect(cursorColumns(t).isEmpty)
    }

    @Test func sanitisesTheText() {
        var editor = LineEditor()
        editor.text = "a\u{1B}[31mb\nc"
        let t = draw(editor, width: 20)
        #expect(t.line(0).hasPrefix("a\u{FFFD}[31mb⏎c "))
        #expect(!t.line(0).contains("\u{1B}"))
    }

    @Test func longTextScrollsToKeepTheCursorAtTheEndVisible() {
        let t = draw(LineEditor("abcdefghijklmnop"), prompt: "> ", width: 10)
        // 8 cells for the field: `…`, the last six characters, the cursor.
        #expect(t.line(0) == "> …klmnop ")
        #expect(cursorColumns(t) == [9])
    }

    @Test func longTextShowsItsStartWhileTheCursorIsThere() {
        var editor = LineEditor("abcdefghijklmnop")
        _ = editor.handle(.home)
        let t = draw(editor, prompt: "> ", width: 10)
        #expect(t.line(0) == "> abcdefg…")
        #expect(cursorColumns(t) == [2])
    }

    @Test func cjkTextScrollsByDisplayWidthAndKeepsTheCursorVisible() {
        // Thirteen two-cell characters: 26 cells in a 10-cell field.
        let text = "日本語のテキストを編集する"
        var editor = LineEditor(text)
        for position in stride(from: text.count, through: 0, by: -1) {
            let t = draw(editor, prompt: "> ", width: 12)
            let line = t.line(0)
            #expect(TextWidth.of(line) == 12, "cursor \(position): \(line)")
            let columns = cursorColumns(t)
            // The cursor is on screen, on the character it stands on.
            let expected: String =
                position == text.count ? " " : String(text[text.index(text.startIndex, offsetBy: position)])
            #expect(!columns.isEmpty, "cursor \(position): \(line)")
            if let first = columns.first {
                #expect(t.cell(atRow: 0, col: first)?.text == expected, "cursor \(position): \(line)")
                #expect(first >= 2 && first < 12)
            }
            _ = editor.handle(.left)
        }
    }

    @Test func cjkTextAtTheEndShowsItsTail() {
        let t = draw(LineEditor("日本語のテキストを編集する"), prompt: "> ", width: 12)
        // `…` + four wide characters + the cursor blank = 10 cells.
        #expect(t.line(0) == "> …編集する ")
        #expect(cursorColumns(t) == [11])
    }

    @Test func aLongPromptLeavesRoomForTheField() {
        let t = draw(LineEditor("abc"), prompt: "A very long prompt: ", width: 10)
        #expect(t.line(0).hasPrefix("A ver…"))
        #expect(t.line(0).contains("abc"))
        #expect(cursorColumns(t) == [9])
    }

    @Test(arguments: [1, 2, 3])
    func drawsAtTinyWidthsWithTheCursorVisible(width: Int) {
        for text in ["", "abc", "日本語"] {
            let t = draw(LineEditor(text), prompt: "Title: ", width: width)
            #expect(TextWidth.of(t.line(0)) == width)
            #expect(cursorColumns(t).count == 1, "\(text) in \(width)")
        }
        var editor = LineEditor("日本語")
        _ = editor.handle(.home)
        let t = draw(editor, width: width)
        #expect(!cursorColumns(t).isEmpty)
    }

    @Test func drawsNothingInZeroWidth() {
        let t = InMemoryTerminal(size: Size(rows: 1, cols: 3))
        LineEditor("abc").draw(
            prompt: "> ", on: t, row: 0, col: 0, width: 0, style: Style(bold: true), cursorStyle: cursorStyle,
            showsCursor: true)
        #expect(t.line(0) == "   ")
        #expect(t.style(atRow: 0, col: 0) == .plain)
    }
}
