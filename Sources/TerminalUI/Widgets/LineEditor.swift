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
