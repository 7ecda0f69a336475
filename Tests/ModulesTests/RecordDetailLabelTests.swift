import JSON
import Services
import TerminalUI
import TestSupport
import Testing

@testable import Modules

/// A parent relation names its record by its label (`user → 2 Ervin
/// Howell`): the id first, the label when it comes, the id still when it
/// fails.
@MainActor
@Suite("Record detail: parents named by their labels")
struct RecordDetailLabelTests {
    static let catalog = ResourceCatalog.jsonPlaceholder
    static let todos = catalog.descriptor(for: "todos")
    static let users = catalog.descriptor(for: "users")
    static let todo4 = RecordEntity(["userId": 2, "id": 4, "title": "call the bank", "completed": false], of: todos)
    static var user: ResourceDescriptor.Relation { todos.relations[0] }

    /// Todo 4 opened by id, its record arrived: the effects that asked for.
    private func loadedTodo() -> (RecordDetailState, [RecordDetailEffect]) {
        var state = RecordDetailState(id: "4", record: nil, resource: Self.todos, breadcrumbPrefix: nil)
        _ = state.apply(.appeared)
        let effects = state.apply(.recordArrived(Self.todo4))
        return (state, effects)
    }

    // MARK: - State

    @Test func theRecordArrivingAsksForItsParentsLabelAndShowsTheIDMeanwhile() {
        let (state, effects) = loadedTodo()
        #expect(effects.contains(.nameRelations([Self.user], of: Self.todo4)))
        #expect(state.jumps.map(\.title) == ["user → 2"])
    }

    @Test func theLabelReplacesTheIDWhenItArrives() {
        var (state, _) = loadedTodo()
        #expect(state.apply(.labelArrived(relation: "user", id: "2", label: "2 Ervin Howell")) == [.redraw])
        #expect(state.jumps.map(\.title) == ["user → 2 Ervin Howell"])
        // Loaded again with the same parent: not asked again.
        let again = state.apply(.reload)
        #expect(again == [.loadRecord])
        #expect(
            !state.apply(.recordArrived(Self.todo4)).contains { if case .nameRelations = $0 { true } else { false } })
    }

    @Test func aLabelThatNeverComesLeavesTheID() {
        var (state, _) = loadedTodo()
        _ = state.apply(.countingFinished)
        #expect(state.jumps.map(\.title) == ["user → 2"])
        #expect(state.labels.isEmpty)
    }

    @Test func aFailedLabelIsAskedAgainByAReloadNotByEveryWatchTick() {
        var (state, _) = loadedTodo()
        _ = state.apply(.setWatch(.seconds(5)))
        _ = state.apply(.watchTimerFired)
        #expect(state.apply(.recordArrived(Self.todo4)) == [.redraw, .scheduleWatch(after: .seconds(5))])
        _ = state.apply(.reload)
        #expect(state.apply(.recordArrived(Self.todo4)).contains(.nameRelations([Self.user], of: Self.todo4)))
    }

    @Test func aParentChangedByAWatchFetchIsNamedAgainAndItsOldLabelNotShown() {
        var (state, _) = loadedTodo()
        _ = state.apply(.labelArrived(relation: "user", id: "2", label: "2 Ervin Howell"))
        _ = state.apply(.setWatch(.seconds(5)))
        _ = state.apply(.watchTimerFired)
        let moved = RecordEntity(["userId": 3, "id": 4, "title": "call the bank", "completed": false], of: Self.todos)
        let effects = state.apply(.recordArrived(moved))
        #expect(effects.contains(.nameRelations([Self.user], of: moved)))
        #expect(state.jumps.map(\.title) == ["user → 3"])
    }

    // MARK: - Presenter against a stub service

    @Test func thePresenterNamesTheParentFromItsRecord() async throws {
        let screen = try await named(todo: ["userId": 2, "id": 4, "title": "call the bank", "completed": false])
        #expect(screen.state.labels["user"] == RecordDetailState.RelationLabel(id: "2", label: "2 Ervin Howell"))
        #expect(draw(screen).line(1).contains("1 user → 2 Ervin Howell"))
    }

    @Test func aParentThatFailsToLoadKeepsItsIDOnTheLine() async throws {
        let screen = try await named(todo: ["userId": 99, "id": 4, "title": "call the bank", "completed": false])
        #expect(screen.state.labels.isEmpty)
        #expect(screen.state.error == nil, "the record itself loaded")
        #expect(draw(screen).line(1).contains("1 user → 99 "))
    }

    /// The detail of `todo` (served by a stub with two users), once its
    /// record is in and the naming of its parent has finished.
    private func named(todo: JSONValue) async throws -> RecordDetailPresenter {
        let users: [JSONValue] = [["id": 1, "name": "Leanne Graham"], ["id": 2, "name": "Ervin Howell"]]
        let api = StubAPIService(collections: ["users": users, "todos": [todo]])
        let redraws = RedrawRecorder()
        let navigator = ResourceNavigator(
            api: api, catalog: Self.catalog, context: ScreenContext(setNeedsDisplay: { redraws.record() }))
        let screen = try #require(navigator.detail(Self.todos, id: "4") as? RecordDetailPresenter)
        screen.start()
        #expect(await redraws.wait { screen.state.record != nil && !screen.state.isLoading && screen.nameTask != nil })
        await screen.nameTask?.value
        return screen
    }

    private func draw(_ screen: any Screen) -> InMemoryTerminal {
        let size = Size(rows: 20, cols: 90)
        let terminal = InMemoryTerminal(size: size)
        screen.resize(to: Rect(size: size))
        screen.draw(on: terminal, in: Rect(size: size), theme: .builtinDefault, tick: 0)
        return terminal
    }
}
