import JSON
import Services
import TerminalUI
import TestSupport
import Testing

@testable import Modules

/// The detail screen's behaviour as values: events in, state and effects
/// out. No tasks, no services, no waiting.
@MainActor
@Suite("Record detail state: events and effects")
struct RecordDetailStateTests {
    static let catalog = ResourceCatalog.jsonPlaceholder
    static let users = catalog.descriptor(for: "users")
    static let todos = catalog.descriptor(for: "todos")
    static let leanne = RecordEntity(
        ["id": 1, "name": "Leanne Graham", "username": "Bret", "address": ["city": "Gwenborough"]], of: users)
    static let todo4 = RecordEntity(["userId": 2, "id": 4, "title": "call the bank", "completed": false], of: todos)
    let bindings = KeyBindings.defaults

    /// The detail of user 1 opened by id, its record arrived and its relations counted.
    private func loadedUser() -> RecordDetailState {
        var state = RecordDetailState(id: "1", record: nil, resource: Self.users, breadcrumbPrefix: nil)
        _ = state.apply(.appeared)
        _ = state.apply(.recordArrived(Self.leanne))
        for (name, count) in [("todos", 3), ("posts", 2), ("albums", 0)] {
            _ = state.apply(.countArrived(relation: name, count: count))
        }
        _ = state.apply(.countingFinished)
        return state
    }

    /// The state drawn by the detail view, as the presenter draws it.
    private func draw(_ state: inout RecordDetailState, _ size: Size = Size(rows: 20, cols: 90)) -> InMemoryTerminal {
        let terminal = InMemoryTerminal(size: size)
        let lines = state.layout(width: size.cols, height: size.rows)
        RecordDetailView.draw(
            state.viewModel(lines: lines), on: terminal, in: Rect(size: size), theme: .builtinDefault, tick: 0)
        return terminal
    }

    /// What `key` does: the event it means, applied (`nil` when unhandled).
    private func press(_ key: Key, on state: inout RecordDetailState) -> [RecordDetailEffect]? {
        state.event(for: key, bindings: bindings).map { state.apply($0) }
    }

    // MARK: - Loading

    @Test func openedByIDItLoadsWhenItFirstShowsAndNamesTheRecordOnceItArrives() {
        var state = RecordDetailState(id: "1", record: nil, resource: Self.users, breadcrumbPrefix: nil)
        #expect(state.breadcrumb == "1")
        #expect(state.apply(.appeared) == [.loadRecord])
        #expect(state.isLoading)
        #expect(state.status == ScreenStatus(resource: "users/1", isLoading: true))
        #expect(state.jumps.isEmpty)
        #expect(state.apply(.recordArrived(Self.leanne)) == [.countRelations(Self.leanne), .redraw])
        #expect(!state.isLoading)
        #expect(state.breadcrumb == "1 Leanne Graham")
        let terminal = draw(&state)
        #expect(terminal.line(0).contains("user 1 Leanne Graham"))
        #expect(terminal.contains("\"name\": \"Leanne Graham\","))
        #expect(terminal.contains("\"city\": \"Gwenborough\""))
    }

    @Test func theRelationThatLedHereNamesTheBreadcrumb() {
        let state = RecordDetailState(id: "2", record: nil, resource: Self.users, breadcrumbPrefix: "user")
        #expect(state.breadcrumb == "user 2")
    }

    @Test func aRecordOpenedFromTheListShowsAtOnce() {
        var state = RecordDetailState(id: "1", record: Self.leanne, resource: Self.users, breadcrumbPrefix: nil)
        #expect(draw(&state).contains("\"username\": \"Bret\","))
        #expect(state.apply(.appeared) == [.loadRecord])  // fresh from the server all the same
    }

    @Test func childRelationsAreListedWithTheirCountsAsTheyArrive() {
        var state = RecordDetailState(id: "1", record: Self.leanne, resource: Self.users, breadcrumbPrefix: nil)
        #expect(state.jumps.map(\.title) == ["todos", "posts", "albums"])
        #expect(state.apply(.countArrived(relation: "posts", count: 2)) == [.redraw])
        #expect(state.jumps.map(\.title) == ["todos", "posts (2)", "albums"])
        state = loadedUser()
        let jumps = draw(&state).line(1)
        #expect(jumps.contains("1 todos (3)"))
        #expect(jumps.contains("2 posts (2)"))
        #expect(jumps.contains("3 albums (0)"))
    }

    @Test func aParentRelationShowsTheParentsID() {
        let state = RecordDetailState(id: "4", record: Self.todo4, resource: Self.todos, breadcrumbPrefix: nil)
        #expect(state.jumps == [RecordDetailViewModel.Jump(title: "user → 2", isSelected: true)])
    }

