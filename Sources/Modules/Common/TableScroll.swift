import TerminalUI

/// A table's cursor and scroll as a value, kept by the state of the screen
/// that shows the table: the reducer moves the cursor and settles the
/// first row shown from the rows that fit (given by `.resized`), so the
/// view draws what the state says and changes nothing.
struct TableScroll: Equatable, Sendable {
    /// The row under the cursor.
    private(set) var cursor = 0
    /// The first row shown.
    private(set) var offset = 0
    /// The body rows that fit, once laid out (`nil` before the first frame).
    private(set) var visibleRows: Int?

    /// The rows a page key moves: those that fit (ten before the first frame).
    var page: Int { visibleRows ?? 10 }

    /// Puts the cursor on `row`, kept on the table's `count` rows.
    mutating func move(to row: Int, count: Int) {
        cursor = min(max(0, row), max(0, count - 1))
        settle(count: count)
    }

    /// The table's body has `rows` rows now.
    mutating func resize(visibleRows rows: Int, count: Int) {
        visibleRows = rows
        settle(count: count)
    }

    /// Keeps the cursor's row on screen, the offset moved as little as it
    /// can (as `TableView` draws it).
    mutating func settle(count: Int) {
        guard let visibleRows else { return }
        offset = TableView.scrollOffset(cursor: cursor, previous: offset, visibleRows: visibleRows, count: count)
    }

    /// The body rows of a table with a header row in `rect` (a view's title
    /// line, when it has one, already taken away).
    static func bodyRows(inTable rect: Rect) -> Int { max(0, rect.height - 1) }
}
