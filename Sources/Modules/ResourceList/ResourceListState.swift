import Foundation
import JSON
import Services
import TerminalUI

/// Everything one resource list shows and knows, as a value: the loaded
/// records and which of them pass the filter, cursor, filter, sort, paging,
/// loading and error flags, the dialog over the table and the writes in flight.
///
/// It changes through `apply(_:)` only: each `ResourceListEvent` (an intent
/// or the result of async work) is a pure transition that returns the
/// `ResourceListEffect`s to run. The state never starts a task, calls a
/// service or reads the clock; what it needs from outside comes in with the
/// events (the time with `status(now:)`, a new record's placeholder id with
/// `.new`, the list's place on the screen with `.resized`). The properties are readable
/// for the view model and for tests; only the transitions write them.
///
/// A list that is fully loaded is filtered and sorted here; a list that pages
/// in from the server asks the server instead (`q=`, `_sort=`) where the
/// server can (``ListCapabilities``), and says so; what it cannot do is done
/// over the loaded rows, and the status line says that.
///
/// It is the parent of small child states, each with its own events,
/// effects and tests, each held through one `Scope`
/// (``ResourceListState+Scopes``): ``ListPages`` (the window over the
/// remote collection), ``ListFilterSort``, ``ListWatch``, ``ListWrites``
/// (writes in flight and the production guard) and ``ListForm`` (in
/// `mode`). The parent keeps the records, the cursor and the layout; a
/// child's event travels inside the list's (`.watch(.set(…))`), built by
/// the list where it carries what only the list knows; a child's effect
/// becomes the presenter's work or a ``ListStep`` of the list, reduced at
/// once in the same `apply`.
struct ResourceListState: ScreenState, Equatable, Sendable {
    typealias Event = ResourceListEvent
    typealias Effect = ResourceListEffect

    /// The resource as described; columns nobody described are inferred
    /// from the first page.
    var resource: ResourceDescriptor
    /// Filters that define this list (`userId=3` for a user's todos): part
    /// of every query, and the defaults of a new record.
    let filters: [ListQuery.Filter]

    // MARK: - Data
    var records: [RecordEntity] = []
    /// The rows that pass the filter: indexes into `records`, in order.
    var visible: [Int] = []
    var searchIndex = SearchIndex([String]())
    var fetchedAt: Date?
    var origin: DataOrigin?
    var isLoading = false
    var error: ServiceError?
    /// Whether the first page is watched (from start until stop).
    var isObserving = false
    /// The window over the server's collection: which page comes next,
    /// the pages loading, held or failed, the walk to the end, Esc's stop
    /// (a child state: its own events and effects).
    var pages: ListPages

    /// `:watch 5` (a child state: its own events and effects).
    var watch = ListWatch()

    // MARK: - View state
    var cursor = 0
    var scrollOffset = 0
    /// The filter and the sort (a child state: its own events and effects).
    var filterSort: ListFilterSort
    /// The record the cursor goes to when the first page comes (``adopt(_:)``).
    var adoptedCursor: String?
    /// The record Space was pressed on while the list knew no toggle (a
    /// list made before its service was described): carried to the list
    /// the description makes, which toggles it once its rows come.
    var askedToggle: String?
    var message: StatusMessage?
    var mode: ResourceListMode = .browsing
    /// The part of the terminal the list has (`nil` until the presenter
    /// says): what `layout` places the table in.
    var area: Rect?
    /// Digits typed before `G`, `g` or `%` (`100G`, `50%`).
    var pendingCount: Int?

    /// The writes in flight and the production guard (a child state: its
    /// own events and effects).
    var writing: ListWrites
    /// For a collection nobody described: whether the service was asked
    /// which methods its records take, and the intent that asked.
    var learning = WriteLearning.notAsked

    /// The columns as described (the config file's `columns:`, the
    /// document's, inferred from the first page): the default view.
    var describedColumns: [ResourceDescriptor.Column]
    /// How the columns differ from the described ones (`:columns`, a saved view).
    var columnSetup = SavedListView.Columns()

    /// What this list's server does with a query, as its convention says
    /// (asked once: the route does not change while the list is open).
    let capabilities: ListCapabilities

    init(resource: ResourceDescriptor, filters: [ListQuery.Filter], writeAccess: WriteAccess = .open) {
        self.resource = resource
        self.filters = filters
        describedColumns = resource.columns
        writing = ListWrites(access: writeAccess)
        capabilities = resource.listCapabilities()
        pages = ListPages(pageSize: resource.pageSize, pagesByNumber: !(resource.route?.isCursorPaged ?? false))
        filterSort = ListFilterSort(
            capabilities: capabilities, sortColumn: resource.columns.firstIndex { $0.field == resource.idField })
    }

    /// The transition for `event`: the new state is `self`, the work to do is returned.
    mutating func apply(_ event: ResourceListEvent) -> [ResourceListEffect] {
        if !event.keepsCount { pendingCount = nil }
        if !event.isResult { _ = pages(.pressed) }
        let before = layout
        let effects = transition(event)
        return effects + settleLayout(from: before)
    }

