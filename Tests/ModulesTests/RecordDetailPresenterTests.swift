import Foundation
import JSON
import Services
import TerminalUI
import TestSupport
import Testing

@testable import Modules

@MainActor
@Suite("Record detail presenter: fields and relations")
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
            !screen.isLoading && (screen.error != nil || screen.counts.count == children.count)
        }
        #expect(ready, "the detail did not load")
        return screen
    }

    private func draw(_ screen: RecordDetailPresenter, _ size: Size = Size(rows: 20, cols: 90)) -> InMemoryTerminal {
        let terminal = InMemoryTerminal(size: size)
        screen.draw(on: terminal, in: Rect(size: size), theme: .builtinDefault, tick: 0)
        return terminal
    }

    private func pushed(_ command: ScreenCommand) -> (any Screen)? {
        guard case .push(let screen) = command else { return nil }
        return screen
    }

    @Test func theRecordShowsAsJSONWithItsNameAsTitle() async throws {
        let screen = try await detail(usersResource, id: "1")
        #expect(screen.breadcrumb == "1 Leanne Graham")
        #expect(screen.status.resource == "users/1")
        let terminal = draw(screen)
        #expect(terminal.line(0).contains("user 1 Leanne Graham"))
        #expect(terminal.contains("\"name\": \"Leanne Graham\","))
        #expect(terminal.contains("\"city\": \"Gwenborough\""))
    }

    /// Back from a related list where a record was added, the counts are fresh.
    @Test func showingAgainCountsTheRelationsAgain() async throws {
        let screen = try await detail(usersResource, id: "1")
        #expect(screen.counts["posts"] == 2)
        _ = try await api.create(navigator.resource(named: "posts"), ["userId": 1, "title": "fourth", "body": ""])
        screen.start()  // what the router does when the list above it is closed
        #expect(await redraws.wait { screen.counts["posts"] == 3 })
        #expect(draw(screen).contains("2 posts (3)"))
    }

    @Test func childRelationsAreListedWithTheirCounts() async throws {
        let screen = try await detail(usersResource, id: "1")
        #expect(screen.counts == ["todos": 3, "posts": 2, "albums": 0])
        let jumps = draw(screen).line(1)
        #expect(jumps.contains("1 todos (3)"))
        #expect(jumps.contains("2 posts (2)"))
        #expect(jumps.contains("3 albums (0)"))
        let counted = await api.listQueries.filter { $0.resource == "todos" }.map(\.query.filters)
        #expect(counted == [[ListQuery.Filter("userId", "1")]])
    }

    @Test func tabSelectsARelationAndEnterOpensTheChildListWithTheForeignKeyFilter() async throws {
        let screen = try await detail(usersResource, id: "1")
        #expect(screen.selectedRelation == 0)
        _ = screen.handle(.tab)
        #expect(screen.selectedRelation == 1)
        _ = screen.handle(.tab)
        _ = screen.handle(.backTab)
        #expect(screen.selectedRelation == 1)
        let list = try #require(pushed(screen.handle(.enter)) as? ResourceListPresenter)
        #expect(list.resource.name == "posts")
        #expect(list.interactor.filters == [ListQuery.Filter("userId", "1")])
        #expect(list.breadcrumb == "posts")
        list.start()
        #expect(await redraws.wait { !list.isLoading && !list.records.isEmpty })
        #expect(list.records.map(\.id) == ["1", "3"])
        #expect(list.status.count == "2")
        let terminal = InMemoryTerminal(size: Size(rows: 10, cols: 80))
        list.draw(on: terminal, in: Rect(size: terminal.size), theme: .builtinDefault, tick: 0)
        #expect(terminal.line(0).contains("where userId = 1"))
        #expect(await api.listQueries.last?.query.filters == [ListQuery.Filter("userId", "1")])
    }

    @Test func aDigitJumpsStraightToThatRelation() async throws {
        let screen = try await detail(usersResource, id: "2")
        let todos = try #require(pushed(screen.handle(.char("1"))) as? ResourceListPresenter)
        #expect(todos.resource.name == "todos")
        #expect(todos.interactor.filters == [ListQuery.Filter("userId", "2")])
        let albums = try #require(pushed(screen.handle(.char("3"))) as? ResourceListPresenter)
        #expect(albums.resource.name == "albums")
        #expect(screen.selectedRelation == 2)
        guard case .unhandled = screen.handle(.char("4")) else {
            Issue.record("a digit past the relations should do nothing here")
            return
        }
    }

    @Test func aParentRelationOpensTheParentsDetail() async throws {
        let todos = navigator.resource(named: "todos")
        let screen = try await detail(todos, id: "4")
        #expect(draw(screen).line(1).contains("1 user → 2"))
        let user = try #require(pushed(screen.handle(.enter)) as? RecordDetailPresenter)
        user.start()
        #expect(await redraws.wait { !user.isLoading && user.record != nil })
        #expect(user.record?.id == "2")
        #expect(user.breadcrumb == "user 2 Ervin Howell")  // the relation names the parent
        #expect(draw(user).contains("\"username\": \"Antonette\""))
    }

    @Test func aMissingRecordSaysSoAndOffersARetry() async throws {
        let screen = try await detail(usersResource, id: "9")
        #expect(screen.error?.kind == .notFound)
        #expect(draw(screen).contains("No user 9 (404) (r to retry)"))
        #expect(pushed(screen.handle(.char("1"))) == nil)
    }

    @Test func aRecordOpenedFromTheListShowsAtOnceAndCopiesAsJSON() throws {
        let record = RecordEntity(Self.users[1], of: usersResource)
        let screen = try #require(navigator.detail(usersResource, record: record) as? RecordDetailPresenter)
        #expect(draw(screen).contains("\"name\": \"Ervin Howell\","))
        guard case .copy(let text, let description) = screen.handle(.char("y")) else {
            Issue.record("y did not copy")
            return
        }
        #expect(text.contains("\"username\": \"Antonette\""))
        #expect(description == "user 2 as JSON")
    }
}
