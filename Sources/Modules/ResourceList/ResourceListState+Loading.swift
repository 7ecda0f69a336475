import Services
import Translations

/// Loading: the first page is watched (cache first, then the server);
/// further pages load as the cursor nears the end.
extension ResourceListState {
    /// The query of `page` as things stand: the filters, sort and search
    /// the server applies (the others are done here).
    func query(page: Int?) -> ListQuery {
        let sort: ListQuery.SortKey? =
            serverSort
            ? sortColumn.map { ListQuery.SortKey(resource.columns[$0].field, descending: sortDescending) } : nil
        return ListQuery.listing(
            of: resource, filters: serverFilters, page: page, sort: sort, search: serverSearch)
    }

    /// The query `:curl` repeats: the page the cursor's record came in
    /// (the first while the rows are re-sorted here, or none is loaded).
    var shownQuery: ListQuery {
        if let window { return query(page: window.page(of: cursor)) }
        guard resource.pageSize > 0, let current, !serverIgnoresSort, isServerOrder || serverSort,
            let index = records.firstIndex(where: { $0.id == current.id })
        else { return query(page: 1) }
        return query(page: index / resource.pageSize + 1)
    }

    mutating func start() -> [ResourceListEffect] {
        guard !isObserving else { return [] }
        sayLocalFilters()
        return observe(reset: false) + watch(.resumed)
    }

    mutating func stop() -> [ResourceListEffect] {
        isObserving = false
        _ = pages(.screenLeft)
        return [.cancelLoading, .cancelSearch] + watch(.screenLeft)
    }

    mutating func reload() -> [ResourceListEffect] {
        message = nil
        return observe(reset: false, force: true)
    }

    /// Watches the first page (again) and asks for a load if what is there is
    /// stale; `reset` drops what is loaded (a new search or server sort).
    mutating func observe(reset: Bool, force: Bool = false) -> [ResourceListEffect] {
        isObserving = true
        _ = pages(.startOver(reset: reset, force: force))
        if reset {
            // `visible` indexes `records`: both go, or the next frame reads past the end.
            records = []
            refilter(keeping: nil)
        }
        isLoading = true
        return [.observe(query(page: 1), force: force)]
    }

    mutating func firstPageUpdated(_ update: FirstPageUpdate) -> [ResourceListEffect] {
        if watchInterval != nil, let page = update.page, page.origin == .revalidated, !records.isEmpty {
            // 304: the page is as it was; only its age changed.
            fetchedAt = page.fetchedAt
            origin = page.origin
        } else if let page = update.page {
            if resource.columns.isEmpty { inferColumns(from: page.records) }
            let selectedID = page.records.isEmpty ? current?.id : adoptedCursor ?? current?.id
            if !page.records.isEmpty { adoptedCursor = nil }
            var fresh = applyingPending(page.records)
            fetchedAt = page.fetchedAt
            origin = page.origin
            if serverSort, !serverIgnoresSort, let sortColumn,
                !RecordOrder.isSorted(
                    fresh, by: resource.columns[sortColumn].field, descending: sortDescending)
            {
                _ = filterSort(.serverIgnoredSort)
                say(Texts.List.sortedHere(resources: resource.name), .warning)
            }
            if !serverSort || serverIgnoresSort, let sortColumn, !isServerOrder {
                fresh = RecordOrder.sorted(
                    fresh, by: resource.columns[sortColumn].field, descending: sortDescending)
            }
            markChanges(in: fresh)
            records = fresh
            _ = pages(.firstPage(fresh, total: page.totalCount, windowable: pagesByNumber && !filtersHere))
            refilter(keeping: selectedID)
        }
        error = update.error?.kind == .cancelled ? nil : update.error
        // Nothing known and nothing failed: the load asked for on start is coming.
        isLoading = update.isLoading || (!update.hasData && error == nil)
        let effects = window == nil ? loadMoreIfNeeded() : showWindow()
        guard let page = update.page, !page.records.isEmpty else { return effects }
        return effects + toggleAsked()
    }

    /// Columns for a resource described without any (config file), from its records.
    private mutating func inferColumns(from records: [RecordEntity]) {
        guard !records.isEmpty else { return }
        let inferred = ResourceCatalog.inferred(name: resource.name, from: records.prefix(1).map(\.json))
        describedColumns = inferred.columns
        resource.columns = ColumnArrangement.columns(describedColumns, columnSetup)
        if resource.labelField == nil { resource.labelField = inferred.labelField }
        _ = filterSort(.columnsChanged(idColumn: resource.columns.firstIndex { $0.field == resource.idField }))
    }

    /// Asks for the next page when the cursor is within a screen of the end.
    mutating func loadMoreIfNeeded() -> [ResourceListEffect] {
        guard window == nil else { return [] }
        let nearEnd = cursor >= visible.count - max(tableHeight, 20)
        return pages(.wantMore(nearEnd: nearEnd, blocked: isLoading || error != nil))
    }

    mutating func morePageArrived(_ number: Int, _ page: ListPage) -> [ResourceListEffect] {
        // A page asked for before the list started over is not part of it.
        guard loadingPage == number else { return [] }
        let known = Set(records.map(\.id))
        let new = applyingPending(page.records.filter { !$0.hasID || !known.contains($0.id) })
        _ = pages(
            .morePage(number, sent: page.records.count, new: new.count, loaded: records.count, total: page.totalCount))
        let selectedID = current?.id
        records.append(contentsOf: new)
        if !serverSort || serverIgnoresSort, let sortColumn, !isServerOrder {
            records = RecordOrder.sorted(
                records, by: resource.columns[sortColumn].field, descending: sortDescending)
        }
        refilter(keeping: selectedID)
        let walk = pages(.walked(records, windowable: !filtersHere))
        return window == nil ? loadMoreIfNeeded() : walk
    }

    /// Whether the list is in the server's own order (the id column, ascending, nothing re-sorted).
    var isServerOrder: Bool {
        guard let sortColumn else { return true }
        return resource.columns[sortColumn].field == resource.idField && !sortDescending
    }
}
