import Foundation
import JSON
import JSONServerCore
import Logging
import Networking
import Services
import Synchronization
import TestSupport
import Testing

@testable import App

/// The snapshot walker against a real json-server (the engine over HTTP on
/// 127.0.0.1): limits, every page with `--all` (with and without a total),
/// the one hop to parents, and the bound on requests in flight.
@Suite("Snapshot walker over real HTTP")
struct SnapshotWalkerTests {
    static let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }

    static func service(_ base: URL) -> LiveAPIService {
        let network = NetworkClient(client: AsyncHTTPClientTransport(), retry: .never)
        let store = ResourceStore(
            network: network, storage: InMemoryStorageService(), namespace: "test|\(base.absoluteString)",
            logger: logger)
        return LiveAPIService(baseURL: base, network: network, store: store)
    }

    /// `users` (5) and `posts` (`count`, post n by user n % 5 + 1; descending
    /// so the first posts point at the last users).
    static func database(posts count: Int) -> JSONDatabase {
        let users: [JSONValue] = (1...5).map { .object(["id": .int($0), "name": .string("user \($0)")]) }
        let posts: [JSONValue] = (1...count).map { number in
            .object(["id": .int(number), "userId": .int(5 - number % 5), "title": .string("post \(number)")])
        }
        return JSONDatabase(collections: [("users", .array(users)), ("posts", .array(posts))])
    }

    static let catalog = ResourceCatalog([
        ResourceDescriptor(
            name: "users", labelField: "name", columns: [.init("id"), .init("name")],
            relations: [.children("posts", by: "userId")], pageSize: 100),
        ResourceDescriptor(
            name: "posts", labelField: "title", columns: [.init("id"), .init("title")],
            relations: [.parent("user", target: "users", by: "userId")], pageSize: 100),
    ])

    private func walk(
        _ server: EngineTestServer, limit: Int?, concurrency: Int = 4, source: (any SnapshotSource)? = nil
    ) async -> SnapshotWalker.Outcome {
        let walker = SnapshotWalker(
            source: source ?? APISnapshotSource(api: Self.service(server.baseURL)), catalog: Self.catalog,
            options: SnapshotWalker.Options(limit: limit, concurrency: concurrency))
        return await walker.walk()
    }

    private func ids(_ outcome: SnapshotWalker.Outcome, _ name: String) -> [Int] {
        outcome.records(name).compactMap { $0.objectValue?["id"]?.intValue }
    }

    @Test func aLimitKeepsTheFirstRecordsAndTheParentsTheyPointAt() async throws {
        let server = try await EngineTestServer.start(database: Self.database(posts: 250))
        defer { Task { await server.stop() } }
        let outcome = await walk(server, limit: 2)
        // posts 1 and 2 point at users 4 and 3: fetched by id beside users 1 and 2.
        #expect(ids(outcome, "posts") == [1, 2])
        #expect(ids(outcome, "users") == [1, 2, 3, 4])
        #expect(outcome.resources.first { $0.name == "users" }?.parentsAdded == 2)
        #expect(outcome.resources.first { $0.name == "posts" }?.total == 250)
        #expect(outcome.relationsKept == 2)
        #expect(outcome.dangling == 0)
        // Children are not chased: the kept users' other posts stay out.
        let paths = await server.requests.map { $0.path }
        #expect(paths.filter { $0 == "/users/3" || $0 == "/users/4" }.count == 2)
        #expect(!paths.contains { $0.hasPrefix("/posts/") })
        #expect(outcome.requests == 4)
    }

    @Test func allTakesEveryPageWithOrWithoutATotal() async throws {
        for headers in [Set<String>(), EngineTestServer.pagingHeaders] {
            let server = try await EngineTestServer.start(
                database: Self.database(posts: 250), omittingHeaders: headers)
            let outcome = await walk(server, limit: nil)
            #expect(ids(outcome, "posts") == Array(1...250), "without \(headers)")
            #expect(ids(outcome, "users") == Array(1...5))
            #expect(outcome.relationsKept == 250)
            await server.stop()
        }
    }

    @Test func aLimitAcrossPagesStopsAtTheLimit() async throws {
        let server = try await EngineTestServer.start(database: Self.database(posts: 250))
        defer { Task { await server.stop() } }
        let outcome = await walk(server, limit: 130)
        #expect(ids(outcome, "posts") == Array(1...130))
        let pages = await server.requests.filter { $0.path == "/posts" }.compactMap(\.query)
        #expect(pages.sorted() == ["_page=1&_limit=100", "_page=2&_limit=100"])
    }

    @Test func noMoreRequestsAreInFlightThanTheBound() async throws {
        let server = try await EngineTestServer.start(database: Self.database(posts: 2_000))
        defer { Task { await server.stop() } }
        for bound in [1, 3] {
            let counting = CountingSource(APISnapshotSource(api: Self.service(server.baseURL)))
            let outcome = await walk(server, limit: nil, concurrency: bound, source: counting)
            #expect(ids(outcome, "posts").count == 2_000)
            #expect(counting.peak >= 1)
            #expect(counting.peak <= bound, "bound \(bound)")
        }
    }
}

/// A source that counts the requests in flight through it and the most at once.
final class CountingSource: SnapshotSource {
    private let inner: any SnapshotSource
    private let counts = Mutex((now: 0, peak: 0))

    init(_ inner: any SnapshotSource) { self.inner = inner }

    var peak: Int { counts.withLock { $0.peak } }

    private func counted<T>(_ body: () async throws(ServiceError) -> T) async throws(ServiceError) -> T {
        counts.withLock {
            $0.now += 1
            $0.peak = max($0.peak, $0.now)
        }
        defer { counts.withLock { $0.now -= 1 } }
        return try await body()
    }

    func records(_ resource: ResourceDescriptor, _ query: ListQuery) async throws(ServiceError) -> Listing<JSONValue> {
        try await counted { () throws(ServiceError) in try await inner.records(resource, query) }
    }

    func record(_ resource: ResourceDescriptor, id: String) async throws(ServiceError) -> JSONValue {
        try await counted { () throws(ServiceError) in try await inner.record(resource, id: id) }
    }
}
