import Services
import TerminalUI

/// Columns sized to what the rows hold: a narrow column (an id declared
/// five cells wide) grows to its widest value among the rows sampled, so
/// six- and seven-digit ids and UUIDs show whole; the cells it takes come
/// from the flexible columns (the title).
extension ResourceListView {
    /// A declared width up to this is narrow: it may grow to its values.
    static let narrowWidth = 8
    /// The most a narrow column grows to (a UUID is 36 cells).
    static let grownWidth = 40
    /// Rows sampled at each end of the list, besides those on screen.
    static let sampledRows = 100
    /// The longest cell text measured, in UTF-8 bytes (and the most any
    /// cell hands to the table: a 5 MB value is not scanned on each frame).
    static let cellBytes = 4096

    /// `resource`'s columns, narrow ones grown to the widest value of the rows
    /// on screen and the first and last `sampledRows` of `model` (a bounded
    /// sample, so a frame costs the same however many rows are loaded; ids
    /// ascend, so the widest are usually at one end).
    static func columns(_ resource: ResourceDescriptor, fittedTo model: ResourceListViewModel) -> [TableColumn] {
        var columns = columns(resource)
        let narrow = columns.indices.filter { index in
            if case .fixed(let cells) = columns[index].width { return cells <= narrowWidth }
            return false
        }
        guard !narrow.isEmpty, model.rowCount > 0 else { return columns }
        var widest = Array(repeating: 0, count: resource.columns.count)
        for row in sample(model) {
            guard let record = model.row(row) else { continue }
            for index in narrow {
                let text = cellText(record.cell(resource.columns[index]))
                widest[index] = max(widest[index], TextWidth.of(TextSanitizer.clean(text)))
            }
        }
        for index in narrow {
            guard case .fixed(let cells) = columns[index].width, widest[index] > cells else { continue }
            columns[index].width = .fixed(min(widest[index], grownWidth))
        }
        return columns
    }

    /// The rows measured: those on screen and the first and last `sampledRows`.
    static func sample(_ model: ResourceListViewModel) -> [Int] {
        let count = model.rowCount
        let screen = max(0, min(model.scrollOffset, count))..<min(count, max(0, model.scrollOffset) + model.tableHeight)
        let ends = [0..<min(count, sampledRows), max(0, count - sampledRows)..<count]
        return Array(Set(([screen] + ends).flatMap { Array($0) })).sorted()
    }

    /// A cell's text cut to `cellBytes`, so that neither the table nor the
    /// sizing above scans a huge value; what is cut never fits a row anyway.
    static func cellText(_ text: String) -> String {
        let (head, cut) = TextWidth.head(text, maxBytes: cellBytes)
        return cut == 0 ? text : head + "…"
    }
}
