import Foundation
import JSON
import Services
import TerminalUI
import TestSupport
import Testing

@testable import Modules

/// Loading the first page, errors and the offline copy, as transitions of
/// the list's state: no tasks, no service.
@MainActor
@Suite("Resource list state: loading")
struct ResourceListStateLoadingTests {
    @Test func startingWatchesTheFirstPageOnce() {
        var state = ResourceListState(resource: .todos, filters: [])
        let query = state.expectedQuery(page: 1)
        #expect(query.page == 1)
        #expect(query.limit == ResourceDescriptor.defaultPageSize)
        #expect(state.apply(.start) == [.observe(query, force: false)])
        #expect(state.apply(.start).isEmpty)
        #expect(state.apply(.stop) == [.cancelLoading, .cancelSearch])
        #expect(state.apply(.start) == [.observe(query, force: false)])
    }

    @Test func theFirstPageShowsEveryRecordAndTheCount() {
        var state = ResourceListState.loaded()
        let terminal = state.screen()
        #expect(terminal.contains("buy milk"))
        #expect(terminal.contains("café with Zoë"))
        #expect(terminal.line(0).contains("Title"))
        #expect(terminal.line(0).contains("ID ▲"))
        #expect(state.status.count == "5")
        #expect(state.status.resource == "todos")
        #expect(state.status.isLoading == false)
    }

    @Test func beforeDataArrivesTheListSaysItIsLoading() {
        var state = ResourceListState(resource: .todos, filters: [])
        _ = state.apply(.start)
        #expect(state.screen().contains("Loading todos…"))
        #expect(state.status.count == nil)
        // Nothing known and nothing failed: the load asked for is still coming.
        _ = state.apply(.firstPageUpdated(.init(page: nil, hasData: false, error: nil, isLoading: false)))
        #expect(state.isLoading)
        #expect(state.screen().contains("Loading todos…"))
    }

    @Test func movementKeysMoveTheCursorWithinBounds() {
        var state = ResourceListState.loaded()
        state.press(.char("j"))
        state.press(.down)
        #expect(state.current?.id == "3")
        state.press(.char("G"))
        #expect(state.current?.id == "5")
        state.press(.char("j"))
        #expect(state.current?.id == "5")
        state.press(.char("g"))
        state.press(.up)
        #expect(state.current?.id == "1")
    }

    @Test func aFailedReloadKeepsCachedDataAndSaysOffline() {
        var state = ResourceListState(resource: .todos, filters: [])
        _ = state.apply(.start)
        let offline = ServiceError(.offline, "Cannot connect to 127.0.0.1:3000")
        _ = state.apply(
            .firstPage(
                Fixtures.todoRecords, total: 5, fetchedAt: testNow - 300, origin: .cache, error: offline))
        #expect(state.status.offline == "offline · cached 5 min ago")
        let terminal = state.screen()
        #expect(terminal.contains("buy milk"))
        #expect(terminal.contains("Cannot connect to 127.0.0.1:3000 (r to retry)"))
    }

    @Test func aServerErrorMarksCachedDataStaleNotOffline() {
        var state = ResourceListState(resource: .todos, filters: [])
        _ = state.apply(.start)
        let failure = ServiceError(.server(status: 500), "Server answered 500 Internal Server Error")
        _ = state.apply(
            .firstPage(Fixtures.todoRecords, total: 5, fetchedAt: testNow - 300, origin: .cache, error: failure))
        #expect(state.status.offline == "stale · cached 5 min ago")
        // A cached copy without an error is only cached.
        _ = state.apply(.firstPage(Fixtures.todoRecords, total: 5, fetchedAt: testNow - 300, origin: .cache))
        #expect(state.status.offline == "cached 5 min ago")
    }

    @Test func retryAfterAnErrorLoadsAgain() {
        var state = ResourceListState(resource: .todos, filters: [])
        _ = state.apply(.start)
        let timeout = ServiceError(.timeout, "Timed out after 15 s")
        _ = state.apply(.firstPageUpdated(.init(page: nil, hasData: false, error: timeout, isLoading: false)))
        #expect(!state.isLoading)
        #expect(state.screen().contains("Timed out after 15 s (r to retry)"))
        // r asks the server again, whatever the freshness window says.
        #expect(state.press(.char("r")) == [.observe(state.expectedQuery(page: 1), force: true)])
        #expect(state.isLoading)
        _ = state.apply(.firstPage(Fixtures.todoRecords, total: 5))
        #expect(!state.isLoading && state.error == nil)
        #expect(state.records.count == 5)
    }

    @Test func aCancelledLoadIsNoError() {
        var state = ResourceListState(resource: .todos, filters: [])
        _ = state.apply(.start)
        let cancelled = ServiceError(.cancelled, "cancelled")
        _ = state.apply(.firstPageUpdated(.init(page: nil, hasData: false, error: cancelled, isLoading: false)))
        #expect(state.error == nil)
        #expect(state.isLoading)
    }

    @Test func aHundredThousandRowListDrawsOnlyTheRowsAtItsEnd() {
        let resource = ResourceDescriptor.todos(pageSize: 0)
        var state = ResourceListState(resource: resource, filters: [])
        // Not paged: one request for everything.
        #expect(state.apply(.start) == [.observe(state.expectedQuery(page: nil), force: false)])
        #expect(state.expectedQuery(page: 1).page == nil)
        _ = state.apply(.firstPage(Fixtures.manyTodos(100_000).map(\.json), total: 100_000, resource: resource))
        #expect(state.status.count == "100,000")
        state.press(.char("G"))
        let terminal = state.screen(Size(rows: 10, cols: 60))
        #expect(terminal.contains("todo number 100000"))
        #expect(terminal.contains("todo number 99992"))
        #expect(!terminal.contains("todo number 99990 "))
        #expect(!terminal.contains("todo number 1 "))
    }

    /// A collection nobody described gets its columns from its first record.
    @Test func anUndescribedResourceInfersItsColumns() {
        let books: [JSONValue] = [["id": 1, "title": "Dune", "year": 1965, "tags": ["sf"]]]
        let resource = ResourceCatalog.jsonPlaceholder.descriptor(for: "books")
        var state = ResourceListState(resource: resource, filters: [])
        #expect(state.resource.columns.isEmpty)
        _ = state.apply(.start)
        _ = state.apply(.firstPage(books, total: 1, resource: resource))
        #expect(state.resource.columns.map(\.field) == ["id", "title", "year"])
        #expect(state.sortColumn == 0)
        let terminal = state.screen()
        let header = terminal.line(0)
        #expect(header.contains("ID") && header.contains("Title") && header.contains("Year"))
        #expect(terminal.contains("Dune"))
    }

    @Test func theExportSourceIsWhatTheListShowsInItsOrder() {
        var state = ResourceListState.loaded(todoRecords(30, needles: 11...14))
        #expect(state.exportSource.records.count == 30)
        state.press(.char("/"))
        state.type("needle")
        state.press(.enter)
        state.press(.char("S"))
        let source = state.exportSource
        #expect(source.resource.name == "todos")
        #expect(source.records.map { $0.recordID() } == ["14", "13", "12", "11"])
        #expect(source.records.first?["title"] == "needle 14")
    }
}
