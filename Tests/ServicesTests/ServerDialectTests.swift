import Foundation
import JSON
import JSONServerCore
import Logging
import Networking
import Services
import TestSupport
import Testing

/// The client learns a json-server v1 from its first answer and speaks v1
/// from then on (and in later runs); a v0 server is spoken to as before.
@Suite("Server dialects over real HTTP")
struct ServerDialectTests {
    static let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
    static let sampleData = BuiltProducts.packageRoot.appendingPathComponent("sample-data/db.json")

    static func service(_ base: URL, storage: any StorageService = InMemoryStorageService()) -> LiveAPIService {
        let network = NetworkClient(client: AsyncHTTPClientTransport(), retry: .never)
        let store = ResourceStore(
            network: network, storage: storage, namespace: "test|\(base.absoluteString)", logger: logger)
        return LiveAPIService(baseURL: base, network: network, store: store)
    }

    private func queries(_ server: EngineTestServer) async -> [String] {
        await server.requests.map { $0.query ?? "" }
    }

    @Test func aV1ServerIsLearntFromItsFirstPageAndAskedAgainInV1() async throws {
        let server = try await EngineTestServer.start(file: Self.sampleData, dialect: .v1)
        defer { Task { await server.stop() } }
        let api = Self.service(server.baseURL)
        let listing = try await api.records(.todos, ListQuery(page: 1, limit: 500))
        #expect(listing.items.count == 200)
        #expect(listing.totalCount == 200)
        #expect(await queries(server) == ["_page=1&_limit=500", "_page=1&_per_page=500"])
    }

    @Test func theObservedFirstPageSwitchesToV1WithoutShowingTheMisreadPage() async throws {
        let server = try await EngineTestServer.start(file: Self.sampleData, dialect: .v1)
        defer { Task { await server.stop() } }
        let api = Self.service(server.baseURL)
        let settled = await api.settledList(.todos, ListQuery(page: 1, limit: 500))
        #expect(settled?.listing?.items.count == 200)
        #expect(settled?.listing?.totalCount == 200)
        #expect(await queries(server).last == "_page=1&_per_page=500")
    }

    @Test func theDialectIsRememberedForTheNextRun() async throws {
        let server = try await EngineTestServer.start(file: Self.sampleData, dialect: .v1)
        defer { Task { await server.stop() } }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "trestle-dialect-\(UUID().uuidString).sqlite")
        defer { try? FileManager.default.removeItem(at: file) }
        _ = try await Self.service(server.baseURL, storage: try SQLiteStorageService(url: file, logger: Self.logger))
            .count(.todos, ListQuery())
        let before = await server.requests.count
        let restarted = Self.service(
            server.baseURL, storage: try SQLiteStorageService(url: file, logger: Self.logger))
        _ = try await restarted.records(.posts, ListQuery(page: 2, limit: 500))
        let sent = await queries(server)
        #expect(sent.count == before + 1)
        #expect(sent.last == "_page=2&_per_page=500")
    }

    @Test func sortSearchAndCountSpeakV1() async throws {
        let server = try await EngineTestServer.start(file: Self.sampleData, dialect: .v1)
        defer { Task { await server.stop() } }
        let api = Self.service(server.baseURL)
        #expect(try await api.count(.photos, ListQuery()) == 5000)
        let sorted = try await api.records(
            .photos, ListQuery(sort: [.init("title", descending: true)], page: 1, limit: 500))
        let titles = sorted.items.compactMap { $0["title"]?.stringValue }
        #expect(titles.count == 500)
        #expect(titles == titles.sorted(by: >))
        #expect(await queries(server).last == "_sort=-title&_page=1&_per_page=500")

        let found = try await api.records(.photos, ListQuery(page: 1, limit: 500, search: "lantern"))
        #expect(!found.items.isEmpty)
        #expect(found.items.allSatisfy { ($0["title"]?.stringValue ?? "").contains("lantern") })
        let last = try #require(await server.requests.last?.queryItems.first { $0.name == "_where" }?.value)
        #expect(last.contains(#""contains":"lantern""#))
        #expect(last.contains(#""or""#))
    }

    @Test func aV0ServerKeepsV0Queries() async throws {
        let server = try await EngineTestServer.start(file: Self.sampleData)
        defer { Task { await server.stop() } }
        let api = Self.service(server.baseURL)
        _ = try await api.records(.todos, ListQuery(sort: [.init("title", descending: true)], page: 2, limit: 50))
        #expect(await queries(server) == ["_sort=title&_order=desc&_page=2&_limit=50"])
    }

    @Test func v1QueryItemsNestDottedSearchFields() {
        let items = ListQuery(filters: [.init("userId", "3")], page: 1, limit: 20, search: "ada")
            .queryItems(for: .v1, searchFields: ["name", "address.city"])
        #expect(items.map(\.name) == ["userId", "_page", "_per_page", "_where"])
        #expect(
            items.last?.value
                == #"{"or":[{"name":{"contains":"ada"}},{"address":{"city":{"contains":"ada"}}}]}"#)
    }
}

