import Services
import TerminalUI
import Translations

/// A list of any length: a windowed list (its total known, its pages asked
/// by number) is that long from the first page on and asks only for the
/// pages under the screen; a list that pages only forward walks to its end
/// on `G`, saying how far it got.
extension ResourceListState {
    /// How many rows the list is: the window's total, or the rows that pass the filter.
    var rowCount: Int { window?.total ?? visible.count }

    /// The record at `index`, or `nil` (a placeholder: its page is not here).
    func row(_ index: Int) -> RecordEntity? {
        if let window { return window.record(at: index) }
        return visible.indices.contains(index) ? records[visible[index]] : nil
    }

    /// Whether any page can be asked for by its number (offset or page
    /// number), not only the one after a page read before (a cursor).
    var pagesByNumber: Bool { !(resource.route?.isCursorPaged ?? false) }

    /// The rows on screen once the cursor is where it is.
    var screenRows: Range<Int> {
        let height = max(1, tableHeight)
        guard rowCount > 0 else { return 0..<0 }
        let offset = TableView.scrollOffset(
            cursor: cursor, previous: scrollOffset, visibleRows: height, count: rowCount)
        return offset..<min(rowCount, offset + height)
    }

    /// The first page came: a window over the collection when it is long
    /// and its pages are asked by number, else (`nil`) the loaded rows.
    mutating func windowFirstPage(_ fresh: [RecordEntity], total: Int?) {
        if var window, window.isOpenEnded, total == nil {
            // Walked without a total: the first page again, the rows known stay.
            window.replaceFirst(fresh, total: max(window.total, fresh.count))
            self.window = window
            return
        }
        guard pagesByNumber, !filtersHere, let total,
            window != nil || ListWindow.fits(total: total, count: fresh.count, pageSize: resource.pageSize)
        else {
            window = nil
            return
        }
        if var window, total > fresh.count {
            window.replaceFirst(fresh, total: total)
            self.window = window
        } else if ListWindow.fits(total: total, count: fresh.count, pageSize: resource.pageSize) {
            window = ListWindow(pageSize: fresh.count, total: total, first: fresh)
        } else {
            window = nil
        }
        cursor = min(cursor, max(0, rowCount - 1))
    }

    /// Asks for the pages under the screen that are not here (and cancels
    /// the loads of pages no longer on it).
    mutating func showWindow() -> [ResourceListEffect] {
        guard var window else { return [] }
        let before = window.loads
        let missing = window.show(screenRows)
        self.window = window
        let dropped = !before.isSubset(of: window.loads)
        return (dropped ? [.keepWindowPages(window.loads)] : [])
            + missing.map { .loadWindowPage($0, query(page: $0)) }
    }

    mutating func windowPageArrived(_ number: Int, _ page: ResourceListInteractor.Page) -> [ResourceListEffect] {
        if var window, window.walked(number, applyingPending(page.records)) {
            self.window = window
            return walked()
        }
        guard var window, window.arrived(number, applyingPending(page.records)) else { return [] }
        if let total = page.totalCount, total != window.total, total > 0 {
            window.total = total
            cursor = min(cursor, total - 1)
        }
        self.window = window
        return showWindow()
    }

    mutating func windowPageFailed(_ number: Int, _ failure: ServiceError) -> [ResourceListEffect] {
        guard var window, window.failedToLoad(number, failure) else { return [] }
        self.window = window
        isWalking = false
        if failure.kind != .cancelled {
            say(Texts.List.moreNotLoaded(resources: resource.name, reason: failure.shortReason), .error)
        }
        return []
    }

    // MARK: - Walking to the end of a forward-only list
    /// Whether `G` walks page after page: the list is not all here, and
    /// the page with the last row cannot be asked for at once (no total, or cursors).
    var walksToEnd: Bool {
        if let window { return window.isOpenEnded }
        return !isComplete && (paging.totalCount == nil || !pagesByNumber)
    }

    /// The rows known so far (loaded, or in a walked window).
    var rowsKnown: Int { window?.total ?? records.count }

    mutating func walkToEnd() -> [ResourceListEffect] {
        guard walksToEnd else { return moveCursor(to: rowCount - 1) }
        isWalking = true
        cursor = max(0, rowCount - 1)
        sayWalkProgress()
        return window == nil ? loadMoreIfNeeded() : walkOn()
    }

    /// A page came while walking: the cursor goes to the new end and the
    /// next page is asked for; at the last page the walk is over. Past the
    /// pages a window keeps, the rows become a window (the first pages
    /// are dropped, asked again when shown).
    mutating func walked() -> [ResourceListEffect] {
        guard isWalking else { return [] }
        if window == nil, !isComplete, !filtersHere, records.count > resource.pageSize * ListWindow.pagesKept {
            window = ListWindow(walked: records, pageSize: resource.pageSize)
            records = Array(records.prefix(resource.pageSize))
            refilter(keeping: nil)
        }
        cursor = max(0, rowCount - 1)
        guard walksToEnd else {
            isWalking = false
            message = nil
            return window == nil ? [] : showWindow()
        }
        sayWalkProgress()
        return window == nil ? [] : walkOn()
    }

    /// Asks for the page after the last one known.
    private mutating func walkOn() -> [ResourceListEffect] {
        guard var window, window.walking == nil, let next = window.walkOn() else { return [] }
        self.window = window
        return [.loadWindowPage(next, query(page: next))]
    }

    mutating func stopWalk() -> [ResourceListEffect] {
        guard isWalking else { return [] }
        isWalking = false
        loadingPage = nil
        window?.stopWalking()
        say(Texts.List.pagingStopped(loaded: rowsKnown))
        return [.cancelPageLoad] + (window.map { [.keepWindowPages($0.loads)] } ?? [])
    }

    private mutating func sayWalkProgress() {
        if let total = paging.totalCount {
            say(Texts.List.pagingOf(loaded: rowsKnown, total: total))
        } else {
            say(Texts.List.paging(loaded: rowsKnown))
        }
    }
}
