/// Display width of text in terminal cells, without libc.
///
/// Widths follow what current terminals draw: combining marks, zero-width
/// joiners, variation selectors and other format characters take no cell;
/// East Asian Wide and Fullwidth characters and emoji take two; everything
/// else takes one. A grapheme cluster (one `Character`) is as wide as its
/// first scalar, except that an emoji variation selector (U+FE0F) makes it
/// two cells wide; so a ZWJ sequence such as 👩‍💻 counts as one two-cell
/// glyph. Control characters count as zero: sanitise first
/// (`TextSanitizer`).
public enum TextWidth {
    /// How text is placed when padded to a width.
    public enum Alignment: Sendable, Equatable {
        case left, right, center
    }

    /// The display width of `s` in cells.
    public static func of(_ s: String) -> Int {
        if let ascii = printableASCIICount(s) { return ascii }
        var total = 0
        for character in s { total += of(character) }
        return total
    }

    /// The display width of one grapheme cluster: 0, 1 or 2.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value < 0x7F, scalars.count == 1 { return first.value >= 0x20 ? 1 : 0 }
        let base = of(first)
        if base == 1, scalars.count > 1,
            scalars.contains(where: { $0.value == 0xFE0F }), first.properties.isEmoji
        {
            return 2
        }
        if base == 1, scalars.count > 1, !first.properties.isEmoji {
            // A spacing mark joined to its base (Thai sara am U+0E33 after a
            // space, found by the property tests) takes a cell of its own:
            // counted as the base's alone, a padded cell came out one short.
            // (At most two cells, like every cluster: the screens place 0, 1 or 2.)
            return scalars.dropFirst().contains { of($0) > 0 } ? 2 : 1
        }
        if base == 0, scalars.count > 1 {
            // A cluster that starts with a mark (e.g. a stray combining mark
            // after a control character) takes the width of what follows.
            return scalars.dropFirst().map(of).max() ?? 0
        }
        return base
    }

    /// The display width of one scalar on its own: 0, 1 or 2.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0x7F { return v >= 0x20 ? 1 : 0 }
        if v < 0xA0 { return 0 }  // DEL and C1 controls
        if v < 0x300 { return 1 }
        if contains(TextWidthTables.zeroWidth, v) { return 0 }
        if v >= 0x1100, contains(TextWidthTables.wide, v) { return 2 }
        return 1
    }

    /// `s` cut to at most `width` cells, ending in `ellipsis` when cut.
    ///
    /// Never splits a wide character: when one would straddle the limit,
    /// a space pads the result after the ellipsis, so the result is exactly
    /// `width` cells wide whenever `s` was wider than `width`.
    public static func truncate(_ s: String, to width: Int, ellipsis: String = "…") -> String {
        guard width > 0 else { return "" }
        let total = of(s)
        if total <= width { return s }
        let ellipsisWidth = of(ellipsis)
        if ellipsisWidth > width { return prefix(s, width: width) }
        // The ellipsis follows the text directly; a blank left by a wide
        // character that did not fit goes after it ("日本… ", not "日本 …").
        let (head, used) = fittingPrefix(s, width: width - ellipsisWidth)
        return head + ellipsis + spaces(width - ellipsisWidth - used)
    }

    /// `s` padded with spaces (or truncated with an ellipsis) to exactly `width` cells.
    public static func pad(
        _ s: String, to width: Int, alignment: Alignment = .left, ellipsis: String = "…"
    ) -> String {
        guard width > 0 else { return "" }
        let fitted = truncate(s, to: width, ellipsis: ellipsis)
        let gap = width - of(fitted)
        if gap <= 0 { return fitted }
        let padded: String
        switch alignment {
        case .left: return fitted + spaces(gap)
        case .right: padded = spaces(gap) + fitted
        case .center: padded = spaces(gap / 2) + fitted + spaces(gap - gap / 2)
        }
        // Text that starts with a mark joins the pad's last space in one
        // cluster, which can count a cell less (a cluster takes at most two):
        // the cells lost go at the end, so the result is still `width` wide.
        guard fitted.utf8.first.map({ $0 >= 0x80 }) == true else { return padded }
        return padded + spaces(width - of(padded))
    }

    /// The longest leading part of `s` that fits `width` cells, padded with a
    /// space when a wide character would have straddled the limit.
    public static func prefix(_ s: String, width: Int) -> String {
        let (head, used) = fittingPrefix(s, width: width)
        // Pad only where a wide character was left out at the limit.
        return used < width && head.utf8.count < s.utf8.count ? head + spaces(width - used) : head
    }

    /// The longest leading part of `s` that fits `width` cells, and its width.
    public static func fittingPrefix(_ s: String, width: Int) -> (String, Int) {
        guard width > 0 else { return ("", 0) }
        if let ascii = printableASCIICount(s) {
            return ascii <= width ? (s, ascii) : (String(s.prefix(width)), width)
        }
        var result = ""
        var used = 0
        for character in s {
            let w = of(character)
            if used + w > width { break }
            result.append(character)
            used += w
        }
        return (result, used)
    }

    // MARK: - Helpers

    /// The count of `s`'s bytes when all are printable ASCII, else nil.
    static func printableASCIICount(_ s: String) -> Int? {
        var count = 0
        for byte in s.utf8 {
            guard byte >= 0x20, byte < 0x7F else { return nil }
            count += 1
        }
        return count
    }

    static func spaces(_ n: Int) -> String {
        n > 0 ? String(repeating: " ", count: n) : ""
    }

    /// Binary search in a flat table of inclusive `lower, upper` pairs.
    static func contains(_ table: [UInt32], _ value: UInt32) -> Bool {
        var low = 0
        var high = table.count / 2 - 1
        while low <= high {
            let mid = (low + high) / 2
            if value < table[2 * mid] {
                high = mid - 1
            } else if value > table[2 * mid + 1] {
                low = mid + 1
            } else {
                return true
            }
        }
        return false
    }
}
