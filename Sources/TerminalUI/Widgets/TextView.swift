/// Scrollable lines of styled spans (the JSON detail view).
///
/// Lines longer than the width end in `…`; a wide character that would
/// straddle the edge is replaced by a blank.
public struct TextView: Sendable {
    public var lines: [[StyledSpan]]
    /// The first line shown.
    public var scrollOffset: Int

    public init(lines: [[StyledSpan]], scrollOffset: Int = 0) {
        self.lines = lines
        self.scrollOffset = scrollOffset
    }

    /// `offset` kept within what can be scrolled for `visibleRows`.
    public static func clampedOffset(_ offset: Int, lineCount: Int, visibleRows: Int) -> Int {
        min(max(0, offset), max(0, lineCount - max(0, visibleRows)))
    }

    /// Draws the visible lines in `rect` and returns the offset it used.
    @MainActor @discardableResult
    public func draw(on terminal: any Terminal, in rect: Rect, theme: Theme, background: Role = .text) -> Int {
        guard !rect.isEmpty else { return 0 }
        let base = theme.style(background)
        let offset = Self.clampedOffset(scrollOffset, lineCount: lines.count, visibleRows: rect.height)
        for line in 0..<rect.height {
            let y = rect.row + line
            terminal.fill(row: y, col: rect.col, width: rect.width, style: base)
            let index = offset + line
            guard index < lines.count else { continue }
            Self.drawSpans(
                lines[index], on: terminal, row: y, col: rect.col, width: rect.width, theme: theme, base: base)
        }
        return offset
    }

    /// Draws `spans` from `col`, truncating the line with `…` at `width` cells.
    @MainActor
    public static func drawSpans(
        _ spans: [StyledSpan], on terminal: any Terminal, row: Int, col: Int, width: Int,
        theme: Theme, base: Style
    ) {
        let cleaned = spans.map { StyledSpan(TextSanitizer.clean($0.text), $0.role) }
        let total = cleaned.reduce(0) { $0 + TextWidth.of($1.text) }
        let limit = total > width ? width - 1 : width
        var x = col
        for span in cleaned {
            let room = col + limit - x
            guard room > 0 else { break }
            let text = TextWidth.prefix(span.text, width: room)
            terminal.write(text, row: row, col: x, style: theme.style(span.role).over(base))
            x += TextWidth.of(text)
        }
        if total > width, width > 0 {
            terminal.write("…", row: row, col: col + width - 1, style: base)
        }
    }
}
