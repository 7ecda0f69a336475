import Services
import TerminalUI
import Translations

/// How a resource's columns are laid out in its list: each column's width,
/// alignment, priority (which a narrow terminal drops first) and title.
/// The descriptor says what a column holds (`ResourceDescriptor.Column`:
/// its field, a named title, its kind); the layout is decided here, from
/// that data, the built-in catalog's preferences and the config file's.
public enum ListColumns {
    /// The alignments a preference may name (`align: right` in the config file).
    public enum Alignment: String, Sendable, CaseIterable {
        case left, right, center

        var text: TextWidth.Alignment {
            switch self {
            case .left: .left
            case .right: .right
            case .center: .center
            }
        }
    }

    /// The table columns of `resource`, in its order. Each starts from what
    /// its data suggests (`derived`); the config file's preferences, else
    /// the built-in catalog's, override what they name.
    public static func table(_ resource: ResourceDescriptor) -> [TableColumn] {
        let builtIn = resource.schema.map(builtIn) ?? [:]
        return resource.columns.enumerated().map { position, column in
            var layout = derived(column, at: position, in: resource)
            layout.apply(builtIn[column.field] ?? ResourceDescriptor.Column.Preferences())
            layout.apply(column.preferences)
            return layout.tableColumn(title: column.title)
        }
    }

    /// The preferences a column is laid out by besides its data: the
    /// config file's, else the built-in catalog's (what a snapshot keeps,
    /// so that a replay, which has no built-in catalog, looks the same).
    public static func preferences(of resource: ResourceDescriptor) -> [ResourceDescriptor.Column.Preferences] {
        let builtIn = resource.schema.map(builtIn) ?? [:]
        return resource.columns.map { column in
            column.preferences == ResourceDescriptor.Column.Preferences()
                ? builtIn[column.field] ?? column.preferences : column.preferences
        }
    }

    /// Width, alignment and priority of one column.
    struct Layout: Equatable {
        var width: TableColumn.Width = .flexible(weight: 1)
        var alignment: TextWidth.Alignment = .left
        var priority = 0

        /// What `preferences` name replaces what was derived.
        mutating func apply(_ preferences: ResourceDescriptor.Column.Preferences) {
            if let cells = preferences.width {
                width = .fixed(cells)
            } else if let weight = preferences.weight {
                width = .flexible(weight: weight)
            }
            if let named = preferences.alignment.flatMap(Alignment.init(rawValue:)) { alignment = named.text }
            if let priority = preferences.priority { self.priority = priority }
        }

        /// The table's column; a fixed one shrinks no narrower than its title
        /// (3 cells at least), a flexible one to 6 cells.
        func tableColumn(title: String) -> TableColumn {
            let minimum: Int
            if case .fixed(let cells) = width {
                minimum = min(cells, max(3, TextWidth.of(title)))
            } else {
                minimum = 6
            }
            return TableColumn(title, width: width, minWidth: minimum, alignment: alignment, priority: priority)
        }
    }

    /// The layout a column's data suggests. A column of unknown kind is a
    /// flexible, left-aligned one of priority 0 (dropped right to left); an
    /// `identifier` is six cells, right-aligned, kept longest (priority 9).
    /// A column whose kind its source knew (an API document) is sized by
    /// kind and ranked by place: the id 9, the label 8, then 7, 6, … left to right.
    static func derived(_ column: ResourceDescriptor.Column, at position: Int, in resource: ResourceDescriptor)
        -> Layout
    {
        guard let kind = column.kind else { return Layout() }
        if kind == .identifier { return Layout(width: .fixed(6), alignment: .right, priority: 9) }
        let isID = column.field == resource.idField
        let isLabel = column.field == resource.labelField
        let priority = isID ? 9 : isLabel ? 8 : max(0, 7 - position)
        switch kind {
        case .integer, .number: return Layout(width: .fixed(isID ? 6 : 8), alignment: .right, priority: priority)
        case .boolean: return Layout(width: .fixed(6), alignment: .center, priority: priority)
        case .uuid: return Layout(width: .fixed(36), priority: priority)
        case .date: return Layout(width: .fixed(10), priority: priority)
        case .dateTime: return Layout(width: .fixed(20), priority: priority)
        case .identifier, .text:
            if let longest = column.choices.map(\.count).max() {
                return Layout(width: .fixed(min(16, max(4, longest))), priority: priority)
            }
            if isID { return Layout(width: .fixed(14), priority: priority) }
            return Layout(width: .flexible(weight: isLabel ? 3 : 1), priority: priority)
        }
    }
}

extension ResourceDescriptor.Column {
    /// The title shown: the one the source named, else the field's name in
    /// words (`userId` → `User Id`).
    public var title: String { namedTitle ?? FieldTitle.words(for: field) }
}