    /// Back from a related list where a record was added, the counts are fresh.
    @Test func showingAgainCountsAgainButDoesNotLoadAgain() {
        var state = loadedUser()
        #expect(state.apply(.appeared) == [.countRelations(Self.leanne)])
        #expect(state.counts["posts"] == 2)  // kept until the new counts come
        #expect(state.apply(.appeared) == [], "already counting")
        _ = state.apply(.countArrived(relation: "posts", count: 3))
        #expect(state.jumps[1].title == "posts (3)")
    }

    @Test func aReloadWhileCountingDoesNotCountTwice() {
        var state = RecordDetailState(id: "1", record: nil, resource: Self.users, breadcrumbPrefix: nil)
        _ = state.apply(.appeared)
        _ = state.apply(.recordArrived(Self.leanne))
        #expect(press(.char("r"), on: &state) == [.loadRecord])
        #expect(state.isLoading)
        #expect(state.apply(.recordArrived(Self.leanne)) == [.redraw])
        _ = state.apply(.countingFinished)
        #expect(press(.char("r"), on: &state) == [.loadRecord])
        #expect(state.apply(.recordArrived(Self.leanne)) == [.countRelations(Self.leanne), .redraw])
    }

    @Test func leavingTheStackCancelsItsWorkAndShowingAgainLoadsAgain() {
        var state = loadedUser()
        #expect(state.apply(.disappeared) == [.cancelWork])
        #expect(state.apply(.appeared) == [.loadRecord])
    }

    @Test func aMissingRecordSaysSoOffersARetryAndHasNoRelations() {
        var state = RecordDetailState(id: "9", record: nil, resource: Self.users, breadcrumbPrefix: nil)
        _ = state.apply(.appeared)
        let missing = ServiceError(.notFound, "No user 9 (404)")
        #expect(state.apply(.recordFailed(missing)) == [.redraw], "nothing to count without a record")
        #expect(state.error == missing)
        #expect(!state.isLoading)
        #expect(draw(&state).contains("No user 9 (404) (r to retry)"))
        #expect(press(.char("1"), on: &state) == [], "no record, nothing to follow")
        #expect(press(.enter, on: &state) == [])
        #expect(press(.char("y"), on: &state) == [], "nothing to copy")
    }

    @Test func aFailedReloadKeepsTheRecordAndSaysWhy() {
        var state = loadedUser()
        _ = state.apply(.reload)
        let offline = ServiceError(.offline, "Server unreachable")
        #expect(state.apply(.recordFailed(offline)) == [.countRelations(Self.leanne), .redraw])
        #expect(state.record == Self.leanne)
        #expect(state.error == offline)
        _ = state.apply(.reload)
        _ = state.apply(.recordArrived(Self.leanne))
        #expect(state.error == nil)
    }

    /// A service that reads no record alone (its document writes no `GET`
    /// of one, or it answered 405): the list's copy is the record, said on
    /// the status line, not an error to retry; opened by id, with no copy,
    /// it is one.
    @Test func aRecordReadOnlyInItsListShowsTheListsCopyWithoutAnError() {
        let listOnly = ServiceError(.other, .readInListOnly(name: "todos"))
        var state = RecordDetailState(id: "4", record: Self.todo4, resource: Self.todos, breadcrumbPrefix: nil)
        _ = state.apply(.appeared)
        _ = state.apply(.recordFailed(listOnly))
        #expect(state.error == nil)
        #expect(state.record == Self.todo4)
        #expect(state.message?.severity == .info)
        let screen = draw(&state)
        #expect(screen.contains("\"title\": \"call the bank\""))
        #expect(!screen.contains("retry"), "\(screen)")
        #expect(state.status.message?.text == "the list's copy: the service reads no todos one by one")

        var opened = RecordDetailState(id: "4", record: nil, resource: Self.todos, breadcrumbPrefix: nil)
        _ = opened.apply(.appeared)
        _ = opened.apply(.recordFailed(listOnly))
        #expect(opened.error == listOnly)
        #expect(draw(&opened).contains("todos are read only in their list: the service reads none alone (r to retry)"))
    }

    /// A fetch cancelled by a newer one (or by leaving) changes nothing.
    @Test func aCancelledFetchIsIgnored() {
        var state = RecordDetailState(id: "1", record: nil, resource: Self.users, breadcrumbPrefix: nil)
        _ = state.apply(.appeared)
        let before = state
        #expect(state.apply(.recordFailed(ServiceError(.cancelled, "cancelled"))) == [])
        #expect(state == before)
        #expect(state.isLoading)
    }

    // MARK: - Keys

