import JSON
import Services
import TerminalUI
import Translations

/// Columns and saved views: the list's columns are the described ones as
/// its ``SavedListView/Columns`` arrange them (``ColumnArrangement``);
/// `resource.columns` holds them all, hidden ones included, so that the
/// sort keeps its column; the view model draws those not hidden.
extension ResourceListState {
    /// The columns drawn: all but the hidden ones.
    var shownColumns: [ResourceDescriptor.Column] {
        resource.columns.filter { !columnSetup.hidden.contains($0.field) }
    }

    /// The resource as drawn: its shown columns.
    var shownResource: ResourceDescriptor {
        var shown = resource
        shown.columns = shownColumns
        return shown
    }

    /// The sorted column among those drawn (`nil` when it is hidden).
    var shownSortColumn: Int? {
        guard let field = sortedField else { return nil }
        return shownColumns.firstIndex { $0.field == field }
    }

    /// The sorted column's field when it is drawn: what the column keys act on.
    var keyedColumn: String? { shownSortColumn.map { shownColumns[$0].field } }

    /// The next drawn column after `column` (an index into all columns), for `s`.
    func nextShownColumn(after column: Int?) -> Int {
        let count = max(1, resource.columns.count)
        var next = ((column ?? -1) + 1) % count
        for _ in 0..<count where columnSetup.hidden.contains(resource.columns[safe: next]?.field ?? "") {
            next = (next + 1) % count
        }
        return next
    }

    /// `:columns`: the drawn columns in order, and the hidden ones.
    var columnsLine: String {
        let shown = shownColumns.map(\.field).joined(separator: ", ")
        let hidden = resource.columns.filter { columnSetup.hidden.contains($0.field) }.map(\.field)
        return hidden.isEmpty
            ? Texts.Columns.listNoneHidden(shown: shown)
            : Texts.Columns.list(shown: shown, hidden: hidden.joined(separator: ", "))
    }

    /// The field `name` names: a field, or a title without spaces, in any case.
    func columnField(named name: String) -> String? {
        if let exact = resource.columns.first(where: { $0.field == name }) { return exact.field }
        let folded = name.lowercased()
        return resource.columns.first { $0.field.lowercased() == folded }?.field
            ?? resource.columns.first { $0.title.replacingOccurrences(of: " ", with: "").lowercased() == folded }?.field
    }

    /// Applies `change`, saying what it did (or why not) on the status line.
    mutating func arrangeColumns(_ change: ColumnChange) -> [ResourceListEffect] {
        if case .showAll = change {
            guard !columnSetup.hidden.isEmpty else {
                say(Texts.Columns.noneHidden)
                return []
            }
            let count = columnSetup.hidden.count
            columnSetup.hidden = []
            rearrange()
            say(Texts.Columns.shownAll(count: count))
            return []
        }
        if case .add(let path) = change { return addColumn(path) }
        let name: String
        switch change {
        case .hide(let named), .show(let named), .move(let named, _), .width(let named, _), .widen(let named, _):
            name = named
        case .showAll, .add: return []
        }
        guard let field = columnField(named: name) else {
            say(
                Texts.Columns.unknown(name: name, known: resource.columns.map(\.field).joined(separator: ", ")),
                .error)
            return []
        }
        var setup = columnSetup
        switch change {
        case .hide:
            guard shownColumns.count > 1 || setup.hidden.contains(field) else {
                say(Texts.Columns.lastShown, .warning)
                return []
            }
            if !setup.hidden.contains(field) { setup.hidden.append(field) }
            say(Texts.Columns.hidden(column: field))
        case .show:
            setup.hidden.removeAll { $0 == field }
            say(Texts.Columns.shown(column: field))
        case .move(_, let position):
            setup.hidden.removeAll { $0 == field }
            var shown = shownColumns.map(\.field).filter { $0 != field }
            let place = min(max(1, position), shown.count + 1)
            shown.insert(field, at: place - 1)
            // The hidden columns keep their places after the shown ones.
            setup.order = shown + resource.columns.map(\.field).filter { !shown.contains($0) }
            say(Texts.Columns.moved(column: field, position: place))
        case .width(_, let cells), .widen(_, let cells):
            var width = cells
            if case .widen = change {
                let now = setup.widths[field] ?? resource.columns.first { $0.field == field }?.preferences.width
                width = (now ?? max(6, TextWidth.of(field))) + cells
            }
            width = min(SavedListView.widest, max(1, width))
            setup.widths[field] = width
            say(Texts.Columns.width(column: field, width: width))
        case .showAll, .add: break
        }
        columnSetup = setup
        rearrange()
        return []
    }

    /// How many cells `]` widens and `[` narrows a column.
    static let widthStep = 4

