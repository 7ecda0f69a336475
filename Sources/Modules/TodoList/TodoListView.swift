import TerminalUI

/// Draws the todo list: filter line, inline error, the table (visible rows only).
@MainActor
enum TodoListView {
    static let columns = [
        TableColumn("ID", width: .fixed(5), minWidth: 3, alignment: .right, priority: 2),
        TableColumn("Done", width: .fixed(4), minWidth: 4, alignment: .center, priority: 1),
        TableColumn("Title", width: .flexible(), minWidth: 8, priority: 3),
        TableColumn("User", width: .fixed(4), minWidth: 4, alignment: .right, priority: 0),
    ]

    static func draw(_ model: TodoListViewModel, on terminal: any Terminal, in rect: Rect, theme: Theme, tick: Int) {
        var area = rect
        if model.isEditingFilter || !model.filterText.isEmpty {
            let (line, rest) = area.splitTop(1)
            drawFilter(model, on: terminal, in: line, theme: theme)
            area = rest
        }
        if let error = model.error {
            area = ErrorLine.draw(error, on: terminal, in: area, theme: theme)
        }
        if model.rowCount == 0 {
            drawEmpty(model, on: terminal, in: area, theme: theme, tick: tick)
            return
        }
        let table = TableView(
            columns: columns, rowCount: model.rowCount, cursor: model.cursor, scrollOffset: model.scrollOffset,
            sort: TableView.Sort(column: model.sortColumn.rawValue, ascending: !model.sortDescending),
            cellRole: { row, column in
                guard column == TodoColumn.done.rawValue else { return nil }
                return model.row(row).completed ? .doneMark : .pendingMark
            },
            row: { index in
                let todo = model.row(index)
                return [String(todo.id), todo.completed ? "✓" : "·", todo.title, String(todo.userId)]
            })
        table.draw(on: terminal, in: area, theme: theme)
    }

    private static func drawFilter(_ model: TodoListViewModel, on terminal: any Terminal, in line: Rect, theme: Theme) {
        let cursor = model.isEditingFilter ? "▏" : ""
        let hint = model.isEditingFilter ? "  Enter keeps · Esc clears" : "  / edits · Esc clears"
        let text = "/ \(model.filterText)\(cursor)  \(model.rowCount) match\(model.rowCount == 1 ? "" : "es")\(hint)"
        terminal.write(text, row: line.row, col: line.col, width: line.width, style: theme.style(.filter))
    }

    private static func drawEmpty(
        _ model: TodoListViewModel, on terminal: any Terminal, in area: Rect, theme: Theme, tick: Int
    ) {
        guard area.height > 0 else { return }
        let row = area.row + min(1, area.height - 1)
        let text: String
        let role: Role
        if model.isEmpty && model.isLoading {
            text = "\(Spinner.frame(tick: tick)) Loading todos…"
            role = .spinner
        } else if model.isEmpty {
            text = model.error == nil ? "No todos on this server." : "No todos to show yet."
            role = .dim
        } else {
            text = "No todos match “\(model.filterText)” — Esc clears the filter"
            role = .dim
        }
        terminal.write("  " + text, row: row, col: area.col, width: area.width, style: theme.style(role))
    }
}
