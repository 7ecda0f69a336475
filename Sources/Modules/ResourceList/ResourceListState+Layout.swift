import TerminalUI
import Translations

/// Where each part of the list goes in the part of the terminal the list
/// has: a pure function of the state and that rect, computed before the
/// draw. The view draws at these rects and nowhere else, and the keys
/// (a page move, a click) read the same numbers, so the two cannot drift.
struct ListLayout: Equatable, Sendable {
    /// The scope and filter line, when there is one.
    var filterLine: Rect?
    /// The inline error ("✖ … (r to retry)"), one or two rows.
    var errorLines: Rect?
    /// Below those and above the footer: the table and its scroll
    /// indicator, or the empty list's message.
    var body: Rect
    /// The table: the column titles, then the rows.
    var table: Rect
    /// A windowed list's scroll indicator, at the body's right edge.
    var scrollbar: Rect?
    /// The paging footer of a list still loading in from the server.
    var footer: Rect?
    /// The first row on screen: the cursor stays visible, the offset moves
    /// as little as it can and leaves no blank rows at the bottom.
    var scrollOffset: Int

    /// The table's body rows: what a page move moves, and how near the end
    /// the cursor must be for the next page to load.
    var tableHeight: Int { max(0, table.height - 1) }
    /// The terminal row of the table's first body row (below its header).
    var firstRow: Int { table.row + 1 }
}

extension ResourceListState {
    /// The layout in the rect the presenter gave (`.resized`); before it
    /// did, a table of 10 rows placed nowhere.
    var layout: ListLayout {
        guard let area else {
            let unplaced = Rect(row: -1, col: 0, height: 11, width: 0)
            return ListLayout(body: unplaced, table: unplaced, scrollOffset: scrollOffset(visibleRows: 10))
        }
        return layout(in: area)
    }

    /// The layout in `rect`: the filter line and the error line at the
    /// top, the paging footer at the bottom when a row is left for it, the
    /// scroll indicator at the right of a windowed list.
    func layout(in rect: Rect) -> ListLayout {
        var rest = rect
        var filterLine: Rect?
        var errorLines: Rect?
        var footer: Rect?
        if hasFilterLine {
            let (line, below) = rest.splitTop(1)
            (filterLine, rest) = (line, below)
        }
        if let errorText {
            let (lines, below) = rest.splitTop(ErrorLine.height(of: errorText, width: rect.width))
            (errorLines, rest) = (lines, below)
        }
        if hasPagingFooter, rest.height > 1 {
            let (above, line) = rest.splitBottom(1)
            (rest, footer) = (above, line)
        }
        var table = rest
        var scrollbar: Rect?
        if window != nil, rest.width > 2 {
            table.width -= 1
            scrollbar = Rect(row: rest.row, col: rest.col + rest.width - 1, height: rest.height, width: 1)
        }
        return ListLayout(
            filterLine: filterLine, errorLines: errorLines, body: rest, table: table, scrollbar: scrollbar,
            footer: footer, scrollOffset: scrollOffset(visibleRows: max(0, table.height - 1)))
    }

    /// The offset that keeps the cursor visible in `visibleRows` rows:
    /// `TableView`'s rule, so the state and the draw agree.
    private func scrollOffset(visibleRows: Int) -> Int {
        TableView.scrollOffset(cursor: cursor, previous: scrollOffset, visibleRows: visibleRows, count: rowCount)
    }

    var tableHeight: Int { layout.tableHeight }
    var firstRowOnScreen: Int { layout.firstRow }
    var scrollbarColumn: Int? { layout.scrollbar?.col }

    /// The inline error line ("… (r to retry)"), if the last load failed.
    var errorText: String? { error.map { Texts.List.retry(message: $0.message) } }
    var hasFilterLine: Bool { isEditingFilter || !filterText.isEmpty || !filters.isEmpty }
    var hasPagingFooter: Bool { !isComplete && !records.isEmpty && window == nil }

    /// After an event: the scroll offset that keeps the cursor on screen;
    /// a windowed list whose screen moved asks for the pages now under it.
    mutating func settleLayout(from before: ListLayout) -> [ResourceListEffect] {
        let after = layout
        scrollOffset = after.scrollOffset
        guard window != nil, after.scrollOffset != before.scrollOffset || after.tableHeight != before.tableHeight
        else { return [] }
        return showWindow()
    }
}