extension ResourceDescriptor {
    fileprivate static var posts: ResourceDescriptor { ResourceCatalog.jsonPlaceholder.descriptor(for: "posts") }
    fileprivate static var photos: ResourceDescriptor { ResourceCatalog.jsonPlaceholder.descriptor(for: "photos") }
}

@Suite("Filter operators in both dialects")
struct FilterOperatorQueryTests {
    let filters = [
        ListQuery.Filter("year", "1990", .greaterOrEqual), ListQuery.Filter("year", "2000", .less),
        ListQuery.Filter("title", "a.b", .contains), ListQuery.Filter("id", "1,2,3", .oneOf),
        ListQuery.Filter("status", "lost", .notEqual), ListQuery.Filter("author.name", "Ada"),
    ]

    @Test func v0UsesTheUnderscoreSuffixesAndRepeatedNames() {
        let items = ListQuery(filters: filters).queryItems(for: .v0, searchFields: [])
        #expect(
            items.map { "\($0.name)=\($0.value ?? "")" } == [
                "year_gte=1990", "year_lte=2000", "year_ne=2000", #"title_like=a\.b"#, "id=1", "id=2", "id=3",
                "status_ne=lost", "author.name=Ada",
            ])
    }

    @Test func v1UsesColonOperators() {
        let items = ListQuery(filters: filters).queryItems(for: .v1, searchFields: [])
        #expect(
            items.map { "\($0.name)=\($0.value ?? "")" } == [
                "year:gte=1990", "year:lt=2000", "title:contains=a.b", "id:in=1,2,3", "status:ne=lost",
                "author.name=Ada",
            ])
    }

    @Test func bothDialectsSelectTheSameRecordsOnTheEngine() async throws {
        let query = ListQuery(filters: [
            ListQuery.Filter("userId", "3", .greaterOrEqual), ListQuery.Filter("userId", "5", .less),
            ListQuery.Filter("title", "AR", .contains), ListQuery.Filter("completed", "true", .notEqual),
        ])
        var found: [[String]] = []
        for dialect in [JSONServerDialect.v0, .v1] {
            let server = try await EngineTestServer.start(file: ServerDialectTests.sampleData, dialect: dialect)
            let api = ServerDialectTests.service(server.baseURL)
            let listing = try await api.records(.todos, query)
            found.append(listing.items.compactMap { $0["id"]?.scriptString })
            #expect(
                listing.items.allSatisfy { item in
                    let user = item["userId"]?.intValue ?? 0
                    return (3..<5).contains(user) && item["completed"] == false
                        && (item["title"]?.stringValue ?? "").lowercased().contains("ar")
                })
            await server.stop()
        }
        #expect(!found[0].isEmpty)
        #expect(found[0] == found[1])
    }
}

@Suite("Object resources and discovery over real HTTP")
struct ObjectResourceServiceTests {
    static let db = #"{"posts": [{"id": 1, "title": "a"}], "profile": {"name": "Demo", "visits": 3}, "tags": []}"#

