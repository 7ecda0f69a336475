import TerminalUI

/// Draws an inline error: `✖ message`, wrapped onto a second line at a word
/// boundary when it does not fit one, so the advice at its end stays visible.
@MainActor
enum ErrorLine {
    /// The rows the message needs in `width` (1 or 2).
    nonisolated static func height(of message: String, width: Int) -> Int {
        TextWidth.of("✖ " + message) > width ? 2 : 1
    }

    /// Draws at the top of `area`; returns what is left below.
    static func draw(_ message: String, on terminal: any Terminal, in area: Rect, theme: Theme) -> Rect {
        let lines = wrap("✖ " + message, width: area.width, maxLines: min(2, area.height))
        let (used, rest) = area.splitTop(lines.count)
        for (index, line) in lines.enumerated() {
            terminal.write(line, row: used.row + index, col: used.col, width: used.width, style: theme.style(.error))
        }
        return rest
    }

    static func wrap(_ text: String, width: Int, maxLines: Int) -> [String] {
        guard maxLines > 1, TextWidth.of(text) > width, width > 4 else { return [text] }
        let head = TextWidth.prefix(text, width: width)
        let cut = head.lastIndex(of: " ").map { head.distance(from: head.startIndex, to: $0) } ?? head.count
        let first = String(text.prefix(cut))
        let rest = String(text.dropFirst(cut)).drop { $0 == " " }
        return [first, "  " + rest]
    }
}
