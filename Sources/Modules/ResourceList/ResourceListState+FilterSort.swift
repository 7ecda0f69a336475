import Foundation
import Services
import Translations

/// Filter and sort: local and instant while the list is complete; asked of
/// the server (`q=`, `search=`, `_sort=`) while it still pages in, when the
/// server can (its convention's ``ListCapabilities``). What it cannot do is
/// done here over the loaded rows, and the screen says so.
extension ResourceListState {
    /// How long after the last filter keystroke the server is searched.
    static let searchDelay = Duration.milliseconds(250)

    /// Whether the server can search this list (else the loaded rows are searched here).
    var serverSearches: Bool { capabilities.searchParameter != nil }

    /// The list's filters the server applies: they go in every query.
    var serverFilters: [ListQuery.Filter] { filters.filter { capabilities.applies($0, on: resource.route) } }

    /// The list's filters the server cannot apply (`year>=2000` on HAL):
    /// only the loaded rows that pass them are shown.
    var localFilters: [ListQuery.Filter] { filters.filter { !capabilities.applies($0, on: resource.route) } }

    /// Whether rows are dropped here that the server would have sent:
    /// the list is then not windowed (a window shows every row).
    var filtersHere: Bool { !localFilters.isEmpty || (!filterText.isEmpty && !serverSearches) }

    /// The server search the filter asks for (`nil`: none, or the server cannot search).
    var requestedSearch: String? {
        let search = filterText.trimmingCharacters(in: .whitespaces)
        return search.isEmpty || !serverSearches ? nil : search
    }

    /// The rows of `records` that pass the filter text and the local
    /// filters, looking only at `previous` when given (they passed already).
    func matchingRows(_ text: String, within previous: [Int]? = nil) -> [Int] {
        let rows = searchIndex.rows(matching: text, within: previous)
        let local = localFilters
        guard !local.isEmpty, previous == nil else { return rows }
        return rows.filter { index in local.allSatisfy { $0.matches(records[index].json) } }
    }

    mutating func setFilter(_ text: String) -> [ResourceListEffect] {
        let selectedID = current?.id
        let narrowing = !filterText.isEmpty && text.hasPrefix(filterText) && !text.hasSuffix(" ")
        let previous = narrowing ? visible : nil
        filterText = text
        // What is loaded is filtered at once; rows still on the server are
        // searched there (`q=`, `search=`), and the local filter then runs
        // over its answer too, so a server that ignores it still shows only matches.
        visible = matchingRows(text, within: previous)
        restoreCursor(to: selectedID)
        guard serverSearches else { return searchHere(text) }
        guard !isComplete || serverSearch != nil else { return [] }
        return [.scheduleSearch(after: Self.searchDelay)]
    }

    /// A server that cannot search: the loaded rows are searched here, the
    /// status line says so while more are on the server, and the next pages
    /// load as the matches leave the screen short (a window, which would
    /// show every row, gives way to the loaded rows).
    private mutating func searchHere(_ text: String) -> [ResourceListEffect] {
        guard !text.isEmpty, !isComplete else { return [] }
        say(Texts.List.searchedHere(server: serverName, loaded: records.count, resources: resource.name))
        return window == nil ? loadMoreIfNeeded() : observe(reset: true)
    }

    /// The server's kind as a person knows it ("HAL", "Django REST").
    var serverName: String { (resource.route?.convention ?? .jsonServer).displayName }

    /// The filter stood still: the server searches what it says (or nothing, once it is empty).
    mutating func searchDebounceFired() -> [ResourceListEffect] {
        serverSearch = requestedSearch
        cursor = 0
        return observe(reset: true)
    }

    mutating func sort(by column: Int, descending: Bool) -> [ResourceListEffect] {
        guard resource.columns.indices.contains(column) else { return [] }
        let selectedID = current?.id
        sortColumn = column
        sortDescending = descending
        let field = resource.columns[column].field
        // A server that does not sort is as one that ignored `_sort`: sorted here.
        if !capabilities.sorts { serverIgnoresSort = true }
        let serverSortsField = capabilities.sorts(by: field)
        if (!isComplete || serverSort) && !serverIgnoresSort && serverSortsField {
            serverSort = true
            say(Texts.List.sortedOnServer(column: resource.columns[column].title))
            cursor = 0
            return observe(reset: true)
        }
        if !serverSortsField && serverSort && !serverIgnoresSort {
            // The rows came sorted by another column: the list starts over in
            // the server's own order and its pages are sorted here as they come.
            serverSort = false
            say(Texts.List.sortedHere(resources: resource.name), .warning)
            cursor = 0
            return observe(reset: true)
        }
        if !isComplete && !serverSortsField { say(Texts.List.sortedHere(resources: resource.name), .warning) }
        records = ResourceListInteractor.sorted(records, by: field, descending: descending)
        refilter(keeping: selectedID)
        return []
    }

    /// Says which of the list's filters are done here, when the server cannot apply them.
    mutating func sayLocalFilters() {
        let local = localFilters
        guard !local.isEmpty else { return }
        say(
            Texts.List.filteredHereOnly(
                server: serverName, filters: local.map(\.description).joined(separator: ", "),
                resources: resource.name))
    }
}
