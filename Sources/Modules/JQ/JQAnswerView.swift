import TerminalUI

/// Draws a `JQAnswerState`: its title line, then the page of outputs at its
/// scroll. A pure function of the state and the rect.
@MainActor
enum JQAnswerView {
    static func draw(_ state: JQAnswerState, on terminal: any Terminal, in rect: Rect, theme: Theme) {
        let (titleLine, body) = rect.splitTop(1)
        terminal.write(
            TextSanitizer.clean(state.title), row: titleLine.row, col: titleLine.col + 1,
            width: max(0, titleLine.width - 1), style: theme.style(.columnHeader))
        let shown = state.shown
        let offset = TextView.clampedOffset(state.scroll, lineCount: shown.count, visibleRows: body.height)
        let page = shown[min(offset, shown.count)..<min(shown.count, offset + max(0, body.height))]
        TextView(lines: page.map { $0.map { StyledSpan($0.text, $0.role) } }).draw(on: terminal, in: body, theme: theme)
    }
}
