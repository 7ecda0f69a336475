/// What is drawn instead of a screen when the terminal is smaller than the
/// screen needs: one line, as much of it as fits, at any size down to 1x1.
public enum TooSmallView {
    /// Whether `rect` is at least `minimum`.
    public static func fits(_ rect: Rect, minimum: Size) -> Bool {
        rect.width >= minimum.cols && rect.height >= minimum.rows
    }

    /// The message for `size`, shortened to fit `width` cells.
    public static func message(size: Size, minimum: Size, width: Int) -> String {
        let candidates = [
            "terminal too small (\(size), need at least \(minimum))",
            "too small (\(size) < \(minimum))",
            "\(size) < \(minimum)",
            "too small",
            "!",
        ]
        return candidates.first { TextWidth.of($0) <= width } ?? ""
    }

    /// Blanks `rect` and draws the message centred in it.
    @MainActor
    public static func draw(on terminal: any Terminal, in rect: Rect, minimum: Size, theme: Theme) {
        guard !rect.isEmpty else { return }
        let style = theme.style(.warning)
        for y in rect.row..<rect.maxRow {
            terminal.fill(row: y, col: rect.col, width: rect.width, style: theme.style(.text))
        }
        let text = message(size: Size(rows: rect.height, cols: rect.width), minimum: minimum, width: rect.width)
        terminal.write(
            text, row: rect.row + (rect.height - 1) / 2, col: rect.col, width: rect.width, style: style,
            alignment: .center)
    }
}
