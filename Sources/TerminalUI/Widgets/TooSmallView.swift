import Translations

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
            Texts.Ui.tooSmallLong(size: "\(size)", minimum: "\(minimum)"),
            Texts.Ui.tooSmallShort(size: "\(size)", minimum: "\(minimum)"),
            "\(size) < \(minimum)",
            Texts.Ui.tooSmall,
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
        let size = Size(rows: rect.height, cols: rect.width)
        var lines = [message(size: size, minimum: minimum, width: rect.width)]
        // Two short lines say it all where the one long line does not fit.
        let twoLines = [Texts.Ui.terminalTooSmall, Texts.Ui.sizeNeeded(size: "\(size)", minimum: "\(minimum)")]
        let long = Texts.Ui.tooSmallLong(size: "\(size)", minimum: "\(minimum)")
        if lines[0] != long, rect.height >= 2, twoLines.allSatisfy({ TextWidth.of($0) <= rect.width }) {
            lines = twoLines
        }
        let top = rect.row + (rect.height - lines.count) / 2
        for (index, text) in lines.enumerated() {
            terminal.write(text, row: top + index, col: rect.col, width: rect.width, style: style, alignment: .center)
        }
    }
}
