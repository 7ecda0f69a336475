import Foundation
import JSON
import Services
import TerminalUI
import TestSupport
import Testing

@testable import Modules

/// One list screen over a `StubAPIService`, built as the app builds it, with
/// a recorder of the redraws it asks for (the event its async work raises).
@MainActor
struct ListHarness {
    let api: StubAPIService
    let redraws = RedrawRecorder()
    let navigator: ResourceNavigator
    let presenter: ResourceListPresenter

    init(
        _ api: StubAPIService, resource: ResourceDescriptor = .todos, filters: [ListQuery.Filter] = [],
        now: @escaping @Sendable () -> Date = Date.init
    ) throws {
        self.api = api
        let recorder = redraws
        let context = ScreenContext(setNeedsDisplay: { recorder.record() }, now: now)
        navigator = ResourceNavigator(api: api, catalog: .jsonPlaceholder, context: context)
        let screen = ResourceListModule.build(
            resource: resource, filters: filters, breadcrumb: nil, api: api, navigator: navigator, context: context)
        presenter = try #require(screen as? ResourceListPresenter)
    }

    /// Starts the list and waits until its first load settled.
    @discardableResult
    func loaded() async -> Bool {
        presenter.start()
        let settled = await redraws.wait {
            !presenter.isLoading && (!presenter.records.isEmpty || presenter.state.error != nil)
        }
        #expect(settled, "the list did not finish loading")
        return settled
    }

    /// Waits for `condition`, re-checked after each redraw the screen asks for.
    func wait(_ condition: () -> Bool, sourceLocation: SourceLocation = #_sourceLocation) async {
        let held = await redraws.wait(until: condition)
        #expect(held, "timed out", sourceLocation: sourceLocation)
    }

    func screen(_ size: Size = Size(rows: 12, cols: 70)) -> InMemoryTerminal {
        let terminal = InMemoryTerminal(size: size)
        presenter.resize(to: Rect(size: size))
        presenter.draw(on: terminal, in: Rect(size: size), theme: .builtinDefault, tick: 0)
        return terminal
    }

    func type(_ text: String) {
        for character in text { _ = presenter.handle(.char(character)) }
    }

    /// Waits until every write was answered and said so.
    func settled(sourceLocation: SourceLocation = #_sourceLocation) async {
        await wait(
            { presenter.status.message != nil && presenter.state.writes.isEmpty }, sourceLocation: sourceLocation)
    }

    var ids: [String] { presenter.state.ids }
}

/// The loop end to end: the presenter runs the state's effects against a
/// `StubAPIService` and feeds the answers back. What the list does with
/// them is pinned down synchronously in the `ResourceListState…Tests`;
/// these prove that the effects are run and their results come back.
@MainActor
@Suite("Resource list presenter: effects run against a service")
struct ResourceListPresenterTests {
    @Test func startingLoadsTheFirstPageOnce() async throws {
        let list = try ListHarness(StubAPIService(collections: ["todos": Fixtures.todoRecords]))
        await list.loaded()
        list.presenter.start()  // already watching: no second request
        let terminal = list.screen()
        #expect(terminal.contains("buy milk"))
        #expect(terminal.line(0).contains("ID ▲"))
        #expect(list.presenter.status.count == "5")
        #expect(list.presenter.status.isLoading == false)
        let queries = await list.api.listQueries
        #expect(queries.count == 1)
        #expect(queries.first?.query.page == 1)
        #expect(queries.first?.query.limit == ResourceDescriptor.defaultPageSize)
    }

    @Test func aCachedCopyWithAFailedLoadSaysOfflineWithTheContextsClock() async throws {
        let now = Date()
        let list = try ListHarness(StubAPIService(collections: ["todos": Fixtures.todoRecords]), now: { now })
        await list.api.setCached(
            Listing(items: Fixtures.todoRecords, totalCount: 5, fetchedAt: now - 300, origin: .cache))
        await list.api.setListFailure(ServiceError(.offline, "Cannot connect to 127.0.0.1:3000"))
        list.presenter.start()
        await list.wait { list.presenter.state.error != nil }
        #expect(list.presenter.status.offline == "offline · cached 5 min ago")
        #expect(list.screen().contains("Cannot connect to 127.0.0.1:3000 (r to retry)"))
        await list.api.setListFailure(nil)
        _ = list.presenter.handle(.char("r"))
        await list.wait { !list.presenter.isLoading && list.presenter.state.error == nil }
        #expect(await list.api.listCalls == 2)
    }

    @Test func furtherPagesLoadAsTheCursorNearsTheEnd() async throws {
        let list = try ListHarness(
            StubAPIService(collections: ["todos": todoRecords(250)]), resource: .todos(pageSize: 100))
        await list.loaded()
        #expect(list.presenter.records.count == 100)
        // To the last loaded row (`100G`; a plain `G` makes the list a window).
        for key in "100G" { _ = list.presenter.handle(.char(key)) }
        await list.wait { list.presenter.records.count == 200 && !list.presenter.state.isLoadingMore }
        #expect(list.presenter.current?.id == "100")
        for key in "200G" { _ = list.presenter.handle(.char(key)) }
        await list.wait { list.presenter.records.count == 250 && !list.presenter.state.isLoadingMore }
        #expect(list.presenter.state.isComplete)
        let queries = await list.api.listQueries.map(\.query)
        #expect(queries.map(\.page) == [1, 2, 3])
        #expect(queries.allSatisfy { $0.limit == 100 })
        #expect(list.ids == (1...250).map(String.init))
    }

