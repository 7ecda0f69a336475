/// A bordered box drawn with Unicode box-drawing characters (─│┌┐└┘).
///
/// Drawn with plain `write` calls rather than the terminal's line-drawing
/// character set, which renders as `lqqk` in some terminals.
public struct BoxView: Sendable {
    public var title: String

    public init(title: String = "") {
        self.title = title
    }

    /// The area inside the border of `rect`.
    public static func interior(of rect: Rect) -> Rect {
        rect.inset(by: 1)
    }

    /// Draws the border and blanks the interior; boxes smaller than 2x2
    /// are only blanked.
    @MainActor
    public func draw(on terminal: any Terminal, in rect: Rect, theme: Theme, fill: Role = .dialog) {
        guard !rect.isEmpty else { return }
        let inside = theme.style(fill)
        let border = theme.style(.border).over(inside)
        for y in rect.row..<rect.maxRow {
            terminal.fill(row: y, col: rect.col, width: rect.width, style: inside)
        }
        guard rect.width >= 2, rect.height >= 2 else { return }
        let horizontal = String(repeating: "─", count: rect.width - 2)
        terminal.write("┌" + horizontal + "┐", row: rect.row, col: rect.col, style: border)
        terminal.write("└" + horizontal + "┘", row: rect.maxRow - 1, col: rect.col, style: border)
        for y in (rect.row + 1)..<(rect.maxRow - 1) {
            terminal.write("│", row: y, col: rect.col, style: border)
            terminal.write("│", row: y, col: rect.col + rect.width - 1, style: border)
        }
        let cleanTitle = TextSanitizer.clean(title)
        if !cleanTitle.isEmpty, rect.width >= 5 {
            let text = TextWidth.truncate(" " + cleanTitle + " ", to: rect.width - 2)
            let x = rect.col + (rect.width - TextWidth.of(text)) / 2
            terminal.write(text, row: rect.row, col: x, style: theme.style(.dialogTitle).over(inside))
        }
    }
}
