import Foundation
import Services
import TerminalUI
import TestSupport
import Testing

@testable import Modules

@MainActor
@Suite("Todo list presenter")
struct TodoListPresenterTests {
    let api: StubAPIService
    let redraws = RedrawRecorder()
    let presenter: TodoListPresenter

    init() {
        api = StubAPIService(todos: Fixtures.todos)
        let recorder = redraws
        presenter =
            TodoListModule.build(api: api, context: ScreenContext(setNeedsDisplay: { recorder.record() }))
            as! TodoListPresenter
    }

    private func loaded() async {
        presenter.start()
        await redraws.wait { !presenter.isLoading }
    }

    private func screen(_ size: Size = Size(rows: 12, cols: 60)) -> InMemoryTerminal {
        let terminal = InMemoryTerminal(size: size)
        presenter.draw(on: terminal, in: Rect(size: size), theme: .builtinDefault, tick: 0)
        return terminal
    }

    @Test func loadingShowsEveryTodoAndTheTotal() async {
        await loaded()
        let terminal = screen()
        #expect(terminal.contains("buy milk"))
        #expect(terminal.contains("café with Zoë"))
        #expect(presenter.status.count == "5")
        #expect(presenter.status.isLoading == false)
    }

    @Test func beforeDataArrivesTheListSaysItIsLoading() {
        presenter.start()
        #expect(screen().contains("Loading todos…"))
    }

    @Test func movementKeysMoveTheCursorWithinBounds() async {
        await loaded()
        _ = presenter.handle(.char("j"))
        _ = presenter.handle(.down)
        #expect(presenter.currentTodo?.id == 3)
        _ = presenter.handle(.char("G"))
        #expect(presenter.currentTodo?.id == 5)
        _ = presenter.handle(.char("j"))
        #expect(presenter.currentTodo?.id == 5)
        _ = presenter.handle(.char("g"))
        _ = presenter.handle(.up)
        #expect(presenter.currentTodo?.id == 1)
    }

    @Test func typingAFilterNarrowsTheListAndEscClearsIt() async {
        await loaded()
        _ = presenter.handle(.char("/"))
        #expect(presenter.capturesText)
        for character in "bank" { _ = presenter.handle(.char(character)) }
        #expect(presenter.visible.count == 1)
        #expect(presenter.status.count == "1 of 5")
        #expect(screen().contains("call the bank"))
        #expect(!screen().contains("buy milk"))
        _ = presenter.handle(.escape)
        #expect(presenter.visible.count == 5)
        #expect(!presenter.capturesText)
    }

    @Test func filterKeepsTheSelectedTodoUnderTheCursor() async {
        await loaded()
        _ = presenter.handle(.char("G"))  // id 5
        _ = presenter.handle(.char("/"))
        _ = presenter.handle(.char("a"))
        #expect(presenter.currentTodo?.id == 5)
    }

    @Test func qInsideTheFilterIsText() async {
        await loaded()
        _ = presenter.handle(.char("/"))
        let command = presenter.handle(.char("q"))
        guard case .handled = command else {
            Issue.record("q was not taken as filter text")
            return
        }
        #expect(presenter.filterText == "q")
    }

    @Test func spaceTogglesAtOnceAndKeepsTheServersAnswer() async {
        await loaded()
        await api.holdWritesUntilReleased()
        _ = presenter.handle(.char(" "))
        #expect(presenter.currentTodo?.completed == true)
        #expect(presenter.status.isLoading)
        await api.releaseWrites()
        await redraws.wait { presenter.status.message != nil }
        #expect(presenter.currentTodo?.completed == true)
        #expect(presenter.status.message?.text == "Todo 1 marked done")
        let updates = await api.updates
        #expect(updates.map(\.id) == [1])
        #expect(updates.first?.patch.completed == true)
    }

    @Test func aRefusedToggleRollsBackWithAMessage() async {
        await loaded()
        await api.setUpdateFailure(ServiceError(.server(status: 500), "Server answered 500"))
        _ = presenter.handle(.char(" "))
        #expect(presenter.currentTodo?.completed == true)
        await redraws.wait { presenter.status.message != nil }
        #expect(presenter.currentTodo?.completed == false)
        #expect(presenter.status.message?.severity == .error)
        #expect(presenter.status.message?.text.contains("rolled back") == true)
    }

    @Test func aServerThatForgetsWritesIsNamedOnce() async {
        let forgetful = StubAPIService(todos: Fixtures.todos, keepsWrites: false)
        let recorder = RedrawRecorder()
        let screen = TodoListModule.build(
            api: forgetful, context: ScreenContext(setNeedsDisplay: { recorder.record() }))
        screen.start()
        await recorder.wait { screen.status.count == "5" }
        _ = screen.handle(.char(" "))
        await recorder.wait { screen.status.message != nil }
        #expect(screen.status.message?.text.contains("does not keep them") == true)
    }

