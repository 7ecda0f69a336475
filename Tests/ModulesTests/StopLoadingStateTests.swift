import Foundation
import JSON
import Services
import TerminalUI
import TestSupport
import Testing

@testable import Modules

/// Esc while a list or a record loads stops the load and keeps what is
/// shown; with nothing loading, Esc means what it always meant.
@MainActor
@Suite("Esc stops a load: list and detail states")
struct StopLoadingStateTests {
    /// A loaded list whose `r` is under way.
    private func reloading() -> ResourceListState {
        var state = ResourceListState.loaded()
        _ = state.press(.char("r"))
        #expect(state.isLoading)
        return state
    }

    @Test func escWhileTheFirstPageLoadsStopsIt() {
        var state = ResourceListState(resource: .todos, filters: [])
        _ = state.apply(.start)
        #expect(state.outcome(of: .escape) == .stopLoading, "nothing shown yet: the user waits")
    }

    @Test func escWhileAReloadShowsProgressStopsItAndKeepsTheRows() {
        var state = reloading()
        #expect(state.outcome(of: .escape, received: 3_200_000) == .stopLoading)
        let effects = state.apply(.stopLoading(received: 3_200_000))
        #expect(effects == [.cancelLoading, .cancelSearch])
        #expect(!state.isLoading)
        #expect(state.ids == ["1", "2", "3", "4", "5"], "the rows already here stay")
        #expect(state.status.isLoading == false)
        #expect(state.message?.text == "Stopped loading todos (3.2 MB in) — r reloads")
        // Nothing loads now: Esc is back again (the router's), and `r` loads.
        #expect(state.outcome(of: .escape) == .unhandled)
        #expect(state.press(.char("r")) == [.observe(state.expectedQuery(page: 1), force: true)])
        #expect(state.message == nil)
    }

    @Test func escDuringAQuickCheckBehindTheRowsGoesBack() {
        let state = reloading()
        #expect(state.outcome(of: .escape, received: 20_000) == .unhandled, "the router's back (which stops it too)")
    }

    @Test func aSmallLoadStoppedSaysNoSize() {
        var state = reloading()
        _ = state.apply(.stopLoading(received: 2_000))
        #expect(state.message?.text == "Stopped loading todos — r reloads")
    }

    @Test func aListStoppedBeforeItsFirstPageDoesNotCallItselfEmpty() {
        var state = ResourceListState(resource: .todos, filters: [])
        _ = state.apply(.start)
        _ = state.apply(.stopLoading(received: 0))
        #expect(state.status.count == nil, "nothing is known of the count")
        let screen = state.screen()
        #expect(screen.contains("No todos to show yet."))
        #expect(!screen.contains("No todos on this server"))
        _ = state.press(.char("r"))
        _ = state.apply(.firstPage([], total: 0))
        #expect(state.screen().contains("No todos on this server"), "a page that came says it")
    }

    @Test func escWithNothingLoadingClearsTheFilterThenGoesBack() {
        var state = ResourceListState.loaded()
        state.press(.char("/"))
        state.type("milk")
        state.press(.enter)
        #expect(state.outcome(of: .escape) == .event(.setFilter("")))
        state.press(.escape)
        #expect(state.filterText.isEmpty)
        #expect(state.outcome(of: .escape) == .unhandled)
        #expect(state.apply(.stopLoading(received: 0)).isEmpty, "nothing to stop")
        #expect(state.message == nil)
    }

    @Test func escWhileTypingAFilterCancelsTheFilterEvenWhileLoading() {
        var state = reloading()
        state.press(.char("/"))
        #expect(state.outcome(of: .escape) == .event(.cancelFilter))
    }

    @Test func escWhileAFurtherPageLoadsStopsThatPageAndTheWatch() {
        var state = ResourceListState(resource: .todos(pageSize: 5), filters: [])
        _ = state.apply(.start)
        _ = state.apply(.firstPage(todoRecords(5), total: 50, resource: .todos(pageSize: 5)))
        #expect(state.isLoadingMore, "the cursor is near the end: page 2 loads")
        _ = state.apply(.watch(.set(.seconds(5))))
        #expect(state.outcome(of: .escape) == .unhandled, "no progress shows: Esc goes back")
        #expect(state.outcome(of: .escape, received: 200_000) == .stopLoading)
        #expect(state.apply(.stopLoading(received: 0)) == [.cancelLoading, .cancelSearch, .cancelWatch])
        #expect(!state.isLoadingMore)
        #expect(state.watchInterval == nil)
        // A page 2 answer that was already on its way is not part of the list any more.
        #expect(state.apply(.morePageArrived(2, .of(todoRecords(10), total: 50))).isEmpty)
        #expect(state.records.count == 5)
    }

    @Test func theListsHelpSaysEscStopsALoad() {
        let lines = ResourceListState.loaded().help(.defaults).flatMap(\.entries)
        #expect(lines.contains { $0.keys == "Esc" && $0.description.contains("stop the load") })
    }

    // MARK: - Detail

    static let todos = ResourceCatalog.jsonPlaceholder.descriptor(for: "todos")
    static let todo4 = RecordEntity(["userId": 2, "id": 4, "title": "call the bank", "completed": false], of: todos)

    @Test func escWhileARecordOpenedByIDLoadsStopsIt() {
        var state = RecordDetailState(id: "4", record: nil, resource: Self.todos, breadcrumbPrefix: nil)
        #expect(state.apply(.appeared) == [.loadRecord])
        #expect(state.event(for: .escape, bindings: .defaults) == .stopLoading(received: 0))
        #expect(state.apply(.stopLoading(received: 0)) == [.cancelWork, .redraw])
        #expect(state.status.message?.text == "Stopped loading todo 4 — r reloads")
        #expect(state.event(for: .escape, bindings: .defaults) == nil)
    }

    @Test func escWhileAShownRecordReloadsWithProgressStopsItAndKeepsTheRecord() {
        var state = RecordDetailState(id: "4", record: Self.todo4, resource: Self.todos, breadcrumbPrefix: nil)
        #expect(state.apply(.appeared) == [.loadRecord])
        #expect(state.event(for: .escape, bindings: .defaults) == nil, "a quick check: Esc goes back")
        let escape = state.event(for: .escape, bindings: .defaults, received: 150_000)
        #expect(escape == .stopLoading(received: 150_000))
        #expect(state.apply(.stopLoading(received: 150_000)) == [.cancelWork, .redraw])
        #expect(!state.isLoading)
        #expect(state.record == Self.todo4)
        #expect(state.status.message?.text == "Stopped loading todo 4 (0.2 MB in) — r reloads")
        // Nothing loads now: Esc goes back (the router's), `r` loads again.
        #expect(state.event(for: .escape, bindings: .defaults) == nil)
        #expect(state.apply(.reload) == [.loadRecord])
        #expect(state.status.message == nil)
    }

    @Test func escWhileAWatchFetchRunsStopsTheWatch() {
        var state = RecordDetailState(id: "4", record: Self.todo4, resource: Self.todos, breadcrumbPrefix: nil)
        _ = state.apply(.appeared)
        _ = state.apply(.recordArrived(Self.todo4))
        _ = state.apply(.setWatch(.seconds(5)))
        #expect(state.apply(.watchTimerFired) == [.loadRecord])
        #expect(state.apply(.stopLoading(received: 0)) == [.cancelWork, .cancelWatch, .redraw])
        #expect(state.watchInterval == nil)
        #expect(state.status.watch == nil)
    }
}
