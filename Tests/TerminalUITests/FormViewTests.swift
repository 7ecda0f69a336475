import TerminalUI
import TestSupport
import Testing

@MainActor @Suite struct FormViewTests {
    let theme = Theme.builtinDefault

    private func todoForm(error: String? = nil) -> Form {
        Form(
            title: "New todo",
            fields: [
                .text("Title", key: "title", value: "Buy milk"),
                .text("User", key: "userId", value: "3"),
                .toggle("Done", key: "completed"),
            ],
            error: error)
    }

    private func handling(_ keys: [Key], _ form: Form? = nil) -> Form {
        var form = form ?? todoForm()
        for key in keys { _ = form.handle(key) }
        return form
    }

    // MARK: - Keys

    @Test func tabAndDownMoveToTheNextFieldAndWrap() {
        #expect(todoForm().focus == 0)
        #expect(handling([.tab]).focus == 1)
        #expect(handling([.tab, .down]).focus == 2)
        #expect(handling([.tab, .tab, .tab]).focus == 0)
        #expect(handling([.down, .down, .down, .down]).focus == 1)
    }

    @Test func backTabAndUpMoveToThePreviousFieldAndWrap() {
        #expect(handling([.backTab]).focus == 2)
        #expect(handling([.up, .up]).focus == 1)
        #expect(handling([.tab, .tab, .backTab]).focus == 1)
    }

    @Test func navigationKeysSayTheFormIsStillOpen() {
        var form = todoForm()
        #expect(form.handle(.tab) == .editing)
        #expect(form.handle(.backTab) == .editing)
        #expect(form.handle(.char("x")) == .editing)
    }

    @Test func editingKeysGoToTheFocusedTextField() {
        let form = handling([.char("!"), .tab, .backspace, .char("7"), .ctrl("a"), .char("1")])
        #expect(form.text("title") == "Buy milk!")
        #expect(form.text("userId") == "17")
        #expect(form.toggle("completed") == false)
    }

    @Test func spaceOnATextFieldTypesASpace() {
        #expect(handling([.char(" "), .char("x")]).text("title") == "Buy milk x")
    }

    @Test func spaceAndArrowsFlipAToggle() {
        let toggle: [Key] = [.backTab]
        #expect(handling(toggle + [.char(" ")]).toggle("completed") == true)
        #expect(handling(toggle + [.char(" "), .char(" ")]).toggle("completed") == false)
        #expect(handling(toggle + [.left]).toggle("completed") == true)
        #expect(handling(toggle + [.right]).toggle("completed") == true)
        // Other keys leave it, and the text fields, alone.
        let untouched = handling(toggle + [.char("x"), .backspace, .ctrl("u")])
        #expect(untouched == handling(toggle))
    }

    @Test func enterSubmitsAndEscapeCancelsFromAnyField() {
        for focus in 0..<3 {
            var form = handling(Array(repeating: .tab, count: focus))
            #expect(form.focus == focus)
            let before = form
            #expect(form.handle(.enter) == .submit)
            #expect(form.handle(.escape) == .cancel)
            #expect(form == before)
        }
    }

    @Test func readsValuesByKeyOfTheRightKind() {
        let form = todoForm()
        #expect(form.text("title") == "Buy milk")
        #expect(form.text("completed") == nil)
        #expect(form.text("missing") == nil)
        #expect(form.toggle("completed") == false)
        #expect(form.toggle("title") == nil)
    }

    @Test func focusCanMoveToAFieldByKey() {
        var form = todoForm()
        #expect(form.moveFocus(to: "completed") == true)
        #expect(form.focus == 2)
        #expect(form.moveFocus(to: "missing") == false)
        #expect(form.focus == 2)
    }

    @Test func focusStaysOnAFieldWhenFieldsChange() {
        var form = handling([.backTab])
        form.fields.removeLast()
        #expect(form.focus == 1)
        #expect(Form(title: "x", fields: [.toggle("a", key: "a")], focus: 5).focus == 0)
    }

    @Test func aFormWithoutFieldsStillSubmitsAndCancels() {
        var form = Form(title: "Empty", fields: [])
        #expect(form.handle(.tab) == .editing)
        #expect(form.handle(.char("x")) == .editing)
        #expect(form.focus == 0)
        #expect(form.handle(.enter) == .submit)
        #expect(form.handle(.escape) == .cancel)
    }

    // MARK: - Drawing

    private func drawn(_ form: Form, size: Size = Size(rows: 14, cols: 80)) -> InMemoryTerminal {
        let t = InMemoryTerminal(size: size)
        form.draw(on: t, in: Rect(size: size), theme: theme)
        return t
    }

    private func row(containing s: String, in t: InMemoryTerminal) -> Int? {
        (0..<t.size.rows).first { t.line($0).contains(s) }
    }

