import Services
import Testing

@testable import Modules

/// The list's filter and sort as a child state, alone: which effects each
/// event asks of the parent, with no rows, no service and no waiting.
struct ListFilterSortTests {
    private static let searchesAndSorts = ListCapabilities.jsonServer
    private static let neither = ListCapabilities(searchParameter: nil, filterOperators: [], sorts: false)
    private static let notByAuthor = ListCapabilities(
        searchParameter: "q", filterOperators: [], sorts: true, unsortableFields: ["author"])

    @Test func typingFiltersTheLoadedRowsAtOnceAndNarrowsAsTheTextGrows() {
        var state = ListFilterSort(capabilities: Self.searchesAndSorts, sortColumn: 0)
        #expect(state.apply(.setText("a", listComplete: true)) == [.refilter(narrowing: false)])
        #expect(state.apply(.setText("ab", listComplete: true)) == [.refilter(narrowing: true)])
        #expect(state.apply(.setText("a", listComplete: true)) == [.refilter(narrowing: false)], "shorter: widens")
        #expect(state.apply(.setText("a ", listComplete: true)) == [.refilter(narrowing: false)], "a new word")
        #expect(state.text == "a ")
    }

    @Test func aListStillPagingInIsSearchedOnTheServerAfterAPause() {
        var state = ListFilterSort(capabilities: Self.searchesAndSorts, sortColumn: 0)
        #expect(
            state.apply(.setText(" needle ", listComplete: false))
                == [.refilter(narrowing: false), .scheduleSearch(after: ListFilterSort.searchDelay)])
        #expect(state.serverSearch == nil, "not before the pause")
        #expect(state.apply(.searchPaused) == [.startOver])
        #expect(state.serverSearch == "needle")
        // Once the server searched, even a complete list asks it again (its rows are the search's).
        #expect(
            state.apply(.setText("", listComplete: true))
                == [.refilter(narrowing: false), .scheduleSearch(after: ListFilterSort.searchDelay)])
        #expect(state.apply(.searchPaused) == [.startOver])
        #expect(state.serverSearch == nil)
    }

    @Test func aServerThatCannotSearchHasTheLoadedRowsSearchedHere() {
        var state = ListFilterSort(capabilities: Self.neither, sortColumn: 0)
        #expect(state.apply(.setText("x", listComplete: false)) == [.refilter(narrowing: false), .searchHere])
        #expect(state.requestedSearch == nil)
    }

    @Test func editingBeginsWithAPreparedSearchAndEscClearsTheText() {
        var state = ListFilterSort(capabilities: Self.searchesAndSorts, sortColumn: 0)
        #expect(state.apply(.beginEditing) == [.prepareSearch])
        _ = state.apply(.setText("abc", listComplete: true))
        #expect(state.apply(.cancelEditing(listComplete: true)) == [.refilter(narrowing: false)])
        #expect(state.text.isEmpty)
        #expect(!state.isEditing)
    }

    @Test func aCompleteListIsSortedHere() {
        var state = ListFilterSort(capabilities: Self.searchesAndSorts, sortColumn: 0)
        #expect(
            state.apply(.sort(column: 2, field: "title", descending: true, listComplete: true))
                == [.sortLoaded(field: "title", descending: true)])
        #expect(state.sortColumn == 2 && state.sortDescending && !state.serverSort)
    }

    @Test func aListStillPagingInIsSortedByTheServerAndStartsOver() {
        var state = ListFilterSort(capabilities: Self.searchesAndSorts, sortColumn: 0)
        #expect(
            state.apply(.sort(column: 1, field: "title", descending: false, listComplete: false))
                == [.sayServerSorts, .startOver])
        #expect(state.serverSort)
        // Sorted by the server since: another column is asked of it too, complete or not.
        #expect(
            state.apply(.sort(column: 2, field: "year", descending: false, listComplete: true))
                == [.sayServerSorts, .startOver])
    }

    @Test func aFieldTheServerCannotSortByStartsOverInItsOwnOrderSortedHere() {
        var state = ListFilterSort(capabilities: Self.notByAuthor, sortColumn: 0)
        _ = state.apply(.sort(column: 1, field: "title", descending: false, listComplete: false))
        #expect(
            state.apply(.sort(column: 2, field: "author", descending: false, listComplete: false))
                == [.saySortedHere, .startOver])
        #expect(!state.serverSort)
        #expect(
            state.apply(.sort(column: 2, field: "author", descending: true, listComplete: false))
                == [.saySortedHere, .sortLoaded(field: "author", descending: true)])
    }

    @Test func aServerThatIgnoredTheSortIsNotAskedAgain() {
        var state = ListFilterSort(capabilities: Self.searchesAndSorts, sortColumn: 0)
        _ = state.apply(.sort(column: 1, field: "title", descending: false, listComplete: false))
        #expect(state.apply(.serverIgnoredSort).isEmpty)
        #expect(
            state.apply(.sort(column: 1, field: "title", descending: true, listComplete: false))
                == [.sortLoaded(field: "title", descending: true)])
        let unsorted = ListFilterSort(capabilities: Self.neither, sortColumn: 0)
        var copy = unsorted
        _ = copy.apply(.sort(column: 1, field: "title", descending: false, listComplete: false))
        #expect(copy.serverIgnoresSort, "a server that does not sort is as one that ignored the sort")
    }

    @Test func newColumnsSortByTheIDColumn() {
        var state = ListFilterSort(capabilities: Self.searchesAndSorts, sortColumn: nil)
        #expect(state.apply(.columnsChanged(idColumn: 3)).isEmpty)
        #expect(state.sortColumn == 3)
    }
}
