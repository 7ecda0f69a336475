import Services
import TerminalUI
import Translations

/// A list of any length: a windowed list (its total known, its pages asked
/// by number) is that long from the first page on and asks only for the
/// pages under the screen; a list that pages only forward walks to its end
/// on `G`, saying how far it got.
///
/// The child state `ListPages` decides which pages to load; the parent
/// sends it its events (with the rows on screen and whether the cursor is
/// near the end) through its scope (``ResourceListState/pagesScope``),
/// whose effects become queries or the list's own steps (the cursor, the
/// rows, the status line).
extension ResourceListState {
    // What the child holds, as the rest of the list reads it.
    var paging: ListPaging { pages.paging }
    var loadingPage: Int? { pages.loadingPage }
    var moreError: ServiceError? { pages.moreError }
    var isStopped: Bool { pages.isStopped }
    var window: ListWindow? { pages.window }
    var isWalking: Bool { pages.isWalking }
    /// Whether every record of the list is here (filter and sort can run locally).
    var isComplete: Bool { pages.isComplete }
    var isLoadingMore: Bool { pages.isLoadingMore }
    var pagesByNumber: Bool { pages.pagesByNumber }
    var walksToEnd: Bool { pages.walksToEnd }

    /// How many rows the list is: the window's total, or the rows that pass the filter.
    var rowCount: Int { window?.total ?? visible.count }

    /// The record at `index`, or `nil` (a placeholder: its page is not here).
    func row(_ index: Int) -> RecordEntity? {
        if let window { return window.record(at: index) }
        return visible.indices.contains(index) ? records[visible[index]] : nil
    }

    /// The rows on screen once the cursor is where it is.
    var screenRows: Range<Int> {
        let height = max(1, tableHeight)
        guard rowCount > 0 else { return 0..<0 }
        let offset = TableView.scrollOffset(
            cursor: cursor, previous: scrollOffset, visibleRows: height, count: rowCount)
        return offset..<min(rowCount, offset + height)
    }

    /// The rows known so far (loaded, or in a walked window).
    var rowsKnown: Int { window?.total ?? records.count }

    /// Asks for the pages under the screen that are not here (and cancels
    /// the loads of pages no longer on it).
    mutating func showWindow() -> [ResourceListEffect] {
        guard window != nil else { return [] }
        return pages(.shown(screenRows))
    }

    mutating func windowPageArrived(_ number: Int, _ page: ListPage) -> [ResourceListEffect] {
        pages(.windowPage(number, applyingPending(page.records), total: page.totalCount))
    }

    /// `G`: the cursor to the last row. A list of known total whose pages
    /// are asked by number becomes a window (its last row's page asked for
    /// at once, a placeholder until it comes); one whose last page cannot be
    /// asked for at once walks page after page.
    mutating func walkToEnd() -> [ResourceListEffect] {
        let becoming = becomeWindow()
        if window != nil { return becoming + moveCursor(to: rowCount - 1) }
        guard walksToEnd else { return moveCursor(to: rowCount - 1) }
        return pages(.walkToEnd)
    }

    /// `NG`, `:goto N`: a row past those here of a list of known total
    /// makes the list a window first (as `G` does), so the cursor gets there.
    mutating func jump(to row: Int) -> [ResourceListEffect] {
        let becoming = row >= rowCount ? becomeWindow() : []
        return becoming + moveCursor(to: row)
    }

    /// `N%`: of the server's total when the list can become a window.
    mutating func jump(percent: Int) -> [ResourceListEffect] {
        let length = canBecomeWindow ? max(rowCount, paging.totalCount ?? 0) : rowCount
        return jump(to: (length - 1) * min(100, max(0, percent)) / 100)
    }

    /// Whether the loaded rows are the server's pages, in its order, of a
    /// list of known total that is not all here: they can become a window.
    private var canBecomeWindow: Bool {
        pages.jumpsToEnd && !filtersHere && visible.count == records.count
            && (isServerOrder || (serverSort && !serverIgnoresSort))
    }

    /// The loaded rows become a window as long as the total, when they can.
    private mutating func becomeWindow() -> [ResourceListEffect] {
        canBecomeWindow ? pages(.becomeWindow(records)) : []
    }

    /// How far a walk to the end got.
    var walkProgress: StatusMessage {
        if let total = paging.totalCount {
            StatusMessage(Texts.List.pagingOf(loaded: rowsKnown, total: total))
        } else {
            StatusMessage(Texts.List.paging(loaded: rowsKnown))
        }
    }
}
