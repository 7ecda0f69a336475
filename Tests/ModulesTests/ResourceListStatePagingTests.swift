import Foundation
import JSON
import Services
import TerminalUI
import TestSupport
import Testing

@testable import Modules

/// Paging in, server search and server sort, as transitions: each test
/// plays the server's part by feeding pages in.
@MainActor
@Suite("Resource list state: paging and server search")
struct ResourceListStatePagingTests {
    let paged = ResourceDescriptor.todos(pageSize: 100)

    /// Records `range` of `all`, as one page.
    private func page(_ all: [JSONValue], _ range: Range<Int>, total: Int?) -> ListPage {
        .of(Array(all[range]), total: total, resource: paged)
    }

    @Test func theFirstPageShowsAndTheRestLoadsAsTheCursorNearsTheEnd() {
        let all = todoRecords(250)
        var state = ResourceListState(resource: paged, filters: [])
        _ = state.apply(.start)
        // The cursor is far from the end: nothing more is asked for yet.
        #expect(state.apply(.firstPage(Array(all[0..<100]), total: 250, resource: paged)).isEmpty)
        #expect(state.records.count == 100)
        #expect(state.status.count == "250")
        #expect(state.screen().contains("100 of 250 loaded · more load as you scroll"))

        let second = state.expectedQuery(page: 2)
        #expect(second.limit == 100)
        // To the last loaded row (`G` would make the list a window: `ListWindowTests`).
        #expect(state.apply(.jump(to: state.rowCount - 1)) == [.loadPage(2, second)])
        #expect(state.status.isLoading)
        // Asked once, however often the cursor moves meanwhile.
        #expect(state.press(.char("k")).isEmpty)
        #expect(state.apply(.jump(to: state.rowCount - 1)).isEmpty)
        #expect(state.apply(.morePageArrived(2, page(all, 100..<200, total: 250))).isEmpty)
        #expect(state.records.count == 200)
        #expect(state.current?.id == "100")
        #expect(state.status.count == "250")
        #expect(state.apply(.jump(to: state.rowCount - 1)) == [.loadPage(3, state.expectedQuery(page: 3))])
        _ = state.apply(.morePageArrived(3, page(all, 200..<250, total: 250)))
        #expect(state.isComplete)
        #expect(state.ids == (1...250).map(String.init))
        #expect(state.press(.char("G")).isEmpty)
        let terminal = state.screen()
        #expect(terminal.contains("hay 250"))
        #expect(!terminal.contains("loaded · more load as you scroll"))
    }

