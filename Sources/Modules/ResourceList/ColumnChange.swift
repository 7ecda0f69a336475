import Services

/// What `:columns` and the column keys ask of a list (`NAME`: a column's
/// field, or its title without spaces, in any case).
public enum ColumnChange: Equatable, Sendable {
    case hide(String)
    case show(String)
    /// Every hidden column shown again.
    case showAll
    /// To position `to` (from 1) among the columns shown.
    case move(String, to: Int)
    /// `to` cells wide.
    case width(String, Int)
    /// Wider (or narrower, `by` < 0) than it is drawn now.
    case widen(String, by: Int)
    /// A column of the value at a nested path (`author.name`).
    case add(String)
}

/// A list's columns as a view arranges them (``SavedListView/Columns``),
/// applied to the columns described: a pure function, so the state, the
/// tests and a saved view agree.
enum ColumnArrangement {
    /// The columns `setup` makes of `described`, hidden ones included
    /// (the list draws those it does not hide): the added paths after the
    /// described columns, then the order the setup names, with its widths.
    static func columns(_ described: [ResourceDescriptor.Column], _ setup: SavedListView.Columns)
        -> [ResourceDescriptor.Column]
    {
        var all = described
        for path in setup.added where !all.contains(where: { $0.field == path }) {
            all.append(ResourceDescriptor.Column(path))
        }
        var ordered: [ResourceDescriptor.Column] = []
        for field in setup.order {
            if let column = all.first(where: { $0.field == field }), !ordered.contains(where: { $0.field == field }) {
                ordered.append(column)
            }
        }
        ordered += all.filter { column in !ordered.contains { $0.field == column.field } }
        return ordered.map { column in
            var column = column
            if let width = setup.widths[column.field] {
                column.preferences.width = width
                column.preferences.weight = nil
            }
            return column
        }
    }

    /// Whether `path` can name a field: dot-separated words of letters,
    /// digits, `_` and `-`, within ``SavedListView/longestPath``.
    static func isPath(_ path: String) -> Bool {
        guard !path.isEmpty, path.count <= SavedListView.longestPath else { return false }
        return path.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { part in
            !part.isEmpty && part.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
        }
    }
}
