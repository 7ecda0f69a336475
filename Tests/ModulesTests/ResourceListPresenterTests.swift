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
            !presenter.isLoading && (!presenter.records.isEmpty || presenter.error != nil)
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
        presenter.draw(on: terminal, in: Rect(size: size), theme: .builtinDefault, tick: 0)
        return terminal
    }

    func type(_ text: String) {
        for character in text { _ = presenter.handle(.char(character)) }
    }

    var ids: [String] { presenter.visible.map { presenter.records[$0].id } }
}

/// `count` todos, ids 1…count; the ones in `needles` are titled "needle N".
func todoRecords(_ count: Int, needles: ClosedRange<Int>? = nil) -> [JSONValue] {
    (1...count).map { id in
        let title = needles?.contains(id) == true ? "needle \(id)" : "hay \(id)"
        return ["userId": .int((id - 1) / 10 + 1), "id": .int(id), "title": .string(title), "completed": false]
    }
}

extension ResourceDescriptor {
    /// Todos paged in `size` records at a time.
    static func todos(pageSize size: Int) -> ResourceDescriptor {
        var descriptor = ResourceDescriptor.todos
        descriptor.pageSize = size
        return descriptor
    }
}

@MainActor
@Suite("Resource list presenter: loading, filter, sort")
struct ResourceListPresenterTests {
    let list: ListHarness
    var presenter: ResourceListPresenter { list.presenter }

    init() throws {
        list = try ListHarness(StubAPIService(collections: ["todos": Fixtures.todoRecords]))
    }

    @Test func loadingShowsEveryRecordAndTheCount() async {
        await list.loaded()
        let terminal = list.screen()
        #expect(terminal.contains("buy milk"))
        #expect(terminal.contains("café with Zoë"))
        #expect(terminal.line(0).contains("Title"))
        #expect(terminal.line(0).contains("ID ▲"))
        #expect(presenter.status.count == "5")
        #expect(presenter.status.resource == "todos")
        #expect(presenter.status.isLoading == false)
        let queries = await list.api.listQueries
        #expect(queries.count == 1)
        #expect(queries.first?.query.page == 1)
        #expect(queries.first?.query.limit == ResourceDescriptor.defaultPageSize)
    }

    @Test func beforeDataArrivesTheListSaysItIsLoading() {
        presenter.start()
        #expect(list.screen().contains("Loading todos…"))
        #expect(presenter.status.count == nil)
    }

    @Test func movementKeysMoveTheCursorWithinBounds() async {
        await list.loaded()
        _ = presenter.handle(.char("j"))
        _ = presenter.handle(.down)
        #expect(presenter.current?.id == "3")
        _ = presenter.handle(.char("G"))
        #expect(presenter.current?.id == "5")
        _ = presenter.handle(.char("j"))
        #expect(presenter.current?.id == "5")
        _ = presenter.handle(.char("g"))
        _ = presenter.handle(.up)
        #expect(presenter.current?.id == "1")
    }

    @Test func typingAFilterNarrowsTheLoadedListAtOnce() async throws {
        let many = try ListHarness(StubAPIService(collections: ["todos": todoRecords(200, needles: 40...46)]))
        await many.loaded()
        _ = many.presenter.handle(.char("/"))
        #expect(many.presenter.capturesText)
        many.type("need")
        #expect(many.ids == ["40", "41", "42", "43", "44", "45", "46"])
        many.type("le 4")
        #expect(many.ids.count == 7)
        #expect(many.presenter.status.count == "7 of 200")
        let terminal = many.screen()
        #expect(terminal.contains("needle 40"))
        #expect(!terminal.contains("hay 1 "))
        #expect(terminal.line(0).contains("/ needle 4▏  7 matches · filtered here"))
        // A complete list is filtered here: the server is never asked.
        #expect(many.presenter.serverSearch == nil)
        #expect(await many.api.listQueries.allSatisfy { $0.query.search == nil })
    }