    @Test func withoutATotalTheCountSaysMoreUntilAShortPageEndsTheList() {
        let all = todoRecords(250)
        var state = ResourceListState(resource: paged, filters: [])
        _ = state.apply(.start)
        _ = state.apply(.firstPage(Array(all[0..<100]), total: nil, resource: paged))
        #expect(state.status.count == "100+")
        #expect(state.screen().contains("100 loaded · more load as you scroll"))
        // G walks on to the end (issue 28): each page asks for the next.
        #expect(state.press(.char("G")) == [.loadPage(2, state.expectedQuery(page: 2))])
        #expect(
            state.apply(.morePageArrived(2, page(all, 100..<200, total: nil))) == [
                .loadPage(3, state.expectedQuery(page: 3))
            ])
        #expect(state.status.count == "200+")
        #expect(state.press(.char("G")).isEmpty)
        _ = state.apply(.morePageArrived(3, page(all, 200..<250, total: nil)))
        #expect(state.isComplete)
        #expect(state.records.count == 250)
        #expect(state.status.count == "250")
    }

    @Test func withoutATotalAnEmptyPageEndsTheList() {
        let all = todoRecords(200)
        var state = ResourceListState(resource: paged, filters: [])
        _ = state.apply(.start)
        _ = state.apply(.firstPage(Array(all[0..<100]), total: nil, resource: paged))
        state.press(.char("G"))
        #expect(
            state.apply(.morePageArrived(2, page(all, 100..<200, total: nil))) == [
                .loadPage(3, state.expectedQuery(page: 3))
            ])
        #expect(state.status.count == "200+")
        _ = state.apply(.morePageArrived(3, page(all, 200..<200, total: nil)))
        #expect(state.isComplete)
        #expect(state.records.count == 200)
        #expect(state.status.count == "200")
    }

    @Test func aFailedPageSaysSoAndRLoadsAgain() {
        let all = todoRecords(250)
        var state = ResourceListState(resource: paged, filters: [])
        _ = state.apply(.start)
        _ = state.apply(.firstPage(Array(all[0..<100]), total: 250, resource: paged))
        _ = state.apply(.jump(to: state.rowCount - 1))
        _ = state.apply(.pages(.moreFailed(2, ServiceError(.offline, "Cannot connect"))))
        #expect(state.status.message == StatusMessage("More todos not loaded (server unreachable) — r reloads", .error))
        #expect(
            state.screen(Size(rows: 12, cols: 90)).contains(
                "✖ more not loaded (server unreachable) · 100 of 250 loaded · r reloads"))
        #expect(state.press(.char("r")) == [.observe(state.expectedQuery(page: 1), force: true)])
        #expect(state.moreError == nil && state.message == nil)
    }

    @Test func aPageAskedForBeforeTheListStartedOverIsDropped() {
        let all = todoRecords(250)
        var state = ResourceListState(resource: paged, filters: [])
        _ = state.apply(.start)
        _ = state.apply(.firstPage(Array(all[0..<100]), total: 250, resource: paged))
        state.press(.char("G"))
        _ = state.press(.char("r"))
        #expect(!state.isLoadingMore)
        _ = state.apply(.morePageArrived(2, page(all, 100..<200, total: 250)))
        #expect(state.records.count == 100)
    }

    @Test func aFilterOnAListStillPagingInSearchesTheServer() {
        let all = todoRecords(250, needles: 150...156)
        var state = ResourceListState(resource: paged, filters: [])
        _ = state.apply(.start)
        _ = state.apply(.firstPage(Array(all[0..<100]), total: 250, resource: paged))
        state.press(.char("/"))
        // Each keystroke puts the server search off until the typing pauses.
        #expect(state.type("needle") == [.scheduleSearch(after: .milliseconds(250))])
        // Nothing loaded matches yet.
        #expect(state.ids.isEmpty)
        #expect(state.screen().contains("searching the server…"))
        let search = state.expectedQuery(page: 1, search: "needle")
        #expect(state.apply(.filterSort(.searchPaused)) == [.observe(search, force: false)])
        #expect(state.records.isEmpty && state.cursor == 0)
        _ = state.apply(.firstPage(Array(all[149..<156]), total: 7, resource: paged))
        #expect(state.ids == ["150", "151", "152", "153", "154", "155", "156"])
        #expect(state.status.count == "7 matching “needle”")
        #expect(state.screen().contains("server search q=needle"))

        #expect(state.press(.escape) == [.scheduleSearch(after: .milliseconds(250))])
        #expect(state.apply(.filterSort(.searchPaused)) == [.observe(state.expectedQuery(page: 1), force: false)])
        #expect(state.serverSearch == nil)
        _ = state.apply(.firstPage(Array(all[0..<100]), total: 250, resource: paged))
        #expect(state.status.count == "250")
    }

    /// A server without `q` sends everything back: the local filter keeps
    /// the matches, and the count is what is shown, not what was sent.
    @Test func aServerThatIgnoresTheSearchIsFilteredHereAndCountedRight() {
        let all = todoRecords(250, needles: 20...22)
        var state = ResourceListState(resource: paged, filters: [])
        _ = state.apply(.start)
        _ = state.apply(.firstPage(Array(all[0..<100]), total: 250, resource: paged))
        state.press(.char("/"))
        state.type("needle")
        let search = state.expectedQuery(page: 1, search: "needle")
        #expect(state.apply(.filterSort(.searchPaused)) == [.observe(search, force: false)])
        _ = state.apply(.firstPage(Array(all[0..<100]), total: 250, resource: paged))
        #expect(state.ids == ["20", "21", "22"])
        #expect(state.status.count == "3+ matching “needle”")
    }

    /// A server without `_sort` answers in id order: the header must not
    /// claim a server sort; the loaded rows are sorted here and it says so.
    @Test func aServerThatIgnoresTheSortIsSortedHereAndSaysSo() {
        let all = todoRecords(250)
        var state = ResourceListState(resource: paged, filters: [])
        _ = state.apply(.start)
        _ = state.apply(.firstPage(Array(all[0..<100]), total: 250, resource: paged))
        let byIDDown = ListQuery.SortKey("id", descending: true)
        #expect(state.press(.char("S")) == [.observe(state.expectedQuery(page: 1, sort: byIDDown), force: false)])
        _ = state.apply(.firstPage(Array(all[0..<100]), total: 250, resource: paged))
        #expect(state.serverIgnoresSort)
        #expect(state.ids.first == "100")
        #expect(state.status.message?.text == "This server does not sort: the loaded todos are sorted here")
        // The next pages are sorted in with the rest.
        #expect(state.press(.char("G")) == [.loadPage(2, state.expectedQuery(page: 2, sort: byIDDown))])
        _ = state.apply(.morePageArrived(2, page(all, 100..<200, total: 250)))
        state.press(.char("G"))
        _ = state.apply(.morePageArrived(3, page(all, 200..<250, total: 250)))
        #expect(state.ids.first == "250")
        #expect(state.ids.last == "1")
    }

    @Test func sortingAListStillPagingInSortsOnTheServer() {
        let all = todoRecords(250)
        var state = ResourceListState(resource: paged, filters: [])
        _ = state.apply(.start)
        _ = state.apply(.firstPage(Array(all[0..<100]), total: 250, resource: paged))
        let effects = state.press(.char("S"))  // id descending
        let query = state.expectedQuery(page: 1, sort: ListQuery.SortKey("id", descending: true))
        #expect(effects == [.observe(query, force: false)])
        #expect(query.sort == [ListQuery.SortKey("id", descending: true)])
        #expect(state.status.message?.text.contains("on the server") == true)
        _ = state.apply(.firstPage(Array(all[150..<250].reversed()), total: 250, resource: paged))
        #expect(state.records.count == 100)
        #expect(state.ids.first == "250")
        #expect(!state.serverIgnoresSort)
        #expect(state.screen().line(0).contains("ID ▼"))
    }
}
