import Foundation
import JSON
import Services
import TerminalUI
import Translations

/// One distinct value of the counted field and how many rows hold it.
struct FrequencyRow: Equatable, Sendable {
    /// The value as the table shows it (`(empty)` for a missing or null value).
    var value: String
    /// The value as a server filter names it (`true`, `3`); `nil` when empty.
    var filterValue: String?
    var count: Int
}

/// The frequency table of one field over a list's loaded rows, as a value:
/// the distinct values with their counts (most frequent first, ties by
/// value), what they were counted over, the cursor and scroll, and the
/// status line's message. It changes through `apply(_:)` (it asks for no work).
struct FrequencyState: ScreenState, Equatable, Sendable {
    enum Event: Equatable, Sendable {
        /// The cursor to row `row`.
        case move(to: Int)
        /// The table's place on the screen.
        case resized(Rect)
        /// A key came: the last message goes.
        case keyPressed
        /// Enter on the empty value: it names no filter.
        case openedEmptyValue
    }

    let resource: ResourceDescriptor
    /// The filters of the list counted, kept by the list a value opens.
    let sourceFilters: [ListQuery.Filter]
    let field: String
    let rows: [FrequencyRow]
    /// How many rows were counted (the list's rows passing its filter).
    let counted: Int
    /// The list was still paging in: counts are of the loaded rows only.
    let partial: ExportSource.Partial?
    /// The cursor and the first row shown.
    private(set) var scroll = TableScroll()
    var cursor: Int { scroll.cursor }
    private(set) var message: StatusMessage?

    /// The table of `field` over `source`'s records.
    init(source: ExportSource, field: String) {
        resource = source.resource
        self.field = field
        rows = Self.count(source.records, field: field)
        counted = source.records.count
        partial = source.partial
        sourceFilters = source.filters
    }

    /// The distinct values of `field` in `records`, most frequent first,
    /// ties in value order (numbers as numbers).
    static func count(_ records: [JSONValue], field: String) -> [FrequencyRow] {
        var counts: [String: (row: FrequencyRow, order: Int)] = [:]
        for record in records {
            let value = record.value(atPath: field)
            let text = RecordEntity.text(value)
            let key = text.isEmpty ? "" : "=" + text
            if let existing = counts[key] {
                counts[key]?.row.count = existing.row.count + 1
            } else {
                let row = FrequencyRow(
                    value: text.isEmpty ? Texts.Freq.empty : text, filterValue: text.isEmpty ? nil : text, count: 1)
                counts[key] = (row, counts.count)
            }
        }
        return counts.values.map(\.row).sorted { left, right in
            if left.count != right.count { return left.count > right.count }
            return Self.valueOrder(left.value, right.value)
        }
    }

    /// Numbers in numeric order, other text in text order.
    private static func valueOrder(_ left: String, _ right: String) -> Bool {
        if let leftNumber = Double(left), let rightNumber = Double(right), leftNumber != rightNumber {
            return leftNumber < rightNumber
        }
        return left < right
    }

    /// `row`'s share of the rows counted, in percent.
    func percent(_ row: FrequencyRow) -> Double {
        counted == 0 ? 0 : Double(row.count) * 100 / Double(counted)
    }

    /// `58.0%`: one decimal.
    static func percentText(_ percent: Double) -> String {
        String(format: "%.1f%%", percent)
    }

    /// A bar of up to `width` cells, as long relative to `largest` as
    /// `count` is (a value that occurs at all gets at least one cell).
    static func bar(count: Int, largest: Int, width: Int) -> String {
        guard largest > 0, count > 0, width > 0 else { return "" }
        let cells = max(1, Int((Double(count) * Double(width) / Double(largest)).rounded()))
        return String(repeating: "█", count: min(width, cells))
    }

    /// What the screen's title says: the field, the values and what they
    /// were counted over (only the loaded rows of a list still paging in).
    var title: String {
        let number = Language.current.number
        let values = Texts.Freq.values(count: rows.count)
        let over: String
        if let partial {
            let rows = counted == partial.loaded ? Texts.Freq.loadedRows : Texts.Freq.someLoadedRows(count: counted)
            let total = partial.total.map(number) ?? Texts.Freq.more
            over = Texts.Freq.partial(rows: rows, loaded: partial.loaded, total: total)
        } else {
            over = number(counted) + " " + (counted == 1 ? resource.singular : resource.name)
        }
        return Texts.Freq.title(field: field, values: values, over: over)
    }

    /// The row under the cursor, if any.
    var current: FrequencyRow? { rows.indices.contains(cursor) ? rows[cursor] : nil }

    mutating func apply(_ event: Event) -> [Never] {
        switch event {
        case .move(let row): move(to: row)
        case .resized(let rect):
            scroll.resize(visibleRows: TableScroll.bodyRows(inTable: FrequencyView.table(in: rect)), count: rows.count)
        case .keyPressed: message = nil
        case .openedEmptyValue:
            if current != nil { message = StatusMessage(Texts.Freq.emptyNotFilter, .warning) }
        }
        return []
    }

    /// Puts the cursor on `row` (kept on the table).
    mutating func move(to row: Int) {
        scroll.move(to: row, count: rows.count)
    }

    /// The server filters that list the rows of the current value: the
    /// counted list's own, and the value's.
    var currentFilters: [ListQuery.Filter]? {
        current?.filterValue.map { sourceFilters + [ListQuery.Filter(field, $0)] }
    }
}