    @Test func escClearsTheFilterWhileTypingAndAfterEnter() async {
        await list.loaded()
        _ = presenter.handle(.char("/"))
        list.type("bank")
        #expect(list.ids == ["4"])
        #expect(presenter.status.count == "1 of 5")
        _ = presenter.handle(.escape)
        #expect(list.ids.count == 5)
        #expect(!presenter.capturesText)
        #expect(presenter.status.count == "5")

        _ = presenter.handle(.char("/"))
        list.type("milk")
        _ = presenter.handle(.enter)
        #expect(!presenter.capturesText)
        #expect(list.ids == ["1"])
        #expect(list.screen().line(0).contains("/ milk  1 match"))
        guard case .handled = presenter.handle(.escape) else {
            Issue.record("Esc with a kept filter should clear it, not go back")
            return
        }
        #expect(list.ids.count == 5)
        #expect(presenter.filterText.isEmpty)
        guard case .unhandled = presenter.handle(.escape) else {
            Issue.record("Esc without a filter should be left to the router (back)")
            return
        }
    }

    @Test func backspaceWidensTheFilterAgain() async {
        await list.loaded()
        _ = presenter.handle(.char("/"))
        list.type("mx")
        #expect(list.ids.isEmpty)
        #expect(list.screen().contains("No todos match “mx” — Esc clears the filter"))
        _ = presenter.handle(.backspace)
        #expect(list.ids == ["1"])
        #expect(presenter.status.count == "1 of 5")
    }

    @Test func theFilterKeepsTheSelectedRecordUnderTheCursor() async {
        await list.loaded()
        _ = presenter.handle(.char("G"))  // id 5
        _ = presenter.handle(.char("/"))
        _ = presenter.handle(.char("a"))
        #expect(presenter.current?.id == "5")
    }

    @Test func qInsideTheFilterIsText() async {
        await list.loaded()
        _ = presenter.handle(.char("/"))
        guard case .handled = presenter.handle(.char("q")) else {
            Issue.record("q was not taken as filter text")
            return
        }
        #expect(presenter.filterText == "q")
    }

    @Test func sKeySortsByTheNextColumnAndSReverses() async {
        await list.loaded()
        _ = presenter.handle(.char("s"))  // Done
        #expect(list.ids == ["1", "3", "4", "2", "5"])
        _ = presenter.handle(.char("S"))
        #expect(list.ids == ["2", "5", "1", "3", "4"])
        _ = presenter.handle(.char("s"))  // Title, ascending again
        #expect(list.ids == ["1", "5", "4", "3", "2"])
        var header = list.screen().line(0)
        #expect(header.contains("Title ▲"))
        #expect(!header.contains("ID ▲"))
        _ = presenter.handle(.char("S"))
        #expect(list.ids == ["2", "3", "4", "5", "1"])
        header = list.screen().line(0)
        #expect(header.contains("Title ▼"))
        // Sorting a complete list never asks the server.
        #expect(await list.api.listQueries.count == 1)
        #expect(presenter.message == nil)
    }

    @Test func sortingKeepsTheCursorOnItsRecord() async {
        await list.loaded()
        _ = presenter.handle(.char("j"))  // id 2
        _ = presenter.handle(.char("S"))  // id descending
        #expect(presenter.current?.id == "2")
        #expect(list.ids == ["5", "4", "3", "2", "1"])
    }

    @Test func theExportSourceIsWhatTheListShowsInItsOrder() async throws {
        let many = try ListHarness(StubAPIService(collections: ["todos": todoRecords(30, needles: 11...14)]))
        await many.loaded()
        #expect(many.presenter.exportSource?.records.count == 30)
        _ = many.presenter.handle(.char("/"))
        many.type("needle")
        _ = many.presenter.handle(.enter)
        _ = many.presenter.handle(.char("S"))
        let source = try #require(many.presenter.exportSource)
        #expect(source.resource.name == "todos")
        #expect(source.records.map { $0.recordID() } == ["14", "13", "12", "11"])
        #expect(source.records.first?["title"] == "needle 14")
    }

    @Test func enterOpensTheDetailOfTheRecordUnderTheCursor() async {
        await list.loaded()
        _ = presenter.handle(.char("j"))
        guard case .push(let detail) = presenter.handle(.enter) else {
            Issue.record("Enter did not open a screen")
            return
        }
        #expect(detail.breadcrumb == "2 write 日本語 report")
        #expect(detail is RecordDetailPresenter)
    }

