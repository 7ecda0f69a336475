import Foundation
import JSON
import Services
import TerminalUI
import TestSupport
import Testing

@testable import Modules

/// The presenter's wiring: the effects `RecordDetailState` asks for really
/// run against a service, and their results come back. The behaviour itself
/// is pinned down in `RecordDetailStateTests`.
@MainActor
@Suite("Record detail presenter: effects against a stub service")
struct RecordDetailPresenterTests {
    static let users: [JSONValue] = [
        ["id": 1, "name": "Leanne Graham", "username": "Bret", "address": ["city": "Gwenborough"]],
        ["id": 2, "name": "Ervin Howell", "username": "Antonette", "address": ["city": "Wisokyburgh"]],
    ]
    static let posts: [JSONValue] = [
        ["userId": 1, "id": 1, "title": "first post", "body": "…"],
        ["userId": 2, "id": 2, "title": "second post", "body": "…"],
        ["userId": 1, "id": 3, "title": "third post", "body": "…"],
    ]

    let api = StubAPIService(
        collections: ["users": users, "todos": Fixtures.todoRecords, "posts": posts, "albums": []])
    let redraws = RedrawRecorder()
    let navigator: ResourceNavigator

    init() {
        let recorder = redraws
        navigator = ResourceNavigator(
            api: api, catalog: .jsonPlaceholder, context: ScreenContext(setNeedsDisplay: { recorder.record() }))
    }

    private var usersResource: ResourceDescriptor { navigator.resource(named: "users") }

    /// The detail of `id`, started, once the record and the counts of its
    /// children relations are in.
    private func detail(_ resource: ResourceDescriptor, id: String) async throws -> RecordDetailPresenter {
        let screen = try #require(navigator.detail(resource, id: id) as? RecordDetailPresenter)
        screen.start()
        let children = resource.relations.filter {
            if case .children = $0.kind { return true }
            return false
        }
        let ready = await redraws.wait {
            !screen.state.isLoading && (screen.state.error != nil || screen.state.counts.count == children.count)
        }
        #expect(ready, "the detail did not load")
        return screen
    }

    private func draw(_ screen: any Screen, _ size: Size = Size(rows: 20, cols: 90)) -> InMemoryTerminal {
        let terminal = InMemoryTerminal(size: size)
        screen.resize(to: Rect(size: size))
        screen.draw(on: terminal, in: Rect(size: size), theme: .builtinDefault, tick: 0)
        return terminal
    }

    private func pushed(_ command: ScreenCommand) -> (any Screen)? {
        guard case .push(let screen) = command else { return nil }
        return screen
    }

    @Test func theRecordLoadsAndItsChildRelationsAreCountedWithTheirForeignKey() async throws {
        let screen = try await detail(usersResource, id: "1")
        #expect(screen.breadcrumb == "1 Leanne Graham")
        #expect(screen.status.resource == "users/1")
        #expect(screen.state.counts == ["todos": 3, "posts": 2, "albums": 0])
        let terminal = draw(screen)
        #expect(terminal.line(0).contains("user 1 Leanne Graham"))
        #expect(terminal.line(1).contains("1 todos (3)"))
        #expect(terminal.contains("\"name\": \"Leanne Graham\","))
        let counted = await api.listQueries.filter { $0.resource == "todos" }.map(\.query.filters)
        #expect(counted == [[ListQuery.Filter("userId", "1")]])
    }

    /// Back from a related list where a record was added, the counts are fresh.
    @Test func showingAgainCountsTheRelationsAgain() async throws {
        let screen = try await detail(usersResource, id: "1")
        #expect(screen.state.counts["posts"] == 2)
        _ = try await api.create(navigator.resource(named: "posts"), ["userId": 1, "title": "fourth", "body": ""])
        screen.start()  // what the router does when the list above it is closed
        #expect(await redraws.wait { screen.state.counts["posts"] == 3 })
        #expect(draw(screen).contains("2 posts (3)"))
    }

    @Test func enterPushesTheChildListFilteredByTheForeignKey() async throws {
        let screen = try await detail(usersResource, id: "1")
        _ = screen.handle(.tab)
        let list = try #require(pushed(screen.handle(.enter)))
        #expect(list.breadcrumb == "posts")
        list.start()
        #expect(await redraws.wait { list.status.count == "2" })
        #expect(draw(list, Size(rows: 10, cols: 80)).line(0).contains("where userId = 1"))
        #expect(await api.listQueries.last?.query.filters == [ListQuery.Filter("userId", "1")])
    }

    @Test func aParentRelationPushesTheParentsDetail() async throws {
        let screen = try await detail(navigator.resource(named: "todos"), id: "4")
        #expect(draw(screen).line(1).contains("1 user → 2"))
        let user = try #require(pushed(screen.handle(.char("1"))) as? RecordDetailPresenter)
        user.start()
        #expect(await redraws.wait { !user.state.isLoading && user.state.record != nil })
        #expect(user.state.record?.id == "2")
        #expect(user.breadcrumb == "user 2 Ervin Howell")  // the relation names the parent
        #expect(draw(user).contains("\"username\": \"Antonette\""))
    }

    @Test func aMissingRecordSaysSoAndOffersARetry() async throws {
        let screen = try await detail(usersResource, id: "9")
        #expect(screen.state.error?.kind == .notFound)
        #expect(draw(screen).contains("No user 9 (404) (r to retry)"))
        #expect(pushed(screen.handle(.char("1"))) == nil)
    }

    @Test func yAsksTheRouterToCopyAndUnknownKeysAreLeftToIt() throws {
        let record = RecordEntity(Self.users[1], of: usersResource)
        let screen = try #require(navigator.detail(usersResource, record: record) as? RecordDetailPresenter)
        #expect(draw(screen).contains("\"name\": \"Ervin Howell\","))
        guard case .copy(let text, let description) = screen.handle(.char("y")) else {
            Issue.record("y did not copy")
            return
        }
        #expect(text.contains("\"username\": \"Antonette\""))
        #expect(description == "user 2 as JSON")
        guard case .unhandled = screen.handle(.char("4")) else {
            Issue.record("a digit past the relations should be left to the router")
            return
        }
    }
}