    @Test func aFailedReloadKeepsCachedDataAndSaysOffline() async {
        let fetched = Date(timeIntervalSinceNow: -300)
        await api.setCached(Listing(items: Fixtures.todos, totalCount: 5, fetchedAt: fetched, origin: .cache))
        await api.setList(.failure(ServiceError(.offline, "Cannot connect to 127.0.0.1:3000")))
        presenter.start()
        await redraws.wait { presenter.error != nil }
        #expect(presenter.status.offline == "offline · cached 5 min ago")
        let terminal = screen()
        #expect(terminal.contains("buy milk"))
        #expect(terminal.contains("Cannot connect to 127.0.0.1:3000 (r to retry)"))
    }

    @Test func retryAfterAnErrorLoadsAgain() async {
        await api.setList(.failure(ServiceError(.timeout, "Timed out after 15 s")))
        presenter.start()
        await redraws.wait { presenter.error != nil }
        await api.setList(.success(Listing(items: Fixtures.todos, totalCount: 5, fetchedAt: Date(), origin: .network)))
        _ = presenter.handle(.char("r"))
        await redraws.wait { !presenter.isLoading }
        #expect(presenter.error == nil)
        #expect(presenter.todos.count == 5)
        #expect(await api.listCalls == 2)
    }

    @Test func enterOpensTheDetailOfTheTodoUnderTheCursor() async {
        await loaded()
        _ = presenter.handle(.char("j"))
        guard case .push(let detail) = presenter.handle(.enter) else {
            Issue.record("Enter did not open a screen")
            return
        }
        #expect(detail.breadcrumb == "2")
    }

    @Test func sortingCyclesColumnsAndReverses() async {
        await loaded()
        _ = presenter.handle(.char("s"))  // done
        #expect(presenter.sortColumn == .done)
        #expect(presenter.todos.first?.completed == false)
        _ = presenter.handle(.char("S"))
        #expect(presenter.todos.first?.completed == true)
    }

    @Test func aHundredThousandTodosDrawOnlyTheVisibleRows() async {
        let big = StubAPIService(todos: Fixtures.manyTodos(100_000))
        let recorder = RedrawRecorder()
        let screen =
            TodoListModule.build(api: big, context: ScreenContext(setNeedsDisplay: { recorder.record() }))
            as! TodoListPresenter
        screen.start()
        await recorder.wait { !screen.isLoading }
        _ = screen.handle(.char("G"))
        let terminal = InMemoryTerminal(size: Size(rows: 10, cols: 60))
        screen.draw(on: terminal, in: Rect(size: terminal.size), theme: .builtinDefault, tick: 0)
        #expect(terminal.contains("todo number 100000"))
        #expect(!terminal.contains("todo number 99990 "))
    }

    @Test func yCopiesTheTodoUnderTheCursorAsJSON() async {
        await loaded()
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
        await loaded()
        _ = screen()  // lays out: header row 0 of the rect, body rows from row 1
        _ = presenter.handle(.mouse(MouseEvent(kind: .click, row: 3, col: 10)))
        #expect(presenter.currentTodo?.id == 3)
        _ = presenter.handle(.mouse(MouseEvent(kind: .wheelUp, row: 3, col: 10)))
        #expect(presenter.currentTodo?.id == 1)
        _ = presenter.handle(.mouse(MouseEvent(kind: .wheelDown, row: 3, col: 10)))
        #expect(presenter.currentTodo?.id == 4)
        _ = presenter.handle(.mouse(MouseEvent(kind: .click, row: 0, col: 10)))
        #expect(presenter.currentTodo?.id == 4)
    }

    @Test func aServerErrorMarksCachedDataStaleNotOffline() async {
        let fetched = Date(timeIntervalSinceNow: -300)
        await api.setCached(Listing(items: Fixtures.todos, totalCount: 5, fetchedAt: fetched, origin: .cache))
        await api.setList(.failure(ServiceError(.server(status: 500), "Server answered 500 Internal Server Error")))
        presenter.start()
        await redraws.wait { presenter.error != nil }
        #expect(presenter.status.offline == "stale · cached 5 min ago")
    }

    @Test func aListArrivingDuringAWriteKeepsThePendingToggle() async {
        await loaded()
        await api.holdWritesUntilReleased()
        _ = presenter.handle(.char(" "))
        #expect(presenter.currentTodo?.completed == true)
        _ = presenter.handle(.char("r"))
        await redraws.wait { !presenter.isLoading }
        #expect(presenter.currentTodo?.completed == true)
        await api.releaseWrites()
        await redraws.wait { presenter.status.message != nil }
        #expect(presenter.currentTodo?.completed == true)
    }

    @Test func aRefusedToggleSaysWhyInAFewWords() async {
        await loaded()
        await api.setUpdateFailure(
            ServiceError(.offline, "Cannot connect to 127.0.0.1:3000 — start one with `trestle serve`"))
        _ = presenter.handle(.char(" "))
        await redraws.wait { presenter.status.message != nil }
        #expect(presenter.status.message?.text == "Todo 1 not saved (server unreachable) — rolled back")
    }
}
