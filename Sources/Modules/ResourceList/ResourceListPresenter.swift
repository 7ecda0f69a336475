import Foundation
import JSON
import Services
import TerminalUI

/// Owns one resource list's state (pages, filter, sort, cursor, writes) and
/// turns keys into interactor calls and state into a `ResourceListViewModel`.
///
/// A list that is fully loaded is filtered and sorted here; a list that pages
/// in from the server asks the server instead (`q=`, `_sort=`), and says so.
@MainActor
public final class ResourceListPresenter: Screen {
    let interactor: ResourceListInteractor
    private let router: ResourceListRouter
    let context: ScreenContext
    public let breadcrumb: String
    /// The resource as described; columns nobody described are inferred
    /// from the first page.
    private(set) var resource: ResourceDescriptor

    // MARK: - Data
    var records: [RecordEntity] = []
    private(set) var visible: [Int] = []
    private var searchIndex = SearchIndex([String]())
    private(set) var fetchedAt: Date?
    private(set) var origin: DataOrigin?
    private(set) var isLoading = false
    private(set) var error: ServiceError?
    /// Which page comes next, and the server's total.
    var paging: ListPaging
    private(set) var isLoadingMore = false
    private(set) var moreError: ServiceError?

    // MARK: - View state
    private(set) var cursor = 0
    private(set) var scrollOffset = 0
    private(set) var filterText = ""
    private(set) var isEditingFilter = false
    /// The search the server ran (`q=`), when the list was not fully loaded.
    private(set) var serverSearch: String?
    /// The sorted column (an index into `resource.columns`), if any.
    private(set) var sortColumn: Int?
    private(set) var sortDescending = false
    /// Whether the current sort was asked of the server.
    private(set) var serverSort = false
    /// The server answered a sort in its own order: sort what is loaded here.
    private(set) var serverIgnoresSort = false
    private(set) var message: StatusMessage?
    var mode: ResourceListMode = .browsing
    private var pageSize = 10
    private var firstRowOnScreen = 0

    // MARK: - Work
    private var loadTask: Task<Void, Never>?
    private var moreTask: Task<Void, Never>?
    private var searchTask: Task<Void, Never>?
    var writeTasks: [String: Task<Void, Never>] = [:]
    /// Values written but not yet confirmed, re-applied over any page that arrives meanwhile.
    var pendingFields: [String: JSONObject] = [:]

    init(interactor: ResourceListInteractor, router: ResourceListRouter, context: ScreenContext, breadcrumb: String) {
        self.interactor = interactor
        self.router = router
        self.context = context
        self.breadcrumb = breadcrumb
        resource = interactor.resource
        paging = ListPaging(pageSize: interactor.resource.pageSize)
        sortColumn = resource.columns.firstIndex { $0.field == resource.idField }
    }

    // MARK: - Screen
    public var capturesText: Bool { isEditingFilter || mode.capturesText }

    public var exportSource: ExportSource? {
        ExportSource(resource: resource, records: visible.map { records[$0].json })
    }

    public func start() {
        guard loadTask == nil else { return }
        observe(reset: false)
    }

    public func stop() {
        loadTask?.cancel()
        loadTask = nil
        moreTask?.cancel()
        moreTask = nil
        searchTask?.cancel()
    }

    public func draw(on terminal: any Terminal, in rect: Rect, theme: Theme, tick: Int) {
        let model = viewModel(height: rect.height, width: rect.width)
        pageSize = model.tableHeight
        scrollOffset = model.scrollOffset
        firstRowOnScreen = rect.row + model.tableTop + 1
        ResourceListView.draw(model, on: terminal, in: rect, theme: theme, tick: tick)
    }

    // MARK: - Keys
    public func handle(_ key: Key) -> ScreenCommand {
        if let command = handleModal(key) { return command }
        if isEditingFilter, let command = handleFilterKey(key) { return command }
        let bindings = context.bindings
        if let moved = ListNavigation.move(
            cursor: cursor, count: visible.count, page: pageSize, key: key, bindings: bindings)
        {
            cursor = moved
            loadMoreIfNeeded()
            return .handled
        }
        if case .mouse(let event) = key, event.kind == .click {
            let position = scrollOffset + event.row - firstRowOnScreen
            if event.row >= firstRowOnScreen, visible.indices.contains(position) { cursor = position }
            return .handled
        }
        if key == .escape, !filterText.isEmpty {
            setFilter("")
            return .handled
        }
        switch bindings.action(for: key) {
        case .open?:
            guard let record = current, record.hasID else { return .handled }
            return .push(router.detail(record, of: resource))
        case .copy?:
            guard let record = current else { return .handled }
            return .copy(record.jsonText, description: "\(resource.singular) \(record.id) as JSON")
        case .filter?:
            isEditingFilter = true
            return .handled
        case .toggle?:
            toggleCurrent()
            return .handled
        case .reload?:
            reload()
            return .handled
        case .sortNext?:
            let next = ((sortColumn ?? -1) + 1) % max(1, resource.columns.count)
            sort(by: next, descending: false)
            return .handled
        case .sortReverse?:
            sort(by: sortColumn ?? 0, descending: !sortDescending)
            return .handled
        case .new?, .edit?, .delete?:
            return beginWrite(bindings.action(for: key))
        default:
            return .unhandled
        }
    }