    @Test func tabAndShiftTabCycleThroughTheRelations() {
        var state = loadedUser()
        #expect(state.selectedRelation == 0)
        #expect(press(.tab, on: &state) == [])
        #expect(state.selectedRelation == 1)
        _ = press(.tab, on: &state)
        _ = press(.tab, on: &state)
        #expect(state.selectedRelation == 0, "past the last, the first")
        _ = press(.backTab, on: &state)
        #expect(state.selectedRelation == 2, "before the first, the last")
        #expect(state.jumps.map(\.isSelected) == [false, false, true])
    }

    @Test func enterFollowsTheSelectedRelation() {
        var state = loadedUser()
        _ = press(.tab, on: &state)
        #expect(press(.enter, on: &state) == [.follow(Self.users.relations[1], from: Self.leanne)])
    }

    @Test func aDigitSelectsAndFollowsThatRelationAndOnePastTheLastIsNotOurs() {
        var state = loadedUser()
        #expect(press(.char("3"), on: &state) == [.follow(Self.users.relations[2], from: Self.leanne)])
        #expect(state.selectedRelation == 2)
        #expect(press(.char("4"), on: &state) == nil)
        #expect(press(.char("0"), on: &state) == nil)
    }

    @Test func enterOnAParentRelationFollowsItFromTheRecord() {
        var state = RecordDetailState(id: "4", record: Self.todo4, resource: Self.todos, breadcrumbPrefix: nil)
        #expect(press(.enter, on: &state) == [.follow(Self.todos.relations[0], from: Self.todo4)])
    }

    @Test func aResourceWithoutRelationsLeavesTabToTheRouter() {
        let books = ResourceCatalog([]).descriptor(for: "books")
        var state = RecordDetailState(
            id: "1", record: RecordEntity(["id": 1], of: books), resource: books, breadcrumbPrefix: nil)
        #expect(press(.tab, on: &state) == nil)
        #expect(press(.backTab, on: &state) == nil)
        #expect(press(.enter, on: &state) == [])
    }

    @Test func yCopiesTheRecordAsJSON() throws {
        var state = loadedUser()
        let effects = try #require(press(.char("y"), on: &state))
        guard case .copy(let text, let description)? = effects.first, effects.count == 1 else {
            Issue.record("y did not copy: \(effects)")
            return
        }
        #expect(text.contains("\"username\": \"Bret\""))
        #expect(description == "user 1 as JSON")
    }

    @Test func movementKeysScrollWithinTheLinesShownAndPagesAreTheBodysHeight() {
        var state = loadedUser()
        _ = draw(&state, Size(rows: 6, cols: 90))  // a page of 4 lines
        let count = state.layout(width: 90, height: 6).count
        #expect(count > 6)
        #expect(press(.char("j"), on: &state) == [])
        #expect(state.scroll == 1)
        _ = press(.pageDown, on: &state)
        #expect(state.scroll == 5)
        _ = press(.char("G"), on: &state)
        #expect(state.scroll == count - 1)
        _ = press(.char("j"), on: &state)
        #expect(state.scroll == count - 1, "not past the last line")
        _ = press(.char("g"), on: &state)
        #expect(state.scroll == 0)
        _ = press(.char("k"), on: &state)
        #expect(state.scroll == 0)
    }

    /// The rect comes in as an event, before any draw: a page is its
    /// body's height, and a record that arrives later is folded to its
    /// width with the scroll on a line shown.
    @Test func theRectIsAnEventAndNothingComesBackFromTheDraw() {
        var state = RecordDetailState(id: "1", record: nil, resource: Self.users, breadcrumbPrefix: nil)
        _ = state.apply(.appeared)
        _ = state.apply(.resized(Rect(row: 1, col: 0, height: 7, width: 12)))
        #expect(state.pageSize == 5)
        _ = state.apply(.recordArrived(Self.leanne))
        let folded = state.shownLines.count
        #expect(folded > state.lines.lines.count, "folded to 12 cells")
        _ = press(.char("G"), on: &state)
        #expect(state.scroll == folded - 1)
        _ = state.apply(.resized(Rect(row: 1, col: 0, height: 7, width: 200)))
        #expect(state.scroll == state.shownLines.count - 1, "the scroll stays on a line shown")
    }

    @Test func aNarrowerBodyFoldsTheLinesAndTheScrollFollows() {
        var state = loadedUser()
        let wide = state.layout(width: 90, height: 20).count
        _ = press(.char("G"), on: &state)
        let narrow = state.layout(width: 12, height: 20).count
        #expect(narrow > wide)
        #expect(state.lines.shownCount == narrow)
        _ = press(.char("G"), on: &state)
        #expect(state.scroll == narrow - 1)
        _ = state.layout(width: 90, height: 20)
        #expect(state.scroll == wide - 1, "clamped to the unfolded lines")
    }
}