    @Test func aFilterOnAListStillPagingInSearchesTheServerAfterAPause() async throws {
        let list = try ListHarness(
            StubAPIService(collections: ["todos": todoRecords(250, needles: 150...156)]),
            resource: .todos(pageSize: 100))
        await list.loaded()
        _ = list.presenter.handle(.char("/"))
        list.type("needle")
        #expect(list.screen().contains("searching the server…"))
        await list.wait { list.presenter.state.serverSearch == "needle" && !list.presenter.isLoading }
        let queries = await list.api.listQueries
        // One search for the whole word, not one per keystroke.
        #expect(queries.count == 2)
        #expect(queries.last?.query.search == "needle")
        #expect(queries.last?.query.page == 1)
        #expect(list.ids == ["150", "151", "152", "153", "154", "155", "156"])
        #expect(list.presenter.status.count == "7 matching “needle”")

        _ = list.presenter.handle(.escape)
        await list.wait { list.presenter.state.serverSearch == nil && list.presenter.records.count == 100 }
        #expect(await list.api.listQueries.last?.query.search == nil)
        #expect(list.presenter.status.count == "250")
    }

    @Test func aToggleShowsAtOnceAndTheServerGetsIt() async throws {
        let list = try ListHarness(StubAPIService(collections: ["todos": Fixtures.todoRecords]))
        await list.loaded()
        await list.api.holdWritesUntilReleased()
        _ = list.presenter.handle(.char(" "))
        #expect(list.presenter.current?.json["completed"] == true)
        #expect(list.presenter.status.isLoading)
        await list.api.releaseWrites()
        await list.settled()
        #expect(list.presenter.status.message?.text == "Todo 1 marked done")
        let updates = await list.api.updates
        #expect(updates.map(\.id) == ["1"])
        #expect(updates.first?.fields == ["completed": true])
        #expect(await list.api.collections["todos"]?.first?["completed"] == true)
    }

    @Test func aRefusedToggleRollsBackWithAMessage() async throws {
        let list = try ListHarness(StubAPIService(collections: ["todos": Fixtures.todoRecords]))
        await list.loaded()
        await list.api.setWriteFailure(ServiceError(.server(status: 500), "Server answered 500"))
        _ = list.presenter.handle(.char(" "))
        #expect(list.presenter.current?.json["completed"] == true)
        await list.settled()
        #expect(list.presenter.current?.json["completed"] == false)
        #expect(list.presenter.status.message?.severity == .error)
        #expect(list.presenter.status.message?.text == "Todo 1 not saved (server answered 500) — rolled back")
    }

    @Test func aServerThatForgetsWritesIsNamedOncePerRun() async throws {
        let list = try ListHarness(StubAPIService(collections: ["todos": Fixtures.todoRecords], keepsWrites: false))
        await list.loaded()
        _ = list.presenter.handle(.char(" "))
        await list.settled()
        #expect(
            list.presenter.status.message?.text
                == "Todo 1 marked done — this server accepts writes but does not keep them")
        #expect(list.presenter.status.message?.severity == .warning)
        _ = list.presenter.handle(.char(" "))
        #expect(list.presenter.status.message == nil)
        await list.settled()
        #expect(list.presenter.status.message?.text == "Todo 1 marked not done")
    }

    @Test func aCreateAndARefusedDeleteReachTheServerAndComeBack() async throws {
        let list = try ListHarness(StubAPIService(collections: ["todos": Fixtures.todoRecords]))
        await list.loaded()
        _ = list.presenter.handle(.char("n"))
        list.type("new thing")
        _ = list.presenter.handle(.tab)
        _ = list.presenter.handle(.tab)
        list.type("1")
        _ = list.presenter.handle(.enter)
        await list.settled()
        #expect(list.presenter.status.message?.text == "Todo 6 created")
        #expect(await list.api.created.first?.fields == ["title": "new thing", "completed": false, "userId": 1])
        #expect(list.presenter.records.map(\.id) == ["1", "2", "3", "4", "5", "6"])

        await list.api.setWriteFailure(ServiceError(.server(status: 500), "Server answered 500"))
        _ = list.presenter.handle(.char("g"))
        _ = list.presenter.handle(.char("j"))
        _ = list.presenter.handle(.char("d"))
        _ = list.presenter.handle(.char("y"))
        #expect(list.presenter.records.count == 5)
        await list.settled()
        #expect(await list.api.deleted.map(\.id) == ["2"])
        #expect(list.presenter.status.message?.text == "Todo 2 not deleted (server answered 500) — restored")
        #expect(list.presenter.records.map(\.id) == ["1", "2", "3", "4", "5", "6"])
    }

    @Test func enterOpensTheDetailOfTheRecordUnderTheCursor() async throws {
        let list = try ListHarness(StubAPIService(collections: ["todos": Fixtures.todoRecords]))
        await list.loaded()
        _ = list.presenter.handle(.char("j"))
        guard case .push(let detail) = list.presenter.handle(.enter) else {
            Issue.record("Enter did not open a screen")
            return
        }
        #expect(detail.breadcrumb == "2 write 日本語 report")
        #expect(detail is RecordDetailPresenter)
    }
}