    private func handleFilterKey(_ key: Key) -> ScreenCommand? {
        switch key {
        case .escape:
            isEditingFilter = false
            setFilter("")
        case .enter:
            isEditingFilter = false
        case .backspace:
            if !filterText.isEmpty { setFilter(String(filterText.dropLast())) }
        case .char(let character):
            setFilter(filterText + String(character))
        case .ctrl("u"):
            setFilter("")
        default:
            return nil
        }
        return .handled
    }

    // MARK: - Loading
    /// The query of the first page as things stand (server sort and search).
    private func query(page: Int?) -> ListQuery {
        let sort: ListQuery.SortKey? =
            serverSort
            ? sortColumn.map { ListQuery.SortKey(resource.columns[$0].field, descending: sortDescending) } : nil
        return interactor.query(page: page, sort: sort, search: serverSearch)
    }

    /// Watches the first page and asks for a load if what is there is stale.
    private func observe(reset: Bool, force: Bool = false) {
        loadTask?.cancel()
        moreTask?.cancel()
        moreTask = nil
        isLoadingMore = false
        moreError = nil
        if reset {
            // `visible` indexes `records`: both go, or the next frame reads past the end.
            records = []
            refilter(keeping: nil)
        }
        isLoading = true
        let first = query(page: 1)
        loadTask = Task { [weak self, interactor] in
            let updates = await interactor.observe(first)
            Task { await interactor.refresh(first, force: force) }
            for await update in updates {
                self?.apply(update)
            }
        }
    }

    private func reload() {
        message = nil
        observe(reset: false, force: true)
    }

    private func apply(_ update: ResourceListInteractor.Update) {
        guard !Task.isCancelled else { return }
        if let page = update.page {
            if resource.columns.isEmpty { inferColumns(from: page.records) }
            let selectedID = current?.id
            var fresh = applyingPending(page.records)
            paging.receivedFirstPage(count: page.records.count, total: page.totalCount)
            fetchedAt = page.fetchedAt
            origin = page.origin
            if serverSort, !serverIgnoresSort, let sortColumn,
                !ResourceListInteractor.isSorted(
                    fresh, by: resource.columns[sortColumn].field, descending: sortDescending)
            {
                serverIgnoresSort = true
                message = StatusMessage(
                    "This server does not sort: the loaded \(resource.name) are sorted here", .warning)
            }
            if !serverSort || serverIgnoresSort, let sortColumn, !isServerOrder {
                fresh = ResourceListInteractor.sorted(
                    fresh, by: resource.columns[sortColumn].field, descending: sortDescending)
            }
            records = fresh
            refilter(keeping: selectedID)
        }
        error = update.error?.kind == .cancelled ? nil : update.error
        // Nothing known and nothing failed: the load asked for on start is coming.
        isLoading = update.isLoading || (!update.hasData && error == nil)
        loadMoreIfNeeded()
        context.setNeedsDisplay()
    }

    /// Columns for a resource described without any (config file), from its records.
    private func inferColumns(from records: [RecordEntity]) {
        guard !records.isEmpty else { return }
        let inferred = ResourceCatalog.inferred(name: resource.name, from: records.prefix(1).map(\.json))
        resource.columns = inferred.columns
        if resource.labelField == nil { resource.labelField = inferred.labelField }
        sortColumn = resource.columns.firstIndex { $0.field == resource.idField }
    }

    /// Asks for the next page when the cursor is within a screen of the end.
    private func loadMoreIfNeeded() {
        guard let page = paging.nextPage, !isLoadingMore, !isLoading, error == nil else { return }
        let margin = max(pageSize, 20)
        guard cursor >= visible.count - margin else { return }
        isLoadingMore = true
        moreError = nil
        let next = query(page: page)
        moreTask = Task { [weak self, interactor] in
            do throws(ServiceError) {
                let loaded = try await interactor.load(next)
                self?.appendPage(loaded, number: page)
            } catch {
                self?.failMore(error)
            }
        }
    }

