extension LineEditor {
    /// Draws `prompt` and the text on one row, `width` cells from `col`.
    ///
    /// Every cell of the row is repainted. The prompt keeps its full width
    /// while the text field still gets four cells; beyond that it is cut.
    /// Text that does not fit scrolls sideways so the cursor stays in view, and
    /// `…` marks text hidden to the left or right when there is room for it.
    /// With `showsCursor` the character under the cursor (a blank at the end of
    /// the text) is drawn in `cursorStyle`. Characters that would take no cell
    /// on their own, or that sanitising removes, are shown as `�` so the cursor
    /// can still stand on them.
    @MainActor
    public func draw(
        prompt: String, on terminal: any Terminal, row: Int, col: Int, width: Int,
        style: Style, cursorStyle: Style, showsCursor: Bool
    ) {
        guard width > 0 else { return }
        terminal.fill(row: row, col: col, width: width, style: style)
        let cleanPrompt = TextSanitizer.clean(prompt)
        let promptRoom = max(0, width - min(width, 4))
        let shownPrompt =
            TextWidth.of(cleanPrompt) <= promptRoom ? cleanPrompt : TextWidth.truncate(cleanPrompt, to: promptRoom)
        let promptWidth = TextWidth.of(shownPrompt)
        if promptWidth > 0 { terminal.write(shownPrompt, row: row, col: col, style: style) }

        let fieldCol = col + promptWidth
        let fieldWidth = width - promptWidth
        let glyphs = displayGlyphs()
        let window = Self.window(widths: glyphs.map(\.width), cursor: cursor, width: fieldWidth)
        var x = fieldCol
        if window.hiddenLeft {
            terminal.write("…", row: row, col: x, style: style)
            x += 1
        }
        for index in window.range {
            let glyph = glyphs[index]
            let isCursor = showsCursor && index == cursor
            // A cursor character wider than the whole field is shown as a blank.
            let text = glyph.width > fieldWidth ? " " : glyph.text
            terminal.write(text, row: row, col: x, style: isCursor ? cursorStyle : style)
            x += glyph.width
        }
        if window.hiddenRight {
            terminal.write("…", row: row, col: col + width - 1, style: style)
        }
    }

    /// What each character is drawn as, plus a blank for the cursor's cell
    /// after the last character when the cursor is there.
    func displayGlyphs() -> [(text: String, width: Int)] {
        var glyphs: [(text: String, width: Int)] = text.map { character in
            let clean = TextSanitizer.clean(String(character))
            let width = TextWidth.of(clean)
            return width == 0 ? (String(TextSanitizer.controlMarker), 1) : (clean, width)
        }
        if cursor == glyphs.count { glyphs.append((" ", 1)) }
        return glyphs
    }

    /// Which glyphs are shown in a field of `width` cells with the cursor on
    /// glyph `cursor`, and whether `…` marks hidden glyphs on either side.
    struct Window: Equatable {
        var range: Range<Int>
        var hiddenLeft: Bool
        var hiddenRight: Bool
    }

    /// Shows everything when it fits; otherwise starts at the beginning while
    /// the cursor fits there, and else puts the cursor at the right edge.
    static func window(widths: [Int], cursor: Int, width: Int) -> Window {
        let count = widths.count
        guard width > 0, count > 0 else { return Window(range: 0..<0, hiddenLeft: false, hiddenRight: false) }
        let cursor = min(max(0, cursor), count - 1)
        if widths.reduce(0, +) <= width { return Window(range: 0..<count, hiddenLeft: false, hiddenRight: false) }
        // One cell for each `…`, if that still leaves the cursor room.
        let marker = width >= widths[cursor] + 2 ? 1 : 0
        var start = 0
        if widths[...cursor].reduce(0, +) > width - marker {
            let budget = width - marker - (cursor < count - 1 ? marker : 0)
            start = cursor
            var used = widths[cursor]
            while start > 0, used + widths[start - 1] <= budget {
                start -= 1
                used += widths[start]
            }
        }
        let hiddenLeft = start > 0 && marker == 1
        var used = widths[start...cursor].reduce(0, +) + (hiddenLeft ? 1 : 0)
        var end = cursor + 1
        while end < count {
            let needed = widths[end] + (end == count - 1 ? 0 : marker)
            guard used + needed <= width else { break }
            used += widths[end]
            end += 1
        }
        return Window(range: start..<end, hiddenLeft: hiddenLeft, hiddenRight: end < count && marker == 1)
    }
}
