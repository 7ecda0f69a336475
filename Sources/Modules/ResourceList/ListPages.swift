import Services

/// The list's window over a remote collection: a child state of
/// `ResourceListState`, in the manner of TCA's `Scope`. It knows which page
/// comes next and the server's total (``ListPaging``), the further page
/// loading and why the last one failed, the pages held, loading and failed
/// of a list too long to hold (``ListWindow``), the walk to the end of a
/// list that pages only forward, and whether Esc stopped the load.
///
/// It holds no rows the parent shows and no cursor: the parent tells it
/// what happened (with what it alone knows: the rows on screen, whether
/// the cursor is near the end), and its scope in the parent
/// (``ResourceListState/pagesScope``) makes its effects queries or the
/// list's own steps (the cursor, the rows, the status line).
struct ListPages: ScreenState, Equatable, Sendable {
    /// Which page comes next, and the server's total.
    private(set) var paging: ListPaging
    /// Whether any page can be asked for by its number (offset or page
    /// number), not only the one after a page read before (a cursor).
    let pagesByNumber: Bool
    /// The further page being loaded, if any.
    private(set) var loadingPage: Int?
    /// Why the last further page did not come.
    private(set) var moreError: ServiceError?
    /// Esc stopped the load, and no page came since.
    private(set) var isStopped = false
    /// A list too long to hold (its total known): the pages around the
    /// screen, the rest placeholders (`nil`: the list is the parent's rows).
    private(set) var window: ListWindow?
    /// `G` on a list that pages only forward: pages load one after the other until the last.
    private(set) var isWalking = false
    /// Rows on the first page as the server answered it: its page size
    /// (which may be smaller than asked), the size of a window's pages.
    private(set) var firstPageCount = 0

    init(pageSize: Int, pagesByNumber: Bool) {
        paging = ListPaging(pageSize: pageSize)
        self.pagesByNumber = pagesByNumber
    }

    /// Whether every record of the list is here.
    var isComplete: Bool { paging.isComplete }
    var isLoadingMore: Bool { loadingPage != nil }
    /// Whether a further page or a window page is on its way.
    var isLoadingPages: Bool { isLoadingMore || !(window?.loads.isEmpty ?? true) }

    /// Whether `G` walks page after page: the list is not all here, and
    /// the page with the last row cannot be asked for at once (no total, or cursors).
    var walksToEnd: Bool {
        if let window { return window.isOpenEnded }
        return !isComplete && (paging.totalCount == nil || !pagesByNumber)
    }

    /// Whether `G` puts the cursor on the last row at once: the list is
    /// not all here, its total is known and any page can be asked for by
    /// its number, so the loaded rows become a window as long as the total.
    var jumpsToEnd: Bool {
        window == nil && !isComplete && paging.totalCount != nil && pagesByNumber
    }

    mutating func apply(_ event: Event) -> [Effect] {
        switch event {
        case .startOver(let reset, let force): return startOver(reset: reset, force: force)
        case .screenLeft:
            isWalking = false
            window?.forgetLoads()
            return []
        case .stopped:
            loadingPage = nil
            window?.forgetLoads()
            isWalking = false
            isStopped = true
            return []
        case .firstPage(let records, let total, let windowable):
            paging.receivedFirstPage(count: records.count, total: total)
            firstPageCount = records.count
            window = windowed(records, total: total, windowable: windowable)
            return []
        case .wantMore(let nearEnd, let blocked): return wantMore(nearEnd: nearEnd, blocked: blocked)
        case .morePage(let number, let sent, let new, let loaded, let total):
            return morePage(number, sent: sent, new: new, loaded: loaded, total: total)
        case .moreFailed(let number, let failure): return moreFailed(number, failure)
        case .shown(let rows): return show(rows)
        case .pressed:
            window?.pressed()
            return []
        case .windowPage(let number, let records, let total): return windowPage(number, records, total: total)
        case .windowPageFailed(let number, let failure): return windowPageFailed(number, failure)
        case .walkToEnd:
            guard walksToEnd else { return [] }
            isWalking = true
            return [.cursorToEnd, .sayProgress] + (window == nil ? [.askMore] : walkOn())
        case .becomeWindow(let records): return becomeWindow(records)
        case .walked(let records, let windowable): return walked(records, windowable: windowable)
        case .stopWalk: return stopWalk()
        case .added, .replaced, .removed: return recordChanged(event)
        }
    }

    private mutating func startOver(reset: Bool, force: Bool) -> [Effect] {
        isStopped = false
        isWalking = false
        loadingPage = nil
        moreError = nil
        if reset {
            window = nil
        } else if force {
            // The other pages are asked again when shown (revalidated with their ETags).
            window?.forgetPages(keepingFirst: true)
        } else {
            window?.forgetLoads()
        }
        return []
    }

    /// A window over the collection when it is long and its pages are asked
    /// by number, else (`nil`) the loaded rows.
    private func windowed(_ fresh: [RecordEntity], total: Int?, windowable: Bool) -> ListWindow? {
        if var window, window.isOpenEnded, total == nil {
            // Walked without a total: the first page again, the rows known stay.
            window.replaceFirst(fresh, total: max(window.total, fresh.count))
            return window
        }
        guard windowable, let total else { return nil }
        let fits = ListWindow.fits(total: total, count: fresh.count, pageSize: paging.pageSize)
        guard window != nil || fits else { return nil }
        if var window, total > fresh.count {
            window.replaceFirst(fresh, total: total)
            return window
        }
        return fits ? ListWindow(pageSize: fresh.count, total: total, first: fresh) : nil
    }

