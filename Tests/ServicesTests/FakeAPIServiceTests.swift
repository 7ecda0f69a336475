import FakeServices
import Foundation
import JSON
import Logging
import Modules
import Networking
import Services
import TestSupport
import Testing

@testable import JSONServerCore

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
    ) throws -> LiveAPIService {
        FakeAPIService.make(
            engine: try engine ?? JSONServerEngine(database: database()), behavior: behavior, storage: storage,
            middleware: [ActivityMiddleware(tracker: activity)], logger: logger)
    }

    @Test func listsEveryTodoWithItsTotal() async throws {
        let listing = try await Self.fake().records(.todos, ListQuery())
        #expect(listing.items == Fixtures.todoRecords)
        #expect(listing.origin == .network)
    }

    @Test func filtersByFieldLikeJSONServer() async throws {
        let listing = try await Self.fake().records(.todos, ListQuery(filters: [.init("userId", "2")]))
        #expect(listing.items.map { $0.recordID() } == ["4", "5"])
    }

    @Test func pagesReportTheTotalFromTheHeader() async throws {
        let listing = try await Self.fake().records(.todos, ListQuery(page: 2, limit: 2))
        #expect(listing.items.map { $0.recordID() } == ["3", "4"])
        #expect(listing.totalCount == 5)
    }

    @Test func sortsDescending() async throws {
        let listing = try await Self.fake().records(.todos, ListQuery(sort: [.init("id", descending: true)]))
        #expect(listing.items.map { $0.recordID() } == ["5", "4", "3", "2", "1"])
    }

    @Test func aMissingTodoIsNotFound() async throws {
        let fake = try Self.fake()
        do {
            _ = try await fake.record(.todos, id: "99")
            Issue.record("expected not found")
        } catch {
            #expect(error.kind == .notFound)
        }
    }

    @Test func anUpdateChangesTheFakesCopyAndTheNextList() async throws {
        let fake = try Self.fake()
        _ = try await fake.records(.todos, ListQuery())
        let updated = try await fake.update(.todos, id: "1", ["completed": true])
        #expect(updated["completed"] == true)
        #expect(updated["title"] == "buy milk")
        let again = try await fake.records(.todos, ListQuery())
        #expect(again.items.first { $0.recordID() == "1" }?["completed"] == true)
        #expect(again.origin == .network)
    }

    @Test func aSecondLoadRevalidatesWithTheETag() async throws {
        let fake = try Self.fake()
        _ = try await fake.records(.todos, ListQuery())
        let second = try await fake.records(.todos, ListQuery())
        #expect(second.origin == .revalidated)
        #expect(second.items == Fixtures.todoRecords)
    }

    @Test func theCacheOutlivesTheServiceAndRevalidatesOnTheNextStart() async throws {
        let storage = InMemoryStorageService()
        let engine = JSONServerEngine(database: try Self.database())
        _ = try await Self.fake(storage: storage, engine: engine).records(.todos, ListQuery())
        let restarted = try Self.fake(storage: storage, engine: engine)
        let cached = await restarted.currentList(.todos)?.listing
        #expect(cached?.items == Fixtures.todoRecords)
        #expect(cached?.origin == .cache)
        #expect(try await restarted.records(.todos, ListQuery()).origin == .revalidated)
    }

    @Test func injectedFailuresLookLikeServerErrors() async throws {
        let fake = try Self.fake(behavior: StubBehavior(delay: .immediate, alwaysFailWith: 503))
        do {
            _ = try await fake.records(.todos, ListQuery())
            Issue.record("expected a failure")
        } catch {
            #expect(error.kind == .server(status: 503))
            #expect(error.message.contains("503"))
        }
    }

    @Test func activityCountsTheRequestInFlight() async throws {
        let activity = ActivityTracker()
        let fake = try Self.fake(behavior: .delayed(0.2), activity: activity)
        async let listing = fake.records(.todos, ListQuery())
        var sawActivity = false
        for await count in activity.updates() {
            if count > 0 { sawActivity = true }
            if sawActivity && count == 0 { break }
        }
        #expect(try await listing.items.count == 5)
        #expect(sawActivity)
        #expect(activity.inFlight == 0)
    }

    /// The filter prompt opened over a data file: the fake hands the
    /// engine its cue to parse and index the file before the first key.
    @Test func aComingSearchReadiesTheEnginesDataFile() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("fake-warm-\(UUID().uuidString).json")
        try JSONEncoder().encode(["todos": Fixtures.todos]).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let file = try #require(MappedFile(path: url.path))
        let lazy = try #require(try LazyDatabase(file: file, source: "data file \(url.path)"))
        let engine = JSONServerEngine(lazy: lazy, dialect: .v1)
        let fake = try Self.fake(engine: engine)
        let before = (await engine.isParsingWhole, await engine.isMaterialised)
        #expect(before == (false, false))
        await fake.prepareToSearch(.todos)
        let after = (await engine.isParsingWhole, await engine.isMaterialised)
        #expect(after.0 || after.1)
    }

    /// In process, there is no URL: `:curl` says so, and an operation of a
    /// document is not run against the engine.
    @Test func inProcessItHasNoRequestForCurlAndRunsNoOperation() async throws {
        let fake = try Self.fake()
        await #expect(throws: ServiceError.noRequestTextInProcess) {
            try await fake.requestText(.todos, .list(ListQuery()))
        }
        await #expect(throws: ServiceError.noOperationsInProcess) {
            try await fake.perform(OperationRequest(method: "GET", path: "/todos"))
        }
    }

    @Test func twoDataFilesNeverShareACache() async throws {
        let storage = InMemoryStorageService()
        let logger = Self.logger
        let first = FakeAPIService.make(
            engine: JSONServerEngine(database: try Self.database()), behavior: .immediate, storage: storage,
            middleware: [], logger: logger, cacheNamespace: "fake|/a.json")
        _ = try await first.records(.todos, ListQuery())
        let other = FakeAPIService.make(
            engine: JSONServerEngine(database: try Self.database()), behavior: .immediate, storage: storage,
            middleware: [], logger: logger, cacheNamespace: "fake|/b.json")
        #expect(await other.currentList(.todos)?.listing == nil)
        #expect(await first.currentList(.todos)?.listing?.items == Fixtures.todoRecords)
    }

    @Test func anyCollectionCanBeReadAsRecords() async throws {
        let fake = try Self.fake()
        let listing = try await fake.records(.todos, ListQuery(filters: [.init("userId", "1")]))
        #expect(listing.items.count == 3)
        #expect(listing.items.first?["title"]?.stringValue == "buy milk")
        do {
            _ = try await fake.records(ResourceCatalog.jsonPlaceholder.descriptor(for: "nosuch"), ListQuery())
            Issue.record("expected not found")
        } catch {
            #expect(error.kind == .notFound)
        }
    }

    @Test func createDeleteAndCountWorkOnTheFakesCopy() async throws {
        let fake = try Self.fake()
        #expect(try await fake.count(.todos, ListQuery()) == 5)
        let created = try await fake.create(.todos, ["userId": 3, "title": "fresh", "completed": false])
        #expect(created.recordID() == "6")
        #expect(try await fake.count(.todos, ListQuery()) == 6)
        #expect(try await fake.count(.todos, ListQuery(filters: [.init("userId", "3")])) == 1)
        try await fake.delete(.todos, id: "1")
        let listing = try await fake.records(.todos, ListQuery())
        #expect(listing.items.compactMap { $0.recordID() } == ["2", "3", "4", "5", "6"])
        do {
            _ = try await fake.record(.todos, id: "1")
            Issue.record("expected not found")
        } catch {
            #expect(error.kind == .notFound)
        }
    }

    @Test func anObservedListRevalidatesAndShowsAWriteOnItsNextLoad() async throws {
        let fake = try Self.fake()
        let first = await fake.settledList(.todos)
        #expect(first?.listing?.origin == .network)
        let revalidated = await fake.settledList(.todos)
        #expect(revalidated?.listing?.origin == .revalidated)
        _ = try await fake.update(.todos, id: "2", ["completed": false])
        let after = await fake.settledList(.todos)
        #expect(after?.listing?.origin == .network)
        #expect(after?.listing?.items.first { $0.recordID() == "2" }?["completed"] == false)
    }

    @Test func stringIDsReachTheEngineEscapedOnce() async throws {
        let data = Data(#"{"notes":[{"id":"x y","text":"spaced"},{"id":"a/b","text":"slashed"}]}"#.utf8)
        let fake = try Self.fake(engine: JSONServerEngine(database: try JSONDatabase(data: data)))
        let notes = ResourceCatalog.jsonPlaceholder.descriptor(for: "notes")
        #expect(try await fake.record(notes, id: "x y")["text"] == "spaced")
        #expect(try await fake.record(notes, id: "a/b")["text"] == "slashed")
        let updated = try await fake.update(notes, id: "a/b", ["text": "still slashed"])
        #expect(updated.recordID() == "a/b")
        try await fake.delete(notes, id: "x y")
        #expect(try await fake.records(notes, ListQuery()).items.map { $0.recordID() } == ["a/b"])
    }
}
