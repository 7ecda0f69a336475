import TerminalUI
import Translations

/// Draws the inspector's table: a title line, then one row per request.
@MainActor
enum InspectorView {
    /// Where the table goes in `rect`: below the title line (nothing in no rows).
    nonisolated static func table(in rect: Rect) -> Rect {
        rect.height > 0 ? rect.splitTop(1).rest : rect
    }

    /// Draws `state` in `rect`, scrolled as the state says.
    static func draw(_ state: InspectorState, on terminal: any Terminal, in rect: Rect, theme: Theme) {
        guard rect.height > 0 else { return }
        let (titleRect, body) = rect.splitTop(1)
        terminal.write(
            " " + state.title, row: titleRect.row, col: titleRect.col, width: titleRect.width,
            style: theme.style(.columnHeader))
        let table = TableView(
            columns: [
                TableColumn(Texts.Inspector.time, width: .fixed(8), priority: 1),
                TableColumn(Texts.Inspector.method, width: .fixed(6), priority: 4),
                TableColumn(Texts.Inspector.path, width: .flexible(), minWidth: 10, priority: 5),
                TableColumn(Texts.Inspector.status, width: .fixed(6), alignment: .right, priority: 4),
                TableColumn(Texts.Inspector.how, width: .fixed(7), priority: 2),
                TableColumn("ms", width: .fixed(6), alignment: .right, priority: 3),
                TableColumn(Texts.Inspector.bytes, width: .fixed(9), alignment: .right, priority: 2),
            ],
            rowCount: state.requests.count, cursor: state.cursor, scrollOffset: state.scroll.offset
        ) { index in
            InspectorState.cells(state.requests[index]).map(TextSanitizer.clean)
        }
        table.draw(on: terminal, in: body, theme: theme)
    }
}
