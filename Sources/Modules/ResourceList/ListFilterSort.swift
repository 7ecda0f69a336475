import Foundation
import Services

/// The list's filter and sort: a child state of `ResourceListState`, in the
/// manner of TCA's `Scope`. It holds the filter text, the search the server
/// ran and the sorted column, and decides where each is done: here over the
/// loaded rows, or on the server (`q=`, `_sort=`) while the list still pages
/// in and the server can (its ``ListCapabilities``).
///
/// It knows nothing of the rows: its effects tell the parent what to do
/// with them (filter them again, sort them, start the list over, say
/// something), and its scope in the parent (``ResourceListState/filterSortScope``)
/// makes each the list's own step or effect.
struct ListFilterSort: ScreenState, Equatable, Sendable {
    enum Event: Equatable, Sendable {
        /// Start typing a filter.
        case beginEditing
        /// Enter: stop typing, keep the filter.
        case finishEditing
        /// Esc while typing: stop typing, clear the filter.
        case cancelEditing(listComplete: Bool)
        /// The filter text is now this; `listComplete`: every row is loaded.
        case setText(String, listComplete: Bool)
        /// The pause after the last keystroke is over: the server searches the text.
        case searchPaused
        /// Sort by `column` (its field `field`).
        case sort(column: Int, field: String, descending: Bool, listComplete: Bool)
        /// A page came in another order than the one asked for.
        case serverIgnoredSort
        /// The columns were inferred anew: sort by the id's column (`nil`: none).
        case columnsChanged(idColumn: Int?)
        /// The columns were arranged anew (`:columns`, a view): the sorted
        /// column is now at `sortColumn` (`nil`: gone); nothing is sorted again.
        case columnsRearranged(sortColumn: Int?)
    }

    enum Effect: Equatable, Sendable {
        /// A search is coming: let the service get ready for it.
        case prepareSearch
        /// Filter the loaded rows again by the text; `narrowing`: only the
        /// rows shown now can match (the text grew).
        case refilter(narrowing: Bool)
        /// The server cannot search: search the loaded rows, and say so
        /// while more are on the server.
        case searchHere
        /// Ask the server to search once the typing pauses.
        case scheduleSearch(after: Duration)
        /// The query changed: the list starts over from its first page, the cursor at the top.
        case startOver
        /// Sort the loaded rows by `field`.
        case sortLoaded(field: String, descending: Bool)
        /// Say that the server sorts by the column.
        case sayServerSorts
        /// Warn that the loaded rows are sorted here, not by the server.
        case saySortedHere
    }

    /// How long after the last filter keystroke the server is searched.
    static let searchDelay = Duration.milliseconds(250)

    /// What the list's server does with a query.
    let capabilities: ListCapabilities
    private(set) var text = ""
    private(set) var isEditing = false
    /// The search the server ran (`q=`, `search=`), when the list was not
    /// fully loaded and the server can search.
    private(set) var serverSearch: String?
    /// The sorted column (an index into the resource's columns), if any.
    private(set) var sortColumn: Int?
    private(set) var sortDescending = false
    /// Whether the current sort was asked of the server.
    private(set) var serverSort = false
    /// The server answered a sort in its own order: sort what is loaded here.
    private(set) var serverIgnoresSort = false

    init(capabilities: ListCapabilities, sortColumn: Int?) {
        self.capabilities = capabilities
        self.sortColumn = sortColumn
    }

    /// Whether the server can search this list (else the loaded rows are searched here).
    var serverSearches: Bool { capabilities.searchParameter != nil }

    /// The server search the filter asks for (`nil`: none, or the server cannot search).
    var requestedSearch: String? {
        let search = text.trimmingCharacters(in: .whitespaces)
        return search.isEmpty || !serverSearches ? nil : search
    }

    mutating func apply(_ event: Event) -> [Effect] {
        switch event {
        case .beginEditing:
            isEditing = true
            return [.prepareSearch]
        case .finishEditing:
            isEditing = false
            return []
        case .cancelEditing(let listComplete):
            isEditing = false
            return setText("", listComplete: listComplete)
        case .setText(let text, let listComplete): return setText(text, listComplete: listComplete)
        case .searchPaused:
            serverSearch = requestedSearch
            return [.startOver]
        case .sort(let column, let field, let descending, let listComplete):
            return sort(column, field: field, descending: descending, listComplete: listComplete)
        case .serverIgnoredSort:
            serverIgnoresSort = true
            return []
        case .columnsChanged(let idColumn):
            sortColumn = idColumn
            return []
        case .columnsRearranged(let column):
            sortColumn = column
            return []
        }
    }

    /// What is loaded is filtered at once; rows still on the server are
    /// searched there (`q=`, `search=`), and the parent's filter then runs
    /// over its answer too, so a server that ignores it still shows only matches.
    private mutating func setText(_ new: String, listComplete: Bool) -> [Effect] {
        let narrowing = !text.isEmpty && new.hasPrefix(text) && !new.hasSuffix(" ")
        text = new
        guard serverSearches else { return [.refilter(narrowing: narrowing), .searchHere] }
        guard !listComplete || serverSearch != nil else { return [.refilter(narrowing: narrowing)] }
        return [.refilter(narrowing: narrowing), .scheduleSearch(after: Self.searchDelay)]
    }

    private mutating func sort(_ column: Int, field: String, descending: Bool, listComplete: Bool) -> [Effect] {
        sortColumn = column
        sortDescending = descending
        // A server that does not sort is as one that ignored `_sort`: sorted here.
        if !capabilities.sorts { serverIgnoresSort = true }
        let serverSortsField = capabilities.sorts(by: field)
        if (!listComplete || serverSort) && !serverIgnoresSort && serverSortsField {
            serverSort = true
            return [.sayServerSorts, .startOver]
        }
        if !serverSortsField && serverSort && !serverIgnoresSort {
            // The rows came sorted by another column: the list starts over in
            // the server's own order and its pages are sorted here as they come.
            serverSort = false
            return [.saySortedHere, .startOver]
        }
        return (!listComplete && !serverSortsField ? [.saySortedHere] : [])
            + [.sortLoaded(field: field, descending: descending)]
    }
}
