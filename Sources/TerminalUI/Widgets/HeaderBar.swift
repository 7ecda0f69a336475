/// The top line: a title, breadcrumbs (`users › 3 › todos`) and right-aligned info.
///
/// When narrow, the info goes first, then the breadcrumbs lose their
/// leading parts (`… › 3 › todos`), so where the user is stays visible.
public struct HeaderBar: Sendable {
    public var title: String
    public var breadcrumbs: [String]
    public var info: String
    public static let separator = " › "

    public init(title: String, breadcrumbs: [String] = [], info: String = "") {
        self.title = title
        self.breadcrumbs = breadcrumbs
        self.info = info
    }

    /// Draws the header on the first row of `rect`.
    @MainActor
    public func draw(on terminal: any Terminal, in rect: Rect, theme: Theme) {
        guard !rect.isEmpty else { return }
        let header = theme.style(.header)
        let crumbStyle = theme.style(.breadcrumb).over(header)
        terminal.fill(row: rect.row, col: rect.col, width: rect.width, style: header)

        let titleText = " " + TextSanitizer.clean(title) + " "
        let crumbs = breadcrumbs.map(TextSanitizer.clean)
        let infoText = TextSanitizer.clean(info)
        let (showsInfo, crumbEnd) = layout(width: rect.width)
        let end = rect.col + crumbEnd
        var x = rect.col
        let fittedTitle = TextWidth.truncate(titleText, to: end - x)
        terminal.write(fittedTitle, row: rect.row, col: x, style: header)
        x += TextWidth.of(fittedTitle)
        if !crumbs.isEmpty, end - x > 0 {
            let fitted = Self.fitCrumbs(crumbs, width: end - x)
            terminal.write(fitted, row: rect.row, col: x, style: crumbStyle)
        }
        if showsInfo {
            terminal.write(infoText, row: rect.row, col: end, style: header)
        }
    }

    /// Whether the info fits, and where the crumbs must end (relative to the left edge).
    private func layout(width: Int) -> (showsInfo: Bool, crumbEnd: Int) {
        let titleWidth = TextWidth.of(" " + TextSanitizer.clean(title) + " ")
        let crumbWidth = TextWidth.of(breadcrumbs.map(TextSanitizer.clean).joined(separator: Self.separator))
        let infoWidth = TextWidth.of(TextSanitizer.clean(info))
        var showsInfo = infoWidth > 0 && titleWidth + crumbWidth + 2 + infoWidth + 1 <= width
        if !showsInfo, breadcrumbs.isEmpty, infoWidth > 0, titleWidth + infoWidth + 1 <= width {
            showsInfo = true
        }
        return (showsInfo, width - (showsInfo ? infoWidth + 1 : 0))
    }

    /// Breadcrumbs joined, dropping leading parts (shown as `…`) to fit `width`.
    public static func fitCrumbs(_ crumbs: [String], width: Int) -> String {
        var parts = crumbs
        var text = parts.joined(separator: separator)
        while TextWidth.of(text) > width, parts.count > 1 {
            parts.removeFirst()
            text = (["…"] + parts).joined(separator: separator)
        }
        return TextWidth.truncate(text, to: width)
    }

    /// Which breadcrumb (an index into `breadcrumbs`) is drawn at column
    /// `col` of a header `width` cells wide, for mouse clicks.
    public func crumbIndex(atColumn col: Int, width: Int) -> Int? {
        let crumbs = breadcrumbs.map(TextSanitizer.clean)
        var x = TextWidth.of(" " + TextSanitizer.clean(title) + " ")
        guard !crumbs.isEmpty, col >= x else { return nil }
        // The crumbs that fit, as `fitCrumbs` keeps them: the last ones.
        var first = 0
        while first < crumbs.count - 1,
            TextWidth.of(((first > 0 ? ["…"] : []) + crumbs[first...]).joined(separator: Self.separator))
                > layout(width: width).crumbEnd - x
        {
            first += 1
        }
        if first > 0 { x += TextWidth.of("…" + Self.separator) }
        for index in first..<crumbs.count {
            let end = x + TextWidth.of(crumbs[index])
            if col >= x && col < end { return index }
            x = end + TextWidth.of(Self.separator)
        }
        return nil
    }
}
