/// The bottom status line: segments on the left and on the right.
///
/// Each segment is drawn with one space of padding on either side in its own
/// role, over the `.statusBar` background. When the row is too narrow the
/// right segments win: left segments are truncated or dropped first, then
/// the leftmost right segments.
public struct StatusBar: Sendable {
    public var left: [StyledSpan]
    public var right: [StyledSpan]

    public init(left: [StyledSpan] = [], right: [StyledSpan] = []) {
        self.left = left
        self.right = right
    }

    /// Draws the bar on the first row of `rect`.
    @MainActor
    public func draw(on terminal: any Terminal, in rect: Rect, theme: Theme) {
        guard !rect.isEmpty else { return }
        let base = theme.style(.statusBar)
        terminal.fill(row: rect.row, col: rect.col, width: rect.width, style: base)

        var rightSegments = right.map { StyledSpan(TextSanitizer.clean($0.text), $0.role) }
        var rightWidth = Self.width(of: rightSegments)
        while rightWidth > rect.width, rightSegments.count > 1 {
            rightSegments.removeFirst()
            rightWidth = Self.width(of: rightSegments)
        }
        var x = rect.col + max(0, rect.width - rightWidth)
        for segment in rightSegments {
            let width = min(TextWidth.of(segment.text) + 2, rect.col + rect.width - x)
            drawSegment(segment, on: terminal, row: rect.row, col: x, width: width, theme: theme, base: base)
            x += width
        }

        // Left segments get what the right ones left, less one cell of gap.
        let leftLimit = rect.col + rect.width - rightWidth - (rightWidth > 0 ? 1 : 0)
        x = rect.col
        for segment in left {
            let text = TextSanitizer.clean(segment.text)
            let room = leftLimit - x
            guard room >= 3 else { break }
            let width = min(TextWidth.of(text) + 2, room)
            drawSegment(
                StyledSpan(text, segment.role), on: terminal, row: rect.row, col: x, width: width, theme: theme,
                base: base)
            x += width
        }
    }

    @MainActor
    private func drawSegment(
        _ segment: StyledSpan, on terminal: any Terminal, row: Int, col: Int, width: Int,
        theme: Theme, base: Style
    ) {
        guard width > 0 else { return }
        let style = theme.style(segment.role).over(base)
        let inner =
            width >= 3 ? " " + TextWidth.pad(segment.text, to: width - 2) + " " : TextWidth.pad(segment.text, to: width)
        terminal.write(inner, row: row, col: col, style: style)
    }

    private static func width(of segments: [StyledSpan]) -> Int {
        segments.reduce(0) { $0 + TextWidth.of($1.text) + 2 }
    }
}
