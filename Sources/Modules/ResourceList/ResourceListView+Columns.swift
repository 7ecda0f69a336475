import JSON
import Services
import TerminalUI

/// Columns sized by their data (``ColumnWidths``): each column's natural
/// width is its widest value among a bounded sample of the rows (those on
/// screen, and the first and last `sampledRows`) and its title; ids and
/// short columns are drawn whole, the widest text column takes the rest
/// and is cut. A `width` the config file gives is kept as given.
extension ResourceListView {
    /// Rows sampled at each end of the list, besides those on screen.
    static let sampledRows = 100
    /// The longest cell text handed to the table, in UTF-8 bytes (a 5 MB
    /// value is not scanned on each frame).
    static let cellBytes = 4096
    /// The most of a cell measured for its column's width, in UTF-8 bytes:
    /// more than any terminal row shows.
    static let measuredBytes = 1024

    /// `resource`'s columns as the table draws them in `model`'s table
    /// (less `reserved` cells for a marker column): each `.fixed` at the
    /// width ``ColumnWidths`` gives it; a column it drops is given the
    /// lowest priority, so that the table drops it first and only it.
    static func columns(_ resource: ResourceDescriptor, fittedTo model: ResourceListViewModel, reserved: Int = 0)
        -> [TableColumn]
    {
        var columns = columns(resource)
        guard model.rowCount > 0, !columns.isEmpty else { return columns }
        let natural = naturalWidths(resource, columns: columns, model: model)
        let measured = columns.indices.map { index in
            ColumnWidths.Column(
                natural: natural[index], minimum: columns[index].minWidth, priority: columns[index].priority,
                stretches: columns[index].isFlexible)
        }
        let widths = ColumnWidths.widths(measured, available: max(0, model.layout.table.width - reserved))
        for index in columns.indices {
            if widths[index] > 0 {
                columns[index].width = .fixed(widths[index])
                columns[index].minWidth = widths[index]
            } else {
                columns[index].priority = Int.min
            }
        }
        return columns
    }

    /// Each column's natural width: a `width` the config file gave, else
    /// the widest of its title (with the sort marker) and its values in the rows sampled.
    static func naturalWidths(_ resource: ResourceDescriptor, columns: [TableColumn], model: ResourceListViewModel)
        -> [Int]
    {
        var widest = columns.indices.map { index in
            TextWidth.of(TextSanitizer.clean(columns[index].title)) + (model.sortColumn == index ? 2 : 0)
        }
        let screen = model.scrollOffset..<(model.scrollOffset + model.tableHeight)
        for row in sample(model) {
            guard let record = model.row(row) else { continue }
            for (index, column) in resource.columns.enumerated() where index < widest.count {
                // A nested value is written out as JSON only for the rows drawn anyway.
                if !screen.contains(row), record.json.value(atPath: column.field)?.isContainer == true { continue }
                let (head, _) = TextWidth.head(record.cell(column), maxBytes: measuredBytes)
                widest[index] = max(widest[index], TextWidth.of(TextSanitizer.clean(head)))
            }
        }
        for (index, column) in resource.columns.enumerated() where index < widest.count {
            if let declared = column.preferences.width { widest[index] = declared }
        }
        return widest
    }

    /// The rows measured: those on screen and the first and last `sampledRows`.
    static func sample(_ model: ResourceListViewModel) -> [Int] {
        let count = model.rowCount
        let screen = max(0, min(model.scrollOffset, count))..<min(count, max(0, model.scrollOffset) + model.tableHeight)
        let ends = [0..<min(count, sampledRows), max(0, count - sampledRows)..<count]
        return Array(Set(([screen] + ends).flatMap { Array($0) })).sorted()
    }

    /// A cell's text cut to `cellBytes`, so that the table does not scan
    /// a huge value; what is cut never fits a row anyway.
    static func cellText(_ text: String) -> String {
        let (head, cut) = TextWidth.head(text, maxBytes: cellBytes)
        return cut == 0 ? text : head + "…"
    }
}

extension TableColumn {
    /// Whether its layout shares the cells left (a text column).
    fileprivate var isFlexible: Bool {
        if case .flexible = width { return true }
        return false
    }
}

extension JSONValue {
    /// Whether this is an object or an array (drawn in a cell as JSON).
    fileprivate var isContainer: Bool {
        switch self {
        case .object, .array: true
        default: false
        }
    }
}