    @Test func yCopiesTheRecordUnderTheCursorAsJSON() async {
        await list.loaded()
        _ = presenter.handle(.char("j"))
        guard case .copy(let text, let description) = presenter.handle(.char("y")) else {
            Issue.record("y did not copy")
            return
        }
        #expect(text.contains("\"id\": 2,"))
        #expect(text.contains("\"title\": \"write 日本語 report\""))
        #expect(description == "todo 2 as JSON")
    }

    @Test func clickingARowSelectsItAndTheWheelScrolls() async {
        await list.loaded()
        _ = list.screen()  // lays out: header row 0 of the rect, body rows from row 1
        _ = presenter.handle(.mouse(MouseEvent(kind: .click, row: 3, col: 10)))
        #expect(presenter.current?.id == "3")
        _ = presenter.handle(.mouse(MouseEvent(kind: .wheelUp, row: 3, col: 10)))
        #expect(presenter.current?.id == "1")
        _ = presenter.handle(.mouse(MouseEvent(kind: .wheelDown, row: 3, col: 10)))
        #expect(presenter.current?.id == "4")
        _ = presenter.handle(.mouse(MouseEvent(kind: .click, row: 0, col: 10)))
        #expect(presenter.current?.id == "4")
    }

    @Test func aFailedReloadKeepsCachedDataAndSaysOffline() async {
        let fetched = Date(timeIntervalSinceNow: -300)
        await list.api.setCached(
            Listing(items: Fixtures.todoRecords, totalCount: 5, fetchedAt: fetched, origin: .cache))
        await list.api.setListFailure(ServiceError(.offline, "Cannot connect to 127.0.0.1:3000"))
        presenter.start()
        await list.wait { presenter.error != nil }
        #expect(presenter.status.offline == "offline · cached 5 min ago")
        let terminal = list.screen()
        #expect(terminal.contains("buy milk"))
        #expect(terminal.contains("Cannot connect to 127.0.0.1:3000 (r to retry)"))
    }

    @Test func aServerErrorMarksCachedDataStaleNotOffline() async {
        let fetched = Date(timeIntervalSinceNow: -300)
        await list.api.setCached(
            Listing(items: Fixtures.todoRecords, totalCount: 5, fetchedAt: fetched, origin: .cache))
        await list.api.setListFailure(ServiceError(.server(status: 500), "Server answered 500 Internal Server Error"))
        presenter.start()
        await list.wait { presenter.error != nil }
        #expect(presenter.status.offline == "stale · cached 5 min ago")
    }

    @Test func retryAfterAnErrorLoadsAgain() async {
        await list.api.setListFailure(ServiceError(.timeout, "Timed out after 15 s"))
        presenter.start()
        await list.wait { presenter.error != nil }
        #expect(list.screen().contains("Timed out after 15 s (r to retry)"))
        await list.api.setListFailure(nil)
        _ = presenter.handle(.char("r"))
        await list.wait { !presenter.isLoading && presenter.error == nil }
        #expect(presenter.records.count == 5)
        #expect(await list.api.listCalls == 2)
    }

    @Test func aHundredThousandRowListDrawsOnlyTheRowsAtItsEnd() async throws {
        let big = try ListHarness(
            StubAPIService(todos: Fixtures.manyTodos(100_000)), resource: .todos(pageSize: 0))
        await big.loaded()
        #expect(big.presenter.status.count == "100000")
        _ = big.presenter.handle(.char("G"))
        let terminal = big.screen(Size(rows: 10, cols: 60))
        #expect(terminal.contains("todo number 100000"))
        #expect(terminal.contains("todo number 99992"))
        #expect(!terminal.contains("todo number 99990 "))
        #expect(!terminal.contains("todo number 1 "))
        // Not paged: one request for everything.
        #expect(await big.api.listQueries.map(\.query.page) == [nil])
    }
}