    /// A column key: it acts on the sorted column (the one `s` picks and
    /// `F` counts), as long as that column is drawn.
    mutating func columnKey(_ action: Action, drawnWidth: Int?, pickKey: String) -> [ResourceListEffect] {
        if action == .showColumns { return arrangeColumns(.showAll) }
        guard let field = keyedColumn, let position = shownSortColumn else {
            say(
                sortColumn == nil ? Texts.Columns.needsSort(key: pickKey) : Texts.Columns.hiddenSorted(key: pickKey),
                .warning)
            return []
        }
        switch action {
        case .hideColumn: return arrangeColumns(.hide(field))
        case .moveColumnLeft: return arrangeColumns(.move(field, to: max(1, position)))
        case .moveColumnRight: return arrangeColumns(.move(field, to: position + 2))
        case .widenColumn, .narrowColumn:
            let step = action == .widenColumn ? Self.widthStep : -Self.widthStep
            if let drawnWidth { return arrangeColumns(.width(field, drawnWidth + step)) }
            return arrangeColumns(.widen(field, by: step))
        default: return []
        }
    }

    /// `:columns add author.name`: a column of the value at a nested path.
    private mutating func addColumn(_ path: String) -> [ResourceListEffect] {
        guard ColumnArrangement.isPath(path) else {
            say(Texts.Columns.badPath(path: path), .error)
            return []
        }
        if resource.columns.contains(where: { $0.field == path }) {
            if columnSetup.hidden.contains(path) { return arrangeColumns(.show(path)) }
            say(Texts.Columns.alreadyThere(path: path), .warning)
            return []
        }
        guard resource.columns.count < SavedListView.mostColumns else {
            say(Texts.Columns.tooMany(most: SavedListView.mostColumns), .warning)
            return []
        }
        columnSetup.added.append(path)
        rearrange()
        say(Texts.Columns.added(path: path))
        return []
    }

    /// The columns made again from the described ones and the setup; the
    /// sort stays on its field (nothing reloads: the rows are as they were).
    mutating func rearrange() {
        let sorted = sortedField
        resource.columns = ColumnArrangement.columns(describedColumns, columnSetup)
        let column = sorted.flatMap { field in resource.columns.firstIndex { $0.field == field } }
        _ = filterSort(.columnsRearranged(sortColumn: column))
    }

    /// The most paths `:columns add ` offers.
    static let mostPaths = 200

    /// Paths to the scalar values inside the nested objects of the record
    /// under the cursor (else the first), four levels deep at most.
    var nestedPaths: [String] {
        guard let object = (current ?? records.first)?.json.objectValue else { return [] }
        var paths: [String] = []
        func walk(_ object: JSONObject, _ prefix: String, _ depth: Int) {
            for (key, value) in object where paths.count < Self.mostPaths {
                let path = prefix.isEmpty ? key : prefix + "." + key
                if let nested = value.objectValue {
                    if depth < 4 { walk(nested, path, depth + 1) }
                } else if !prefix.isEmpty {
                    paths.append(path)
                }
            }
        }
        walk(object, "", 0)
        return paths
    }

    // MARK: - Views
    /// What `:view save NAME` keeps of the list now.
    func view(named name: String) -> SavedListView {
        SavedListView(
            name: name, columns: columnSetup, sortField: sortedField, sortDescending: sortDescending,
            filter: filterText, watchSeconds: watchInterval.map { Int($0.components.seconds) })
    }

    /// `:view NAME`: the view's columns, sort, filter and watch; `nil`, the
    /// default view (the described columns — the config file's `columns:` —,
    /// sorted by id, no filter, no watch).
    mutating func applyView(_ saved: SavedListView?) -> [ResourceListEffect] {
        let view =
            saved
            ?? SavedListView(
                name: "default",
                sortField: describedColumns.first { $0.field == resource.idField }?.field)
        columnSetup = view.columns
        columnSetup.hidden = columnSetup.hidden.filter { field in
            ColumnArrangement.columns(describedColumns, view.columns).contains { $0.field == field }
        }
        rearrange()
        if columnSetup.hidden.count >= resource.columns.count, !resource.columns.isEmpty {
            columnSetup.hidden = []
        }
        var effects: [ResourceListEffect] = []
        if view.filter != filterText { effects += filterSort(.setText(view.filter, listComplete: isComplete)) }
        if let field = view.sortField, let column = resource.columns.firstIndex(where: { $0.field == field }),
            column != sortColumn || view.sortDescending != sortDescending
        {
            effects += sort(by: column, descending: view.sortDescending)
        }
        let interval = view.watchSeconds.map { Duration.seconds($0) }
        if interval != watchInterval { effects += watch(.set(interval)) }
        say(saved == nil ? Texts.View.shownDefault : Texts.View.shown(name: view.name))
        return effects
    }
}

extension Array {
    fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
