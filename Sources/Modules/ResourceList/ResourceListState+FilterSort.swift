import Foundation
import Services
import Translations

/// Filter and sort: the child state `ListFilterSort` decides (here over the
/// loaded rows, or on the server while the list pages in and the server
/// can); the parent reduces it through its scope
/// (``ResourceListState/filterSortScope``), whose effects become the
/// list's own steps (the rows, the cursor, the status line) or its effects.
extension ResourceListState {
    // What the child holds, as the rest of the list reads it.
    var filterText: String { filterSort.text }
    var isEditingFilter: Bool { filterSort.isEditing }
    var serverSearch: String? { filterSort.serverSearch }
    var sortColumn: Int? { filterSort.sortColumn }
    var sortDescending: Bool { filterSort.sortDescending }
    var serverSort: Bool { filterSort.serverSort }
    var serverIgnoresSort: Bool { filterSort.serverIgnoresSort }
    var serverSearches: Bool { filterSort.serverSearches }
    var requestedSearch: String? { filterSort.requestedSearch }

    /// How long after the last filter keystroke the server is searched.
    static var searchDelay: Duration { ListFilterSort.searchDelay }

    /// The list's filters the server applies: they go in every query.
    var serverFilters: [ListQuery.Filter] { filters.filter { capabilities.applies($0, on: resource.route) } }

    /// The list's filters the server cannot apply (`year>=2000` on HAL):
    /// only the loaded rows that pass them are shown.
    var localFilters: [ListQuery.Filter] { filters.filter { !capabilities.applies($0, on: resource.route) } }

    /// Whether rows are dropped here that the server would have sent:
    /// the list is then not windowed (a window shows every row).
    var filtersHere: Bool { !localFilters.isEmpty || (!filterText.isEmpty && !serverSearches) }

    /// The rows of `records` that pass the filter text and the local
    /// filters, looking only at `previous` when given (they passed already).
    func matchingRows(_ text: String, within previous: [Int]? = nil) -> [Int] {
        let rows = searchIndex.rows(matching: text, within: previous)
        let local = localFilters
        guard !local.isEmpty, previous == nil else { return rows }
        return rows.filter { index in local.allSatisfy { $0.matches(records[index].json) } }
    }

    /// A server that cannot search: the loaded rows are searched here, the
    /// status line says so while more are on the server, and the next pages
    /// load as the matches leave the screen short (a window, which would
    /// show every row, gives way to the loaded rows).
    mutating func searchHere(_ text: String) -> [ResourceListEffect] {
        guard !text.isEmpty, !isComplete else { return [] }
        say(Texts.List.searchedHere(server: serverName, loaded: records.count, resources: resource.name))
        return window == nil ? loadMoreIfNeeded() : observe(reset: true)
    }

    /// The server's kind as a person knows it ("HAL", "Django REST").
    var serverName: String { (resource.route?.convention ?? .jsonServer).displayName() }

    mutating func sort(by column: Int, descending: Bool) -> [ResourceListEffect] {
        guard resource.columns.indices.contains(column) else { return [] }
        return filterSort(
            .sort(
                column: column, field: resource.columns[column].field, descending: descending,
                listComplete: isComplete))
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