    private func appendPage(_ page: ResourceListInteractor.Page, number: Int) {
        guard !Task.isCancelled else { return }
        isLoadingMore = false
        moreTask = nil
        let known = Set(records.map(\.id))
        let new = applyingPending(page.records.filter { !$0.hasID || !known.contains($0.id) })
        if let claimed = paging.receivedPage(
            number, sent: page.records.count, new: new.count, loaded: records.count, total: page.totalCount)
        {
            say("The server sent no \(resource.name) after \(records.count) (it counted \(claimed))", .warning)
        }
        let selectedID = current?.id
        records.append(contentsOf: new)
        if serverIgnoresSort, let sortColumn {
            records = ResourceListInteractor.sorted(
                records, by: resource.columns[sortColumn].field, descending: sortDescending)
        }
        refilter(keeping: selectedID)
        loadMoreIfNeeded()
        context.setNeedsDisplay()
    }

    private func failMore(_ failure: ServiceError) {
        isLoadingMore = false
        moreTask = nil
        if failure.kind == .cancelled { return }
        moreError = failure
        message = StatusMessage("More \(resource.name) not loaded (\(failure.shortReason)) — r reloads", .error)
        context.setNeedsDisplay()
    }

    /// Whether the list is in the server's own order (the id column, ascending, nothing re-sorted).
    private var isServerOrder: Bool {
        guard let sortColumn else { return true }
        return resource.columns[sortColumn].field == resource.idField && !sortDescending
    }

    /// Whether every record of the list is here (filter and sort can run locally).
    var isComplete: Bool { paging.isComplete }

    // MARK: - Filter and sort
    private func setFilter(_ text: String) {
        let selectedID = current?.id
        let narrowing = !filterText.isEmpty && text.hasPrefix(filterText) && !text.hasSuffix(" ")
        let previous = narrowing ? visible : nil
        filterText = text
        // What is loaded is filtered at once; rows still on the server are
        // searched there (`q=`), and the local filter then runs over its
        // answer too, so a server without `q` still shows only matches.
        visible = searchIndex.rows(matching: text, within: previous)
        restoreCursor(to: selectedID)
        if !isComplete || serverSearch != nil { scheduleServerSearch() }
    }

    /// The server search the filter asks for (`nil`: none).
    var requestedSearch: String? {
        let search = filterText.trimmingCharacters(in: .whitespaces)
        return search.isEmpty ? nil : search
    }

    /// Runs the server search a moment after the last keystroke.
    private func scheduleServerSearch() {
        searchTask?.cancel()
        searchTask = Task { [weak self] in
            guard (try? await Task.sleep(for: .milliseconds(250))) != nil, let self else { return }
            self.serverSearch = self.requestedSearch
            self.cursor = 0
            self.observe(reset: true)
            self.context.setNeedsDisplay()
        }
    }

    private func sort(by column: Int, descending: Bool) {
        guard resource.columns.indices.contains(column) else { return }
        let selectedID = current?.id
        sortColumn = column
        sortDescending = descending
        let field = resource.columns[column].field
        if (!isComplete || serverSort) && !serverIgnoresSort {
            serverSort = true
            message = StatusMessage(
                "Sorted by \(resource.columns[column].title) on the server (the list pages in)", .info)
            cursor = 0
            observe(reset: true)
            return
        }
        records = ResourceListInteractor.sorted(records, by: field, descending: descending)
        refilter(keeping: selectedID)
    }

    /// After `records` changed order or content: a new index, the filter again.
    func refilter(keeping selectedID: String?) {
        searchIndex = ResourceListInteractor.index(records)
        visible = searchIndex.rows(matching: filterText)
        restoreCursor(to: selectedID)
    }

    private func restoreCursor(to id: String?) {
        if let id, let position = visible.firstIndex(where: { records[$0].id == id }) {
            cursor = position
        } else {
            cursor = min(cursor, max(0, visible.count - 1))
        }
    }

    /// The record under the cursor, if any.
    public var current: RecordEntity? {
        visible.indices.contains(cursor) ? records[visible[cursor]] : nil
    }

    func say(_ text: String, _ severity: StatusMessage.Severity = .info) {
        message = StatusMessage(text, severity)
        context.setNeedsDisplay()
    }

    func clearMessage() { message = nil }

    private func applyingPending(_ records: [RecordEntity]) -> [RecordEntity] {
        guard !pendingFields.isEmpty else { return records }
        return records.map { record in
            guard let fields = pendingFields[record.id], var object = record.json.objectValue else { return record }
            for (key, value) in fields { object[key] = value }
            return RecordEntity(id: record.id, json: .object(object))
        }
    }
}
