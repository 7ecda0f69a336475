import Foundation
import JSONServerCore
import Logging
import Networking
import Services
import TestSupport
import Testing

@Suite("Fake API service (the in-process json-server)")
struct FakeAPIServiceTests {
    static let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }

    static func database() throws -> JSONDatabase {
        let data = try JSONEncoder().encode(["todos": Fixtures.todos])
        return try JSONDatabase(data: data)
    }

    static func fake(
        storage: any StorageService = InMemoryStorageService(), behavior: StubBehavior = .immediate,
        engine: JSONServerEngine? = nil, activity: ActivityTracker = ActivityTracker()
    ) throws -> FakeAPIService {
        FakeAPIService(
            engine: try engine ?? JSONServerEngine(database: database()), behavior: behavior, storage: storage,
            middleware: [ActivityMiddleware(tracker: activity)], logger: logger)
    }

    @Test func listsEveryTodoWithItsTotal() async throws {
        let listing = try await Self.fake().todos(ListQuery())
        #expect(listing.items == Fixtures.todos)
        #expect(listing.origin == .network)
    }

    @Test func filtersByFieldLikeJSONServer() async throws {
        let listing = try await Self.fake().todos(ListQuery(filters: [.init("userId", "2")]))
        #expect(listing.items.map(\.id) == [4, 5])
    }

    @Test func pagesReportTheTotalFromTheHeader() async throws {
        let listing = try await Self.fake().todos(ListQuery(page: 2, limit: 2))
        #expect(listing.items.map(\.id) == [3, 4])
        #expect(listing.totalCount == 5)
    }

    @Test func sortsDescending() async throws {
        let listing = try await Self.fake().todos(ListQuery(sort: [.init("id", descending: true)]))
        #expect(listing.items.first?.id == 5)
    }

    @Test func aMissingTodoIsNotFound() async throws {
        let fake = try Self.fake()
        do {
            _ = try await fake.todo(id: 99)
            Issue.record("expected not found")
        } catch {
            #expect(error.kind == .notFound)
        }
    }

    @Test func aPatchChangesTheFakesCopyAndTheNextList() async throws {
        let fake = try Self.fake()
        _ = try await fake.todos(ListQuery())
        let updated = try await fake.updateTodo(id: 1, TodoPatch(completed: true))
        #expect(updated.completed)
        let again = try await fake.todos(ListQuery())
        #expect(again.items.first { $0.id == 1 }?.completed == true)
        #expect(again.origin == .network)
    }

    @Test func aSecondLoadRevalidatesWithTheETag() async throws {
        let fake = try Self.fake()
        _ = try await fake.todos(ListQuery())
        let second = try await fake.todos(ListQuery())
        #expect(second.origin == .revalidated)
        #expect(second.items == Fixtures.todos)
    }

    @Test func theCacheOutlivesTheServiceAndRevalidatesOnTheNextStart() async throws {
        let storage = InMemoryStorageService()
        let engine = JSONServerEngine(database: try Self.database())
        _ = try await Self.fake(storage: storage, engine: engine).todos(ListQuery())
        let restarted = try Self.fake(storage: storage, engine: engine)
        let cached = await restarted.currentTodoList()?.listing
        #expect(cached?.items == Fixtures.todos)
        #expect(cached?.origin == .cache)
        #expect(try await restarted.todos(ListQuery()).origin == .revalidated)
    }

    @Test func injectedFailuresLookLikeServerErrors() async throws {
        let fake = try Self.fake(behavior: StubBehavior(delay: .immediate, alwaysFailWith: 503))
        do {
            _ = try await fake.todos(ListQuery())
            Issue.record("expected a failure")
        } catch {
            #expect(error.kind == .server(status: 503))
            #expect(error.message.contains("503"))
        }
    }

    @Test func activityCountsTheRequestInFlight() async throws {
        let activity = ActivityTracker()
        let fake = try Self.fake(behavior: .delayed(0.2), activity: activity)
        async let listing = fake.todos(ListQuery())
        var sawActivity = false
        for await count in activity.updates() {
            if count > 0 { sawActivity = true }
            if sawActivity && count == 0 { break }
        }
        #expect(try await listing.items.count == 5)
        #expect(sawActivity)
        #expect(activity.inFlight == 0)
    }

    @Test func twoDataFilesNeverShareACache() async throws {
        let storage = InMemoryStorageService()
        let logger = Self.logger
        let first = FakeAPIService(
            engine: JSONServerEngine(database: try Self.database()), behavior: .immediate, storage: storage,
            middleware: [], logger: logger, cacheNamespace: "fake|/a.json")
        _ = try await first.todos(ListQuery())
        let other = FakeAPIService(
            engine: JSONServerEngine(database: try Self.database()), behavior: .immediate, storage: storage,
            middleware: [], logger: logger, cacheNamespace: "fake|/b.json")
        #expect(await other.currentTodoList()?.listing == nil)
        #expect(await first.currentTodoList()?.listing?.items == Fixtures.todos)
    }

    @Test func anyCollectionCanBeReadAsRecords() async throws {
        let fake = try Self.fake()
        let listing = try await fake.records("todos", ListQuery(filters: [.init("userId", "1")]))
        #expect(listing.items.count == 3)
        #expect(listing.items.first?["title"]?.stringValue == "buy milk")
        do {
            _ = try await fake.records("nosuch", ListQuery())
            Issue.record("expected not found")
        } catch {
            #expect(error.kind == .notFound)
        }
    }
}
