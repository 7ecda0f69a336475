import TerminalUI

/// Draws one todo: its title, then every field as coloured JSON, scrolled.
@MainActor
enum TodoDetailView {
    static func draw(_ model: TodoDetailViewModel, on terminal: any Terminal, in rect: Rect, theme: Theme) {
        var area = rect
        let (titleLine, rest) = area.splitTop(1)
        terminal.write(
            model.title, row: titleLine.row, col: titleLine.col + 1, width: titleLine.width - 1,
            style: theme.style(.columnHeader))
        area = rest
        if let error = model.error {
            area = ErrorLine.draw(error, on: terminal, in: area, theme: theme)
        }
        let view = TextView(
            lines: model.lines.map { $0.map { StyledSpan($0.text, $0.role) } }, scrollOffset: model.scroll)
        view.draw(on: terminal, in: area.inset(by: 0), theme: theme)
    }
}