@MainActor
@Suite("Resource list presenter: paging and server search")
struct ResourceListPagingTests {
    @Test func theFirstPageShowsAndTheRestLoadsAsTheCursorNearsTheEnd() async throws {
        let list = try ListHarness(
            StubAPIService(collections: ["todos": todoRecords(250)]), resource: .todos(pageSize: 100))
        await list.loaded()
        #expect(list.presenter.records.count == 100)
        #expect(list.presenter.status.count == "250")
        #expect(list.screen().contains("100 of 250 loaded · more load as you scroll"))
        #expect(await list.api.listQueries.map(\.query.page) == [1])

        _ = list.presenter.handle(.char("G"))
        await list.wait { list.presenter.records.count == 200 && !list.presenter.isLoadingMore }
        #expect(list.presenter.current?.id == "100")
        #expect(list.presenter.status.count == "250")
        _ = list.presenter.handle(.char("G"))
        await list.wait { list.presenter.records.count == 250 && !list.presenter.isLoadingMore }
        #expect(list.presenter.isComplete)
        let queries = await list.api.listQueries.map(\.query)
        #expect(queries.map(\.page) == [1, 2, 3])
        #expect(queries.allSatisfy { $0.limit == 100 })
        #expect(list.ids == (1...250).map(String.init))
        _ = list.presenter.handle(.char("G"))
        let terminal = list.screen()
        #expect(terminal.contains("hay 250"))
        #expect(!terminal.contains("loaded · more load as you scroll"))
    }

    @Test func withoutATotalTheCountSaysMoreUntilAShortPageEndsTheList() async throws {
        let api = StubAPIService(collections: ["todos": todoRecords(250)])
        await api.setSendsTotalCount(false)
        let list = try ListHarness(api, resource: .todos(pageSize: 100))
        await list.loaded()
        #expect(list.presenter.status.count == "100+")
        #expect(list.screen().contains("100 loaded · more load as you scroll"))
        _ = list.presenter.handle(.char("G"))
        await list.wait { list.presenter.records.count == 200 && !list.presenter.isLoadingMore }
        #expect(list.presenter.status.count == "200+")
        _ = list.presenter.handle(.char("G"))
        await list.wait { list.presenter.isComplete }
        #expect(list.presenter.records.count == 250)
        #expect(list.presenter.status.count == "250")
        #expect(await list.api.listQueries.map(\.query.page) == [1, 2, 3])
    }

    @Test func withoutATotalAnEmptyPageEndsTheList() async throws {
        let api = StubAPIService(collections: ["todos": todoRecords(200)])
        await api.setSendsTotalCount(false)
        let list = try ListHarness(api, resource: .todos(pageSize: 100))
        await list.loaded()
        _ = list.presenter.handle(.char("G"))
        await list.wait { list.presenter.records.count == 200 && !list.presenter.isLoadingMore }
        #expect(list.presenter.status.count == "200+")
        _ = list.presenter.handle(.char("G"))
        await list.wait { list.presenter.isComplete }
        #expect(list.presenter.records.count == 200)
        #expect(list.presenter.status.count == "200")
        #expect(await list.api.listQueries.map(\.query.page) == [1, 2, 3])
    }

    @Test func aFilterOnAListStillPagingInSearchesTheServer() async throws {
        let list = try ListHarness(
            StubAPIService(collections: ["todos": todoRecords(250, needles: 150...156)]),
            resource: .todos(pageSize: 100))
        await list.loaded()
        _ = list.presenter.handle(.char("/"))
        list.type("needle")
        // Nothing loaded matches yet; the server is asked after a pause.
        #expect(list.ids.isEmpty)
        #expect(list.screen().contains("searching the server…"))
        await list.wait { list.presenter.serverSearch == "needle" && !list.presenter.isLoading }
        let last = await list.api.listQueries.last
        #expect(last?.query.search == "needle")
        #expect(last?.query.page == 1)
        #expect(list.ids == ["150", "151", "152", "153", "154", "155", "156"])
        #expect(list.presenter.status.count == "7 matching “needle”")
        #expect(list.screen().contains("server search q=needle"))

        _ = list.presenter.handle(.escape)
        await list.wait { list.presenter.serverSearch == nil && list.presenter.records.count == 100 }
        #expect(await list.api.listQueries.last?.query.search == nil)
        #expect(list.presenter.status.count == "250")
    }

    /// A server without `q` sends everything back: the local filter keeps
    /// the matches, and the count is what is shown, not what was sent.
    @Test func aServerThatIgnoresTheSearchIsFilteredHereAndCountedRight() async throws {
        let api = StubAPIService(collections: ["todos": todoRecords(250, needles: 20...22)])
        await api.ignoreSearchAndSort()
        let list = try ListHarness(api, resource: .todos(pageSize: 100))
        await list.loaded()
        _ = list.presenter.handle(.char("/"))
        list.type("needle")
        await list.wait { list.presenter.serverSearch == "needle" && !list.presenter.isLoading }
        #expect(await api.listQueries.last?.query.search == "needle")
        #expect(list.ids == ["20", "21", "22"])
        #expect(list.presenter.status.count == "3+ matching “needle”")
    }