    @Test(arguments: [JSONServerDialect.v0, .v1])
    func theServiceNamesItsCollectionsAndObjects(_ dialect: JSONServerDialect) async throws {
        let server = try await EngineTestServer.start(json: Self.db, dialect: dialect)
        defer { Task { await server.stop() } }
        let found = await ServerDialectTests.service(server.baseURL).discoverResources()
        #expect(
            found == [
                DiscoveredResource(name: "posts", isObject: false), DiscoveredResource(name: "profile", isObject: true),
                DiscoveredResource(name: "tags", isObject: false),
            ])
    }

    @Test func aServerWithoutDbNamesNothing() async throws {
        let server = try await TestHTTPServer.start { _ in TestHTTPResponse(status: 404) }
        defer { Task { await server.stop() } }
        #expect(await ServerDialectTests.service(server.baseURL).discoverResources().isEmpty)
    }

    @Test(arguments: [JSONServerDialect.v0, .v1])
    func anObjectIsReadAtItsNameAndPatchedThere(_ dialect: JSONServerDialect) async throws {
        let server = try await EngineTestServer.start(json: Self.db, dialect: dialect)
        defer { Task { await server.stop() } }
        let api = ServerDialectTests.service(server.baseURL)
        let profile = ResourceDescriptor.object(named: "profile")
        #expect(try await api.record(profile, id: "") == ["name": "Demo", "visits": 3])
        let saved = try await api.update(profile, id: "", ["visits": 4])
        #expect(saved == ["name": "Demo", "visits": 4])
        let sent = await server.requests.map { "\($0.method) \($0.path)" }
        #expect(sent == ["GET /profile", "PATCH /profile"])
        #expect(try await api.record(profile, id: "")["visits"] == 4)
    }
}

/// The store asks storage for the service's dialect once per run: learning
/// it from the first answer must not read the cache again (on a first run
/// that read would wait for the cache to open behind that answer's write).
@Suite("The stored dialect, read once")
struct StoredDialectReadOnceTests {
    /// Storage in memory that counts the dialect reads.
    actor CountingStorage: StorageService {
        private let inner = InMemoryStorageService()
        private(set) var dialectReads = 0

        func cachedResponse(forKey key: String) async -> CachedResponse? { await inner.cachedResponse(forKey: key) }
        func store(_ response: CachedResponse) async { await inner.store(response) }
        func removeResponse(forKey key: String) async { await inner.removeResponse(forKey: key) }
        func invalidateResponses(withPrefix prefix: String) async {
            await inner.invalidateResponses(withPrefix: prefix)
        }
        func recordVisit(_ entry: HistoryEntry) async { await inner.recordVisit(entry) }
        func recentVisits(limit: Int) async -> [HistoryEntry] { await inner.recentVisits(limit: limit) }
        func serverDialect(forService service: String) async -> ServerDialect? {
            dialectReads += 1
            return await inner.serverDialect(forService: service)
        }
        func rememberServerDialect(_ dialect: ServerDialect, forService service: String) async {
            await inner.rememberServerDialect(dialect, forService: service)
        }
        func appendRequests(_ requests: [StoredRequest], keeping limit: Int) async {
            await inner.appendRequests(requests, keeping: limit)
        }
        func recentRequests(namespace: String, limit: Int) async -> [StoredRequest] {
            await inner.recentRequests(namespace: namespace, limit: limit)
        }
        func flush() async {}
    }

    private func store(over storage: CountingStorage) -> ResourceStore {
        ResourceStore(
            network: NetworkClient(client: AsyncHTTPClientTransport(), retry: .never), storage: storage,
            namespace: "test|http://127.0.0.1:9", logger: ServerDialectTests.logger)
    }

    @Test func nothingStoredIsNotAskedForAgain() async {
        let storage = CountingStorage()
        let store = store(over: storage)
        #expect(await store.knownServerDialect() == nil)
        #expect(await store.knownServerDialect() == nil)
        #expect(await store.learn(.v1))
        #expect(await store.serverDialect() == .v1)
        #expect(await storage.dialectReads == 1)
    }

    @Test func aStoredDialectIsReadOnce() async {
        let storage = CountingStorage()
        await storage.rememberServerDialect(.v1, forService: "test|http://127.0.0.1:9")
        let store = store(over: storage)
        #expect(await store.serverDialect() == .v1)
        #expect(await store.learn(.v1) == false)
        #expect(await storage.dialectReads == 1)
    }
}
