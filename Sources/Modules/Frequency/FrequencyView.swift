import TerminalUI
import Translations

/// Draws the frequency table: a title line, then value, count, percent and
/// bar columns. No logic beyond layout.
@MainActor
enum FrequencyView {
    /// The widest bar, in cells.
    static let barWidth = 30

    /// Where the table goes in `rect`: below the title line.
    nonisolated static func table(in rect: Rect) -> Rect { rect.splitTop(1).rest }

    /// Draws `state` in `rect`, scrolled as the state says.
    static func draw(_ state: FrequencyState, on terminal: any Terminal, in rect: Rect, theme: Theme) {
        guard rect.height > 0 else { return }
        let (titleRect, body) = rect.splitTop(1)
        terminal.write(
            " " + TextSanitizer.clean(state.title), row: titleRect.row, col: titleRect.col, width: titleRect.width,
            style: theme.style(.columnHeader))
        let largest = state.rows.first?.count ?? 0
        let table = TableView(
            columns: [
                TableColumn(TextSanitizer.clean(state.field), width: .flexible(), minWidth: 5, priority: 3),
                TableColumn(Texts.Freq.count, width: .fixed(7), alignment: .right, priority: 2),
                TableColumn("%", width: .fixed(7), alignment: .right, priority: 1),
                TableColumn("", width: .fixed(barWidth), minWidth: 5, priority: 0, role: .info),
            ],
            rowCount: state.rows.count, cursor: state.cursor, scrollOffset: state.scroll.offset
        ) { index in
            let row = state.rows[index]
            return [
                TextSanitizer.clean(row.value), String(row.count),
                FrequencyState.percentText(state.percent(row)),
                FrequencyState.bar(count: row.count, largest: largest, width: barWidth),
            ]
        }
        table.draw(on: terminal, in: body, theme: theme)
    }
}
