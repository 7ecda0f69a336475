import Services
import TerminalUI
import Translations

/// Draws a resource list at the rects its layout gives (`ListLayout`):
/// scope and filter line, inline error, the table (visible rows only), the
/// scroll indicator, the paging footer, then any dialog over the whole rect.
@MainActor
enum ResourceListView {
    static func draw(_ model: ResourceListViewModel, on terminal: any Terminal, in rect: Rect, theme: Theme, tick: Int)
    {
        let layout = model.layout
        if let line = layout.filterLine {
            drawFilter(model, on: terminal, in: line, theme: theme)
        }
        if let error = model.error, let lines = layout.errorLines {
            _ = ErrorLine.draw(error, on: terminal, in: lines, theme: theme)
        }
        if let paging = model.paging, let footer = layout.footer {
            drawPaging(paging, model: model, on: terminal, in: footer, theme: theme, tick: tick)
        }
        if model.rowCount == 0 {
            drawEmpty(model, on: terminal, in: layout.body, theme: theme, tick: tick)
        } else {
            table(model).draw(on: terminal, in: layout.table, theme: theme)
            if let bar = layout.scrollbar {
                drawScrollbar(model, on: terminal, in: bar, theme: theme)
            }
        }
        switch model.overlay {
        case .form(let form)?: form.draw(on: terminal, in: rect, theme: theme)
        case .confirm(let dialog)?: dialog.draw(on: terminal, in: rect, theme: theme)
        case nil: break
        }
    }

    /// `resource`'s columns as the table draws them (laid out by `ListColumns`).
    static func columns(_ resource: ResourceDescriptor) -> [TableColumn] {
        ListColumns.table(resource)
    }

    private static func table(_ model: ResourceListViewModel) -> TableView {
        let resource = model.resource
        // While watching, a first column marks changed rows with `•` (seen without colour too).
        let changed = model.changed
        let shift = changed == nil ? 0 : 1
        let toggleColumn = resource.toggle.flatMap { toggle in
            resource.columns.firstIndex { $0.field == toggle.field }.map { $0 + shift }
        }
        let marker = changed == nil ? [] : [TableColumn("", width: .fixed(1), priority: 100)]
        return TableView(
            columns: marker + columns(resource, fittedTo: model, reserved: shift * 2), rowCount: model.rowCount,
            cursor: model.cursor,
            scrollOffset: model.scrollOffset,
            sort: model.sortColumn.map { TableView.Sort(column: $0 + shift, ascending: !model.sortDescending) },
            cellRole: { row, column in
                if shift == 1, column == 0 { return .changed }
                guard let record = model.row(row) else { return .dim }
                guard column == toggleColumn, let field = resource.toggle?.field else { return nil }
                return record.json[field]?.boolValue == true ? .doneMark : .pendingMark
            },
            row: { index in
                // A row whose page is on its way.
                guard let record = model.row(index) else { return Array(repeating: "", count: shift) + ["…"] }
                let cells = resource.columns.map { cellText(record.cell($0)) }
                guard let changed else { return cells }
                return [changed.contains(record.id) ? "•" : " "] + cells
            })
    }

    /// The scroll indicator of a windowed list: a dim track, the part
    /// on screen as a block (at least one cell), below the header row.
    private static func drawScrollbar(
        _ model: ResourceListViewModel, on terminal: any Terminal, in bar: Rect, theme: Theme
    ) {
        let track = bar.height - 1
        guard track > 0, model.rowCount > 0 else { return }
        let first = model.scrollOffset * track / model.rowCount
        let size = max(1, model.tableHeight * track / model.rowCount)
        let thumb = min(first, track - size)..<min(track, max(first, track - size) + size)
        for line in 0..<track {
            let inThumb = thumb.contains(line)
            terminal.write(
                inThumb ? "█" : "│", row: bar.row + 1 + line, col: bar.col, style: theme.style(inThumb ? .text : .dim))
        }
    }

    private static func drawFilter(
        _ model: ResourceListViewModel, on terminal: any Terminal, in line: Rect, theme: Theme
    ) {
        var parts: [String] = []
        if !model.scope.isEmpty { parts.append(Texts.List.scope(scope: model.scope)) }
        if model.isEditingFilter || !model.filterText.isEmpty {
            let cursor = model.isEditingFilter ? "▏" : ""
            var text = "/ \(model.filterText)\(cursor)  " + Texts.List.matches(count: model.rowCount)
            if model.searchPending {
                text += " · " + Texts.List.searchingServer
            } else if let search = model.serverSearch {
                text += " · " + Texts.List.serverSearch(query: search)
            } else if !model.filterText.isEmpty {
                text += " · " + Texts.List.filteredHere
            }
            text += "  " + (model.isEditingFilter ? Texts.List.filterEditing : Texts.List.filterKept)
            parts.append(text)
        }
        terminal.write(
            parts.joined(separator: "   "), row: line.row, col: line.col, width: line.width, style: theme.style(.filter)
        )
    }

    private static func drawPaging(
        _ paging: ResourceListViewModel.Paging, model: ResourceListViewModel, on terminal: any Terminal,
        in line: Rect, theme: Theme, tick: Int
    ) {
        let loaded =
            paging.total.map { Texts.List.loadedOf(loaded: paging.loaded, total: $0) }
            ?? Language.current.number(paging.loaded)
        let text: String
        let role: Role
        if paging.isLoading {
            text =
                "\(Spinner.frame(tick: tick)) " + Texts.List.loadingMore(resources: model.resource.name, loaded: loaded)
            role = .spinner
        } else if let error = paging.error {
            text = Texts.List.moreFailed(reason: error, loaded: loaded)
            role = .error
        } else {
            text = Texts.List.moreOnScroll(loaded: loaded)
            role = .dim
        }
        terminal.write(" " + text, row: line.row, col: line.col, width: line.width, style: theme.style(role))
    }

    private static func drawEmpty(
        _ model: ResourceListViewModel, on terminal: any Terminal, in area: Rect, theme: Theme, tick: Int
    ) {
        guard area.height > 0 else { return }
        let row = area.row + min(1, area.height - 1)
        let name = model.resource.name
        let text: String
        let role: Role
        if model.isEmpty && model.isLoading {
            text = "\(Spinner.frame(tick: tick)) " + Texts.List.loading(resources: name)
            role = .spinner
        } else if model.searchPending {
            text = "\(Spinner.frame(tick: tick)) " + Texts.List.searching(filter: model.filterText)
            role = .spinner
        } else if model.isEmpty && model.serverSearch == nil {
            if model.error != nil || model.isStopped {
                text = Texts.List.nothingYet(resources: name)
            } else {
                text =
                    model.scope.isEmpty
                    ? Texts.List.emptyServer(resources: name)
                    : Texts.List.emptyScope(resources: name, scope: model.scope)
            }
            role = .dim
        } else {
            text = Texts.List.noMatch(resources: name, filter: model.filterText)
            role = .dim
        }
        terminal.write("  " + text, row: row, col: area.col, width: area.width, style: theme.style(role))
    }
}