    /// A server without `_sort` answers in id order: the header must not
    /// claim a server sort; the loaded rows are sorted here and it says so.
    @Test func aServerThatIgnoresTheSortIsSortedHereAndSaysSo() async throws {
        let api = StubAPIService(collections: ["todos": todoRecords(250)])
        await api.ignoreSearchAndSort()
        let list = try ListHarness(api, resource: .todos(pageSize: 100))
        await list.loaded()
        _ = list.presenter.handle(.char("S"))  // id descending
        await list.wait { !list.presenter.isLoading && list.presenter.serverIgnoresSort }
        #expect(list.ids.first == "100")
        #expect(list.presenter.status.message?.text == "This server does not sort: the loaded todos are sorted here")
        _ = list.presenter.handle(.char("G"))  // the next pages are sorted in with the rest
        await list.wait { list.presenter.records.count == 250 && !list.presenter.isLoadingMore }
        #expect(list.ids.first == "250")
        #expect(list.ids.last == "1")
    }

    /// A collection nobody described gets its columns from its first record.
    @Test func anUndescribedResourceInfersItsColumns() async throws {
        let books: [JSONValue] = [["id": 1, "title": "Dune", "year": 1965, "tags": ["sf"]]]
        let list = try ListHarness(
            StubAPIService(collections: ["books": books]),
            resource: ResourceCatalog.jsonPlaceholder.descriptor(for: "books"))
        #expect(list.presenter.resource.columns.isEmpty)
        await list.loaded()
        #expect(list.presenter.resource.columns.map(\.field) == ["id", "title", "year"])
        let header = list.screen().line(0)
        #expect(header.contains("ID") && header.contains("Title") && header.contains("Year"))
        #expect(list.screen().contains("Dune"))
    }

    @Test func sortingAListStillPagingInSortsOnTheServer() async throws {
        let list = try ListHarness(
            StubAPIService(collections: ["todos": todoRecords(250)]), resource: .todos(pageSize: 100))
        await list.loaded()
        _ = list.presenter.handle(.char("S"))  // id descending
        #expect(list.presenter.status.message?.text.contains("on the server") == true)
        await list.wait { !list.presenter.isLoading && list.presenter.records.first?.id == "250" }
        let last = await list.api.listQueries.last?.query
        #expect(last?.sort == [ListQuery.SortKey("id", descending: true)])
        #expect(last?.page == 1)
        #expect(list.presenter.records.count == 100)
        #expect(list.ids.first == "250")
        #expect(list.screen().line(0).contains("ID ▼"))
    }
}

@MainActor
@Suite("Resource list presenter: writes")
struct ResourceListWriteTests {
    let list: ListHarness
    var presenter: ResourceListPresenter { list.presenter }

    init() throws {
        list = try ListHarness(StubAPIService(collections: ["todos": Fixtures.todoRecords]))
    }

    private func messageArrived() async {
        await list.wait { presenter.status.message != nil && presenter.writeTasks.isEmpty }
    }

    @Test func spaceTogglesAtOnceAndKeepsTheServersAnswer() async {
        await list.loaded()
        await list.api.holdWritesUntilReleased()
        _ = presenter.handle(.char(" "))
        #expect(presenter.current?.json["completed"] == true)
        #expect(presenter.status.isLoading)
        await list.api.releaseWrites()
        await messageArrived()
        #expect(presenter.current?.json["completed"] == true)
        #expect(presenter.status.message?.text == "Todo 1 marked done")
        let updates = await list.api.updates
        #expect(updates.map(\.id) == ["1"])
        #expect(updates.first?.fields == ["completed": true])
        #expect(await list.api.collections["todos"]?.first?["completed"] == true)
    }

    @Test func aRefusedToggleRollsBackWithAMessage() async {
        await list.loaded()
        await list.api.setWriteFailure(ServiceError(.server(status: 500), "Server answered 500"))
        _ = presenter.handle(.char(" "))
        #expect(presenter.current?.json["completed"] == true)
        await messageArrived()
        #expect(presenter.current?.json["completed"] == false)
        #expect(presenter.status.message?.severity == .error)
        #expect(presenter.status.message?.text == "Todo 1 not saved (server answered 500) — rolled back")
    }

