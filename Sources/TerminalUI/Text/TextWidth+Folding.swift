/// Long text in one pass: cut to a budget of bytes, or folded into pieces
/// that fit a width. Every character is measured once (and once more where
/// it did not fit the end of a piece), however long the text: a 5 MB value
/// costs as much as reading it, never a scan of the rest for every line.
extension TextWidth {
    /// The leading part of `s` of at most `maxBytes` UTF-8 bytes, and how
    /// many bytes of `s` were left out.
    ///
    /// Cut on a scalar boundary (never inside a UTF-8 sequence); a cluster
    /// cut there may lose its trailing marks, which is harmless where the
    /// rest is left out. Costs a copy of the head, never a scan of the rest.
    public static func head(_ s: String, maxBytes: Int) -> (head: String, cutBytes: Int) {
        let total = s.utf8.count
        guard total > maxBytes else { return (s, 0) }
        let utf8 = s.utf8
        var end = utf8.index(utf8.startIndex, offsetBy: max(0, maxBytes))
        // Back over continuation bytes (10xxxxxx) to the start of a scalar.
        while end > utf8.startIndex, end < utf8.endIndex, utf8[end] & 0xC0 == 0x80 {
            end = utf8.index(before: end)
        }
        let head = String(Substring(s.unicodeScalars[..<end]))
        return (head, total - head.utf8.count)
    }

    /// `s` in pieces that fit: the first at most `first` cells wide, each
    /// later one at most `width` cells, each with its width in cells.
    ///
    /// Where not even one character fits, the piece is empty (the caller
    /// goes on in a new line) unless `freshFirst` says the first piece
    /// starts a line of its own; a character wider than a whole line then
    /// makes a piece alone (drawn cut), so the fold always advances.
    /// `measure` is the width of one character (tests count the calls).
    ///
    /// With `atSpaces`, a piece that overflows ends after its last space
    /// (the space kept, so the pieces still join to `s`) rather than inside
    /// a word; a word longer than a line is still cut. The characters moved
    /// to the next piece are not measured again.
    public static func fold(
        _ s: Substring, first: Int, width: Int, freshFirst: Bool = true, atSpaces: Bool = false,
        measure: (Character) -> Int = TextWidth.of
    ) -> [(text: Substring, width: Int)] {
        var pieces: [(text: Substring, width: Int)] = []
        var room = first
        var fresh = freshFirst
        var start = s.startIndex
        var index = start
        var used = 0
        // Just after the current piece's last space, and the width up to it.
        var afterSpace: (index: Substring.Index, used: Int)?
        while index < s.endIndex {
            let character = s[index]
            let cells = measure(character)
            if used + cells <= room {
                used += cells
                index = s.index(after: index)
                if atSpaces, character == " " { afterSpace = (index, used) }
                continue
            }
            if let space = afterSpace, space.index < index, used - space.used <= width {
                pieces.append((s[start..<space.index], space.used))
                (start, used, room, fresh, afterSpace) = (space.index, used - space.used, width, true, nil)
                continue
            }
            afterSpace = nil
            if index == start, fresh {
                index = s.index(after: index)
                used = cells
            }
            pieces.append((s[start..<index], used))
            (start, used, room, fresh) = (index, 0, width, true)
        }
        if start < s.endIndex || pieces.isEmpty { pieces.append((s[start...], used)) }
        return pieces
    }
}