    private mutating func wantMore(nearEnd: Bool, blocked: Bool) -> [Effect] {
        guard window == nil, let page = paging.nextPage, !isLoadingMore, !blocked, isWalking || nearEnd else {
            return []
        }
        loadingPage = page
        moreError = nil
        return [.loadMore(page)]
    }

    private mutating func morePage(_ number: Int, sent: Int, new: Int, loaded: Int, total: Int?) -> [Effect] {
        // A page asked for before the list started over is not part of it.
        guard loadingPage == number else { return [] }
        loadingPage = nil
        let claimed = paging.receivedPage(number, sent: sent, new: new, loaded: loaded, total: total)
        return claimed.map { [.saySentNoMore(loaded: loaded, claimed: $0)] } ?? []
    }

    private mutating func moreFailed(_ number: Int, _ failure: ServiceError) -> [Effect] {
        guard loadingPage == number else { return [] }
        loadingPage = nil
        if failure.kind == .cancelled { return [] }
        isWalking = false
        moreError = failure
        return [.sayNotLoaded(failure)]
    }

    /// Asks for the pages under the screen that are not here (and cancels
    /// the loads of pages no longer on it), as the window's plan says.
    private mutating func show(_ rows: Range<Int>) -> [Effect] {
        guard var window else { return [] }
        let before = window.loads
        let plan = window.show(rows)
        self.window = window
        let dropped = !before.isSubset(of: window.loads)
        return (dropped ? [.keepWindowPages(window.loads)] : []) + plan.fetch.map { .loadWindowPage($0) }
    }

    private mutating func windowPage(_ number: Int, _ records: [RecordEntity], total: Int?) -> [Effect] {
        if var window, window.walked(number, records) {
            self.window = window
            return walked([], windowable: false)
        }
        guard var window, window.arrived(number, records) else { return [] }
        var effects: [Effect] = []
        if let total, total != window.total, total > 0 {
            window.total = total
            effects.append(.totalChanged(total))
        }
        self.window = window
        return effects + [.showScreen]
    }

    private mutating func windowPageFailed(_ number: Int, _ failure: ServiceError) -> [Effect] {
        guard var window, window.failedToLoad(number, failure) else { return [] }
        self.window = window
        isWalking = false
        return failure.kind == .cancelled ? [] : [.sayNotLoaded(failure)]
    }

    /// `G` (or a jump past the rows here) on a list of known total not all
    /// here (``jumpsToEnd``): the loaded rows (`records`, whole pages in the
    /// server's order) become a window as long as the total; the parent
    /// then moves the cursor, and the window's plan asks for the pages
    /// under it (bounded as any screen's). Nothing happens when the rows
    /// are not whole pages.
    private mutating func becomeWindow(_ records: [RecordEntity]) -> [Effect] {
        guard jumpsToEnd, let total = paging.totalCount, firstPageCount > 0, records.count < total,
            records.count % firstPageCount == 0
        else { return [] }
        let cancel: [Effect] = loadingPage == nil ? [] : [.cancelPageLoad]
        loadingPage = nil
        moreError = nil
        window = ListWindow(loaded: records, pageSize: firstPageCount, total: total)
        return cancel + [.keepFirstPage]
    }

    /// A page came while walking: the cursor goes to the new end and the
    /// next page is asked for; at the last page the walk is over. Past the
    /// pages a window keeps, the rows become a window (the first pages
    /// are dropped, asked again when shown).
    private mutating func walked(_ records: [RecordEntity], windowable: Bool) -> [Effect] {
        guard isWalking else { return [] }
        var effects: [Effect] = []
        if window == nil, !isComplete, windowable, records.count > paging.pageSize * ListWindow.pagesKept {
            window = ListWindow(walked: records, pageSize: paging.pageSize)
            effects.append(.keepFirstPage)
        }
        effects.append(.cursorToEnd)
        guard walksToEnd else {
            isWalking = false
            return effects + [.walkEnded] + (window == nil ? [] : [.showScreen])
        }
        return effects + [.sayProgress] + walkOn()
    }

    /// Asks for the page after the last one known.
    private mutating func walkOn() -> [Effect] {
        guard var window, window.walking == nil, let next = window.walkOn() else { return [] }
        self.window = window
        return [.loadWindowPage(next)]
    }

    private mutating func stopWalk() -> [Effect] {
        guard isWalking else { return [] }
        isWalking = false
        loadingPage = nil
        window?.stopWalking()
        return [.sayStopped, .cancelPageLoad] + (window.map { [.keepWindowPages($0.loads)] } ?? [])
    }

    /// A write changed the rows: the total follows; in a window the
    /// record's page holds its new version, and after a delete the rows
    /// below moved up (their pages are asked again).
    private mutating func recordChanged(_ event: Event) -> [Effect] {
        switch event {
        case .replaced(let record):
            if window?.replace(record) ?? true { return [] }
            return recordChanged(.added)
        case .removed:
            if var window {
                window.forgetPages(keepingFirst: false)
                window.total = max(0, window.total - 1)
                self.window = window
            }
            paging.adjustTotal(by: -1)
        default:
            window?.total += 1
            paging.adjustTotal(by: 1)
        }
        return []
    }
}