    @Test func aServerThatForgetsWritesIsNamedOnce() async throws {
        let forgetful = try ListHarness(
            StubAPIService(collections: ["todos": Fixtures.todoRecords], keepsWrites: false))
        await forgetful.loaded()
        _ = forgetful.presenter.handle(.char(" "))
        await forgetful.wait { forgetful.presenter.status.message != nil && forgetful.presenter.writeTasks.isEmpty }
        #expect(
            forgetful.presenter.status.message?.text
                == "Todo 1 marked done — this server accepts writes but does not keep them")
        #expect(forgetful.presenter.status.message?.severity == .warning)
        _ = forgetful.presenter.handle(.char(" "))
        #expect(forgetful.presenter.status.message == nil)
        await forgetful.wait { forgetful.presenter.status.message != nil && forgetful.presenter.writeTasks.isEmpty }
        #expect(forgetful.presenter.status.message?.text == "Todo 1 marked not done")
    }

    @Test func aListArrivingDuringAWriteKeepsThePendingToggle() async {
        await list.loaded()
        await list.api.holdWritesUntilReleased()
        _ = presenter.handle(.char(" "))
        #expect(presenter.current?.json["completed"] == true)
        let before = presenter.fetchedAt
        _ = presenter.handle(.char("r"))
        await list.wait { !presenter.isLoading && presenter.fetchedAt != before }
        #expect(await list.api.listCalls == 2)
        #expect(presenter.current?.json["completed"] == true)
        await list.api.releaseWrites()
        await messageArrived()
        #expect(presenter.current?.json["completed"] == true)
    }

    @Test func aSecondToggleWhileSavingIsRefused() async {
        await list.loaded()
        await list.api.holdWritesUntilReleased()
        _ = presenter.handle(.char(" "))
        _ = presenter.handle(.char(" "))
        #expect(presenter.status.message?.text == "Todo 1 is still saving")
        await list.api.releaseWrites()
        await messageArrived()
        #expect(await list.api.updates.count == 1)
    }

    @Test func nOpensAFormAndEnterCreatesTheRecord() async {
        await list.loaded()
        _ = presenter.handle(.char("n"))
        #expect(presenter.capturesText)
        let form = list.screen(Size(rows: 16, cols: 70))
        #expect(form.contains("New todo"))
        #expect(form.contains("Title:"))
        #expect(form.contains("User id:"))
        await list.api.holdWritesUntilReleased()
        list.type("new thing")
        _ = presenter.handle(.tab)
        _ = presenter.handle(.tab)
        list.type("1")  // the user a todo belongs to is required
        _ = presenter.handle(.enter)
        #expect(!presenter.capturesText)
        // Shown at once, before the server answers.
        #expect(list.screen().contains("new thing"))
        #expect(presenter.status.isLoading)
        await list.api.releaseWrites()
        await messageArrived()
        #expect(presenter.status.message?.text == "Todo 6 created")
        let created = await list.api.created
        #expect(created.map(\.resource) == ["todos"])
        #expect(created.first?.fields == ["title": "new thing", "completed": false, "userId": 1])
        #expect(presenter.records.map(\.id) == ["1", "2", "3", "4", "5", "6"])
        #expect(presenter.current?.id == "6")
        #expect(presenter.status.count == "6")
    }

    @Test func aNewRecordInAFilteredListGetsTheFilterAsDefault() async throws {
        let mine = try ListHarness(
            StubAPIService(collections: ["todos": Fixtures.todoRecords]), filters: [.init("userId", "2")])
        await mine.loaded()
        #expect(mine.ids == ["4", "5"])
        _ = mine.presenter.handle(.char("n"))
        mine.type("for two")
        _ = mine.presenter.handle(.enter)
        await mine.wait { mine.presenter.status.message != nil && mine.presenter.writeTasks.isEmpty }
        #expect(await mine.api.created.first?.fields == ["title": "for two", "completed": false, "userId": 2])
    }

    @Test func aFailedCreateRemovesThePlaceholder() async {
        await list.loaded()
        await list.api.setWriteFailure(ServiceError(.offline, "Cannot connect"))
        _ = presenter.handle(.char("n"))
        list.type("doomed")
        _ = presenter.handle(.tab)
        _ = presenter.handle(.tab)
        list.type("1")
        _ = presenter.handle(.enter)
        await messageArrived()
        #expect(presenter.status.message?.text == "New todo not created (server unreachable) — rolled back")
        #expect(presenter.records.count == 5)
        #expect(presenter.status.count == "5")
    }

    @Test func anInvalidFormStaysOpenAndSaysWhy() async {
        await list.loaded()
        _ = presenter.handle(.char("n"))
        _ = presenter.handle(.enter)
        #expect(presenter.capturesText)
        #expect(list.screen(Size(rows: 16, cols: 70)).contains("Title must not be empty"))
        list.type("ok")
        _ = presenter.handle(.tab)
        _ = presenter.handle(.tab)
        list.type("x")
        _ = presenter.handle(.enter)
        #expect(list.screen(Size(rows: 16, cols: 70)).contains("User id must be a whole number"))
        // A todo needs its user: an empty id is refused too, not sent without it.
        _ = presenter.handle(.backspace)
        _ = presenter.handle(.enter)
        #expect(list.screen(Size(rows: 16, cols: 70)).contains("User id must not be empty"))
        _ = presenter.handle(.escape)
        #expect(!presenter.capturesText)
        #expect(await list.api.created.isEmpty)
    }

    @Test func eEditsTheRecordUnderTheCursor() async {
        await list.loaded()
        _ = presenter.handle(.char("e"))
        #expect(list.screen(Size(rows: 16, cols: 70)).contains("Edit todo 1"))
        list.type(" and eggs")
        _ = presenter.handle(.enter)
        #expect(presenter.current?.json["title"] == "buy milk and eggs")
        await messageArrived()
        #expect(presenter.status.message?.text == "Todo 1 saved")
        let update = await list.api.updates.first
        #expect(update?.id == "1")
        #expect(update?.fields == ["title": "buy milk and eggs", "completed": false, "userId": 1])
    }

    @Test func dAsksFirstAndYDeletes() async {
        await list.loaded()
        _ = presenter.handle(.char("j"))
        _ = presenter.handle(.char("d"))
        #expect(list.screen(Size(rows: 16, cols: 70)).contains("Delete todo 2 write 日本語 report?"))
        await list.api.holdWritesUntilReleased()
        _ = presenter.handle(.char("y"))
        #expect(presenter.records.map(\.id) == ["1", "3", "4", "5"])
        #expect(presenter.status.count == "4")
        await list.api.releaseWrites()
        await messageArrived()
        #expect(presenter.status.message?.text == "Todo 2 deleted")
        #expect(await list.api.deleted.map(\.id) == ["2"])
        #expect(await list.api.collections["todos"]?.count == 4)
    }

    @Test func nAtTheDeleteQuestionKeepsTheRecord() async {
        await list.loaded()
        _ = presenter.handle(.char("d"))
        _ = presenter.handle(.char("n"))
        #expect(!presenter.capturesText)
        #expect(presenter.records.count == 5)
        #expect(await list.api.deleted.isEmpty)
    }

    @Test func aRefusedDeleteRestoresTheRecordInPlace() async {
        await list.loaded()
        await list.api.setWriteFailure(ServiceError(.server(status: 500), "Server answered 500"))
        _ = presenter.handle(.char("j"))
        _ = presenter.handle(.char("d"))
        _ = presenter.handle(.char("y"))
        await messageArrived()
        #expect(presenter.status.message?.text == "Todo 2 not deleted (server answered 500) — restored")
        #expect(presenter.records.map(\.id) == ["1", "2", "3", "4", "5"])
        #expect(presenter.status.count == "5")
    }

    @Test func aReadOnlyResourceSaysSo() async throws {
        let comments = try ListHarness(
            StubAPIService(collections: ["comments": [["id": 1, "postId": 1, "name": "c", "email": "e", "body": "b"]]]),
            resource: ResourceCatalog.jsonPlaceholder.descriptor(for: "comments"))
        await comments.loaded()
        _ = comments.presenter.handle(.char("n"))
        #expect(!comments.presenter.capturesText)
        #expect(comments.presenter.status.message?.text == "comments are read-only here")
        _ = comments.presenter.handle(.char(" "))
        #expect(await comments.api.updates.isEmpty)
    }
}
