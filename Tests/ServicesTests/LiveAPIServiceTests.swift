import Foundation
import Logging
import Networking
import Services
import TestSupport
import Testing

/// The live service against a real HTTP server on 127.0.0.1.
@Suite("Live API service over real HTTP")
struct LiveAPIServiceTests {
    static let todosJSON = String(decoding: (try? JSONEncoder().encode(Fixtures.todos)) ?? Data(), as: UTF8.self)
    static let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }

    static func service(
        _ base: URL, storage: any StorageService = InMemoryStorageService(), hint: ErrorHint = .none
    ) -> LiveAPIService {
        let network = NetworkClient(client: URLSessionHTTPClient(), retry: .never)
        let store = ResourceStore(network: network, storage: storage, namespace: "test", logger: logger)
        return LiveAPIService(baseURL: base, network: network, store: store, hint: hint)
    }

    /// A server that tags `/todos` with an ETag and answers 304 when it matches.
    static func etagServer() async throws -> TestHTTPServer {
        try await TestHTTPServer.start { request in
            if request.header("If-None-Match") == "W/\"v1\"" { return TestHTTPResponse(status: 304) }
            return .json(todosJSON, headers: [("ETag", "W/\"v1\""), ("X-Total-Count", "5")])
        }
    }

    @Test func aReloadSendsIfNoneMatchAndReusesTheStoredBodyOn304() async throws {
        let server = try await Self.etagServer()
        defer { Task { await server.stop() } }
        let api = Self.service(server.baseURL)
        let first = try await api.todos(ListQuery())
        let second = try await api.todos(ListQuery())
        #expect(first.origin == .network)
        #expect(second.origin == .revalidated)
        #expect(second.items == Fixtures.todos)
        #expect(second.totalCount == 5)
        let sent = await server.requests.map { $0.header("If-None-Match") }
        #expect(sent == [nil, "W/\"v1\""])
    }

    @Test func theETagIsSentAgainAfterARestart() async throws {
        let server = try await Self.etagServer()
        defer { Task { await server.stop() } }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "trestle-live-\(UUID().uuidString).sqlite")
        _ = try await Self.service(server.baseURL, storage: try SQLiteStorageService(url: file, logger: Self.logger))
            .todos(ListQuery())
        let restarted = Self.service(server.baseURL, storage: try SQLiteStorageService(url: file, logger: Self.logger))
        #expect(await restarted.currentTodoList()?.listing?.items == Fixtures.todos)
        #expect(try await restarted.todos(ListQuery()).origin == .revalidated)
        #expect(await server.requests.last?.header("If-None-Match") == "W/\"v1\"")
    }

    @Test func concurrentLoadsOfOneURLReachTheServerOnce() async throws {
        let server = try await TestHTTPServer.start { _ in .json(Self.todosJSON, delay: .milliseconds(300)) }
        defer { Task { await server.stop() } }
        let api = Self.service(server.baseURL)
        async let a = api.todos(ListQuery())
        async let b = api.todos(ListQuery())
        async let c = api.todos(ListQuery())
        let results = try await [a, b, c]
        #expect(results.allSatisfy { $0.items.count == 5 })
        #expect(await server.hitCount(path: "/todos") == 1)
    }

    @Test func aRefusedConnectionIsOfflineWithAHint() async throws {
        let api = Self.service(try await TestHTTPServer.refusingURL(), hint: .whenUnreachable("start `trestle serve`"))
        do {
            _ = try await api.todos(ListQuery())
            Issue.record("expected a failure")
        } catch {
            #expect(error.kind == .offline)
            #expect(error.message.contains("start `trestle serve`"))
            #expect(!error.message.contains("\n"))
        }
    }

    @Test func cachedDataRemainsWhenTheServerGoesAway() async throws {
        let server = try await Self.etagServer()
        let storage = InMemoryStorageService()
        let api = Self.service(server.baseURL, storage: storage)
        _ = try await api.todos(ListQuery())
        await server.stop()
        await #expect(throws: ServiceError.self) { try await api.todos(ListQuery()) }
        #expect(await api.currentTodoList()?.listing?.items == Fixtures.todos)
    }

    @Test func malformedDataNamesThePath() async throws {
        let server = try await TestHTTPServer.start { _ in
            .json(
                #"[{"userId":1,"id":1,"title":"ok","completed":false},{"userId":1,"id":2,"title":7,"completed":true}]"#)
        }
        defer { Task { await server.stop() } }
        do {
            _ = try await Self.service(server.baseURL).todos(ListQuery())
            Issue.record("expected a failure")
        } catch {
            #expect(error.kind == .badData)
            #expect(error.message.contains("[1].title"))
        }
    }

    @Test func aPatchSendsJSONAndInvalidatesTheList() async throws {
        let server = try await TestHTTPServer.start { request in
            if request.method == "PATCH" {
                return .json(#"{"userId":1,"id":1,"title":"buy milk","completed":true}"#)
            }
            return .json(Self.todosJSON, headers: [("ETag", "W/\"v1\"")])
        }
        defer { Task { await server.stop() } }
        let api = Self.service(server.baseURL)
        _ = try await api.todos(ListQuery())
        let updated = try await api.updateTodo(id: 1, TodoPatch(completed: true))
        #expect(updated.completed)
        let patch = await server.requests.first { $0.method == "PATCH" }
        #expect(patch?.path == "/todos/1")
        #expect(String(decoding: patch?.body ?? Data(), as: UTF8.self) == #"{"completed":true}"#)
        _ = try await api.todos(ListQuery())
        #expect(await server.requests.last?.header("If-None-Match") == nil)
    }
}

@Suite("Observed resource state over real HTTP")
struct ResourceObservationTests {
    @Test func twoObserversOfOneListShareOneRequestAndSeeTheSameData() async throws {
        let server = try await TestHTTPServer.start { _ in
            .json(LiveAPIServiceTests.todosJSON, delay: .milliseconds(200))
        }
        defer { Task { await server.stop() } }
        let api = LiveAPIServiceTests.service(server.baseURL)
        async let first = api.settledTodoList(force: false)
        async let second = api.settledTodoList(force: false)
        let (a, b) = await (first, second)
        #expect(a?.listing?.items == Fixtures.todos)
        #expect(b?.listing?.items == Fixtures.todos)
        #expect(await server.hitCount(path: "/todos") == 1)
    }

    @Test func aFailedReloadKeepsTheDataBesideTheError() async throws {
        let server = try await TestHTTPServer.start { _ in .json(LiveAPIServiceTests.todosJSON) }
        let api = LiveAPIServiceTests.service(server.baseURL)
        let loaded = await api.settledTodoList()
        #expect(loaded?.listing?.origin == .network)
        await server.stop()
        let failed = await api.settledTodoList()
        #expect(failed?.listing?.items == Fixtures.todos)
        #expect(failed?.error?.kind == .offline)
    }

    @Test func freshDataIsNotFetchedAgainUnlessForced() async throws {
        let server = try await TestHTTPServer.start { _ in .json(LiveAPIServiceTests.todosJSON) }
        defer { Task { await server.stop() } }
        let api = LiveAPIServiceTests.service(server.baseURL)
        _ = await api.settledTodoList(force: false)
        await api.refreshTodos(ListQuery(), force: false)
        #expect(await server.hitCount(path: "/todos") == 1)
        await api.refreshTodos(ListQuery(), force: true)
        #expect(await server.hitCount(path: "/todos") == 2)
    }
}