    @Test func drawsABoxWithLabelsValuesAndHints() {
        let t = drawn(todoForm())
        #expect(t.contains(" New todo "))
        #expect(t.contains("┌"))
        #expect(t.contains("┘"))
        #expect(t.contains("Title: [Buy milk "))
        #expect(t.contains("User:  [3 "))
        #expect(t.contains("Done:  [ ]"))
        #expect(t.contains("Enter saves · Tab next field · Esc cancels"))
        // Labels line up and text fields end in `]` at the same column.
        let title = t.line(row(containing: "Title:", in: t) ?? -1)
        let user = t.line(row(containing: "User:", in: t) ?? -1)
        #expect(title.firstIndex(of: "[")?.utf16Offset(in: title) == user.firstIndex(of: "[")?.utf16Offset(in: user))
        #expect(title.lastIndex(of: "]")?.utf16Offset(in: title) == user.lastIndex(of: "]")?.utf16Offset(in: user))
    }

    @Test func theBoxIsAtMostSeventyColumnsAndCentred() {
        let t = drawn(todoForm(), size: Size(rows: 14, cols: 100))
        let top = t.line(row(containing: "┌", in: t) ?? -1)
        #expect(top.hasPrefix(String(repeating: " ", count: 15) + "┌"))
        #expect(TextWidth.of(top.trimmingSpaces) == 70)
        let box = todoForm().frame(in: Rect(row: 0, col: 0, height: 14, width: 40))
        #expect(box.width == 40)
        #expect(box.height == 7)
    }

    @Test func aToggleThatIsOnShowsACross() {
        let t = drawn(handling([.backTab, .char(" ")]))
        #expect(t.contains("Done:  [x]"))
    }

    @Test func theFocusedRowIsHighlightedAndOnlyItShowsACursor() {
        let t = drawn(handling([.tab]))
        let highlight = theme.style(.cursorRow).over(theme.style(.dialog))
        guard let userRow = row(containing: "User:", in: t), let titleRow = row(containing: "Title:", in: t) else {
            Issue.record("rows missing:\n\(t.text)")
            return
        }
        let labelCol = t.line(userRow).distance(to: "User:")
        #expect(t.style(atRow: userRow, col: labelCol) == highlight)
        #expect(t.style(atRow: titleRow, col: labelCol) == theme.style(.dialog))
        // The cursor: the blank after "3", drawn reversed, on the focused row only.
        let cursorCells = (0..<t.size.rows).flatMap { y in
            (0..<t.size.cols).filter { t.style(atRow: y, col: $0)?.reverse == true }.map { (y, $0) }
        }
        #expect(cursorCells.count == 1)
        #expect(cursorCells.first?.0 == userRow)
        if let (y, x) = cursorCells.first {
            #expect(t.cell(atRow: y, col: x - 1)?.text == "3")
        }
    }

    @Test func drawsTheErrorInTheErrorRole() {
        let t = drawn(todoForm(error: "title can't be empty"))
        guard let errorRow = row(containing: "title can't be empty", in: t) else {
            Issue.record("no error line:\n\(t.text)")
            return
        }
        let col = t.line(errorRow).distance(to: "title")
        #expect(t.style(atRow: errorRow, col: col)?.foreground == theme.style(.error).foreground)
        #expect(errorRow > (row(containing: "Done:", in: t) ?? .max))
        #expect(!drawn(todoForm()).contains("can't"))
    }

    @Test func theHintIsDim() {
        let t = drawn(todoForm())
        guard let hintRow = row(containing: "Enter saves", in: t) else {
            Issue.record("no hint line:\n\(t.text)")
            return
        }
        let col = t.line(hintRow).distance(to: "Enter")
        #expect(t.style(atRow: hintRow, col: col)?.foreground == theme.style(.dim).foreground)
    }

    @Test func longCJKValuesScrollInsideTheirBrackets() {
        let form = Form(title: "Edit", fields: [.text("Title", key: "title", value: "日本語のテキストを編集する")])
        let t = drawn(form, size: Size(rows: 8, cols: 30))
        let line = t.line(row(containing: "Title:", in: t) ?? -1)
        #expect(line.contains("…"))
        #expect(line.contains("する "))
        #expect(line.contains("]"))
        #expect(TextWidth.of(line) == 30)
    }

    @Test func whenRowsAreShortTheFocusedFieldStaysInView() {
        // Five rows: the border and three inside.
        let form = handling([.backTab], todoForm(error: "oops"))
        let t = drawn(form, size: Size(rows: 5, cols: 40))
        #expect(t.contains("Done:"))
        #expect(t.contains("oops"))
        #expect(t.contains("Enter"))
        #expect(!t.contains("Title:"))
    }

    @Test(arguments: [
        Size(rows: 3, cols: 10), Size(rows: 1, cols: 1), Size(rows: 0, cols: 0), Size(rows: 2, cols: 5),
        Size(rows: 4, cols: 6),
    ])
    func drawsAtTinySizesWithoutCrashing(size: Size) {
        let form = todoForm(error: "a long error message that does not fit")
        let t = drawn(form, size: size)
        for y in 0..<size.rows { #expect(TextWidth.of(t.line(y)) == size.cols) }
        if size == Size(rows: 3, cols: 10) {
            // One row inside the border: the focused field.
            #expect(t.line(1).contains("T"))
            #expect(t.line(0).hasPrefix("┌"))
        }
    }
}

extension String {
    /// The string without leading and trailing spaces.
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }

    /// How many characters come before the first `s` (or `count` when absent).
    fileprivate func distance(to s: String) -> Int {
        guard let range = firstRange(of: s) else { return count }
        return self[..<range.lowerBound].count
    }
}
