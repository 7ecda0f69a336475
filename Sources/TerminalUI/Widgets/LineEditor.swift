/// The state of a one-line text input: its text and a cursor between characters.
///
/// `cursor` counts `Character`s (grapheme clusters) from the start, so it is
/// `0` before the first character and `text.count` after the last. Editing
/// keys follow the shell's line editor: printable characters insert, Backspace
/// and Del delete, ←/→ move, Home/Ctrl-A and End/Ctrl-E jump, Ctrl-U kills to
/// the start, Ctrl-W the word before the cursor and Ctrl-K to the end.
public struct LineEditor: Sendable, Equatable {
    /// The text being edited; assigning it keeps the cursor within the new text.
    public var text: String {
        didSet { cursor = min(cursor, text.count) }
    }
    /// The cursor's position as a `Character` offset into `text`.
    public private(set) var cursor: Int

    /// An editor holding `text`, with the cursor at its end.
    public init(_ text: String = "") {
        self.text = text
        self.cursor = text.count
    }

    /// Replaces the text and puts the cursor at its end.
    public mutating func set(_ text: String) {
        self.text = text
        cursor = text.count
    }

    /// Applies an editing key and returns true; returns false (changing
    /// nothing) for keys that are not for the editor, such as Enter, Esc, Tab
    /// and ↑/↓, so the caller can act on them.
    ///
    /// An editing key is consumed even where it has nothing to do (Backspace
    /// at the start, → at the end).
    public mutating func handle(_ key: Key) -> Bool {
        switch key {
        case .char(let character):
            guard Self.isInsertable(character) else { return false }
            insert(character)
        case .backspace:
            guard cursor > 0 else { return true }
            remove(from: cursor - 1, to: cursor)
        case .delete:
            guard cursor < text.count else { return true }
            remove(from: cursor, to: cursor + 1)
        case .left:
            cursor = max(0, cursor - 1)
        case .right:
            cursor = min(text.count, cursor + 1)
        case .home, .ctrl("a"):
            cursor = 0
        case .end, .ctrl("e"):
            cursor = text.count
        case .ctrl("u"):
            remove(from: 0, to: cursor)
        case .ctrl("w"):
            remove(from: wordStart(before: cursor), to: cursor)
        case .ctrl("k"):
            remove(from: cursor, to: text.count)
        default:
            return false
        }
        return true
    }

    /// Whether typing `character` inserts it: anything but control characters,
    /// line breaks and bidirectional overrides.
    static func isInsertable(_ character: Character) -> Bool {
        TextSanitizer.isClean(String(character))
    }

    // MARK: - Editing

    private func index(_ offset: Int) -> String.Index {
        text.index(text.startIndex, offsetBy: min(max(0, offset), text.count))
    }

    private mutating func insert(_ character: Character) {
        let split = index(cursor)
        let before = String(text[..<split]) + String(character)
        // A combining mark joins the character before it, so the cursor is
        // counted again rather than simply moved on by one.
        let newCursor = before.count
        text = before + String(text[split...])
        cursor = min(newCursor, text.count)
    }

    /// Removes the characters from offset `start` up to (not including) `end`
    /// and leaves the cursor where they were.
    private mutating func remove(from start: Int, to end: Int) {
        guard start < end else { return }
        text.removeSubrange(index(start)..<index(end))
        cursor = min(start, text.count)
    }

    /// Where the word before `offset` starts: blanks just before the cursor
    /// are skipped, then everything back to the previous blank.
    private func wordStart(before offset: Int) -> Int {
        let characters = Array(text.prefix(offset))
        var start = characters.count
        while start > 0, characters[start - 1].isWhitespace { start -= 1 }
        while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
        return start
    }
}

// MARK: - Drawing

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

/// Lines entered before, for ↑/↓ in a line editor; the newest is last.
///
/// `previous(current:)` steps back, remembering the line being typed so that
/// stepping forward past the newest entry brings it back.
public struct LineHistory: Sendable, Equatable {
    /// The remembered lines, oldest first.
    public private(set) var entries: [String] = []
    /// How many lines are kept; older ones are dropped.
    public var limit: Int
    /// The entry being shown while stepping through; nil when not stepping.
    private var position: Int?
    /// The line being typed when stepping started.
    private var draft = ""

    public init(limit: Int = 100) {
        self.limit = max(1, limit)
    }

    /// Remembers `line` as the newest entry (not when blank or the same as the
    /// newest) and stops stepping.
    public mutating func add(_ line: String) {
        position = nil
        guard !line.allSatisfy(\.isWhitespace), entries.last != line else { return }
        entries.append(line)
        if entries.count > limit { entries.removeFirst(entries.count - limit) }
    }

    /// The entry before the one shown, or nil when there is none older.
    /// `current` is the line being typed; it is kept for `next()`.
    public mutating func previous(current: String) -> String? {
        let target: Int
        if let position {
            target = position - 1
        } else {
            draft = current
            target = entries.count - 1
        }
        guard target >= 0 else { return nil }
        position = target
        return entries[target]
    }

    /// The entry after the one shown, the line that was being typed after the
    /// newest entry, or nil when not stepping through the history.
    public mutating func next() -> String? {
        guard let position else { return nil }
        if position + 1 < entries.count {
            self.position = position + 1
            return entries[position + 1]
        }
        self.position = nil
        return draft
    }
}
