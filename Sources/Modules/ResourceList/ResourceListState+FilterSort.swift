import Foundation
import Services
import Translations

/// Filter and sort: local and instant while the list is complete; asked of
/// the server (`q=`, `_sort=`) while it still pages in.
extension ResourceListState {
    /// How long after the last filter keystroke the server is searched.
    static let searchDelay = Duration.milliseconds(250)

    /// The server search the filter asks for (`nil`: none).
    var requestedSearch: String? {
        let search = filterText.trimmingCharacters(in: .whitespaces)
        return search.isEmpty ? nil : search
    }

    mutating func setFilter(_ text: String) -> [ResourceListEffect] {
        let selectedID = current?.id
        let narrowing = !filterText.isEmpty && text.hasPrefix(filterText) && !text.hasSuffix(" ")
        let previous = narrowing ? visible : nil
        filterText = text
        // What is loaded is filtered at once; rows still on the server are
        // searched there (`q=`), and the local filter then runs over its
        // answer too, so a server without `q` still shows only matches.
        visible = searchIndex.rows(matching: text, within: previous)
        restoreCursor(to: selectedID)
        guard !isComplete || serverSearch != nil else { return [] }
        return [.scheduleSearch(after: Self.searchDelay)]
    }

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
        if (!isComplete || serverSort) && !serverIgnoresSort {
            serverSort = true
            say(Texts.List.sortedOnServer(column: resource.columns[column].title))
            cursor = 0
            return observe(reset: true)
        }
        records = ResourceListInteractor.sorted(records, by: field, descending: descending)
        refilter(keeping: selectedID)
        return []
    }
}
