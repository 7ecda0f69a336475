import TerminalUI
import Translations

/// Where the list's table goes in the part of the terminal the list has:
/// a pure function of the state and that rect, computed before the draw
/// (the view draws what it says; nothing comes back from the draw).
struct ListLayout: Equatable, Sendable {
    /// Rows above the table (filter line, error).
    var tableTop: Int
    /// The table's body rows: what a page move moves, and how near the end
    /// the cursor must be for the next page to load.
    var tableHeight: Int
    /// The first row on screen: the cursor stays visible, the offset moves
    /// as little as it can and leaves no blank rows at the bottom.
    var scrollOffset: Int
    /// The terminal row of the table's first body row (below its header).
    var firstRow: Int
    /// The terminal column of the scroll indicator (a windowed list's).
    var scrollbarColumn: Int?
}

extension ResourceListState {
    /// The layout in the rect the presenter gave (`.resized`); before it
    /// did, a table of 10 rows at the top of the terminal.
    var layout: ListLayout {
        guard let area else {
            return ListLayout(
                tableTop: 0, tableHeight: 10, scrollOffset: scrollOffset(visibleRows: 10),
                firstRow: 0, scrollbarColumn: nil)
        }
        return layout(in: area)
    }

    /// The layout in `rect`: the filter line and the error line above the
    /// table, the paging footer below it, the scroll indicator at the right.
    func layout(in rect: Rect) -> ListLayout {
        let top = (hasFilterLine ? 1 : 0) + (errorText.map { ErrorLine.height(of: $0, width: rect.width) } ?? 0)
        let height = max(0, rect.height - top - 1 - (hasPagingFooter ? 1 : 0))
        return ListLayout(
            tableTop: top, tableHeight: height, scrollOffset: scrollOffset(visibleRows: height),
            firstRow: rect.row + top + 1, scrollbarColumn: window != nil ? rect.col + rect.width - 1 : nil)
    }

    /// The offset that keeps the cursor visible in `visibleRows` rows:
    /// `TableView`'s rule, so the state and the draw agree.
    private func scrollOffset(visibleRows: Int) -> Int {
        TableView.scrollOffset(cursor: cursor, previous: scrollOffset, visibleRows: visibleRows, count: rowCount)
    }

    var tableHeight: Int { layout.tableHeight }
    var firstRowOnScreen: Int { layout.firstRow }
    var scrollbarColumn: Int? { layout.scrollbarColumn }

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