    /// The transition proper; `apply` then keeps the cursor on screen. A
    /// child's event is reduced through the child's scope, one line each
    /// (``ResourceListState+Scopes``), the list's own transitions its
    /// effects ask for reduced here at once.
    mutating func transition(_ event: ResourceListEvent) -> [ResourceListEffect] {
        if let effects = Self.pagesScope.reduce(&self, event, through: Self.reduceOwn) { return effects }
        if let effects = Self.filterSortScope.reduce(&self, event, through: Self.reduceOwn) { return effects }
        if let effects = Self.watchScope.reduce(&self, event, through: Self.reduceOwn) { return effects }
        if let effects = Self.writesScope.reduce(&self, event, through: Self.reduceOwn) { return effects }
        if let effects = Self.formScope.reduce(&self, event, through: Self.reduceOwn) { return effects }
        switch event {
        case .start: return start()
        case .stop: return stop()
        case .resized(let rect):
            area = rect
            return showWindow()
        case .moveCursor(let row): return moveCursor(to: row)
        case .jump(let row): return jump(to: row)
        case .jumpPercent(let percent): return jump(percent: percent)
        case .countDigit(let digit):
            pendingCount = min(999_999_999, (pendingCount ?? 0) * 10 + digit)
            return []
        case .walkToEnd: return walkToEnd()
        case .windowPageArrived(let number, let page): return windowPageArrived(number, page)
        case .click(let row):
            click(row: row)
            return []
        case .cancelFilter: return filterSort(.cancelEditing(listComplete: isComplete))
        case .setFilter(let text): return filterSort(.setText(text, listComplete: isComplete))
        case .toggle: return guarded(.toggle)
        case .reload: return reload()
        case .stopLoading(let received): return stopLoading(received: received)
        case .adopt(let carried): return adopt(carried)
        case .sortNext: return sort(by: nextShownColumn(after: sortColumn), descending: false)
        case .sortReverse: return sort(by: sortColumn ?? 0, descending: !sortDescending)
        case .new(let placeholderID): return guarded(.new(placeholderID: placeholderID))
        case .edit: return guarded(.edit)
        case .delete: return guarded(.delete)
        case .confirmKey(let key): return confirmKey(key)
        case .confirmDelete: return confirmDelete()
        case .keepRecord:
            mode = .browsing
            return []
        case .firstPageUpdated(let update): return firstPageUpdated(update)
        case .morePageArrived(let number, let page): return morePageArrived(number, page)
        case .watchTimerFired: return watch(.timerFired(observing: isObserving))
        case .writesAnswered(let methods): return writesAnswered(methods)
        case .watchFetchFinished: return watch(.fetchFinished(observing: isObserving))
        case .arrangeColumns(let change): return arrangeColumns(change)
        case .columnKey(let action, let width, let pickKey):
            return columnKey(action, drawnWidth: width, pickKey: pickKey)
        case .applyView(let view): return applyView(view)
        case .clearMessage:
            message = nil
            return []
        case .step(let step): return take(step)
        // Reduced through their scopes above (the form's only while it is open).
        case .pages, .filterSort, .watch, .writes, .form: return []
        }
    }

    /// `transition` as a function value: how a scope reduces the list's
    /// own events that a child's effect asks for.
    private static func reduceOwn(_ list: inout Self, _ event: ResourceListEvent) -> [ResourceListEffect] {
        list.transition(event)
    }

    // MARK: - The cursor
    /// The record under the cursor, if any.
    var current: RecordEntity? { row(cursor) }

    mutating func moveCursor(to row: Int) -> [ResourceListEffect] {
        cursor = min(max(0, row), max(0, rowCount - 1))
        visitCurrent()
        return window == nil ? loadMoreIfNeeded() : showWindow()
    }

    /// Selects the row clicked, if the click was on one (a click does not load more).
    private mutating func click(row: Int) {
        let position = scrollOffset + row - firstRowOnScreen
        if row >= firstRowOnScreen, (0..<rowCount).contains(position) {
            cursor = position
            visitCurrent()
        }
    }

    /// After `records` changed order or content: a new index, the filter again.
    mutating func refilter(keeping selectedID: String?) {
        searchIndex = RecordSearch.index(records)
        visible = matchingRows(filterText)
        restoreCursor(to: selectedID)
    }

    /// The record at `index` becomes `record` (a write shown at once, or
    /// its answer): only its row's search text is made again, and the rows
    /// that pass the filter are asked again only when there is a filter
    /// (without one every row passes, and the count did not change).
    mutating func refilter(row index: Int, becoming record: RecordEntity, keeping selectedID: String?) {
        records[index] = record
        // An index out of step with the rows (never expected) is made again whole.
        guard searchIndex.count == records.count else { return refilter(keeping: selectedID) }
        searchIndex = searchIndex.replacing(row: index, with: RecordSearch.text(record.json))
        if !filterText.isEmpty || !localFilters.isEmpty { visible = matchingRows(filterText) }
        restoreCursor(to: selectedID)
    }

    mutating func restoreCursor(to id: String?) {
        if window != nil {
            cursor = min(cursor, max(0, rowCount - 1))
        } else if let id, let position = visible.firstIndex(where: { records[$0].id == id }) {
            cursor = position
        } else {
            cursor = min(cursor, max(0, visible.count - 1))
        }
    }

    mutating func say(_ text: String, _ severity: StatusMessage.Severity = .info) {
        message = StatusMessage(text, severity)
    }
}
