import Foundation
import JSON
import Networking
import Services
import TestSupport
import Testing

/// An answer that does not decode must not stick: found by the fault corpus
/// (a reload under "titles as numbers", then the server well again, still
/// showed the error, because the bad body was stored with the server's
/// entity tag and every later reload got a 304 for it).
@Suite("Undecodable answers are not kept")
struct UndecodableAnswerTests {
    /// The second answer is a list with a number for a title; every answer
    /// carries the same entity tag, and a matching `If-None-Match` gets a 304.
    static func serverSpoilingTheSecondAnswer() async throws -> TestHTTPServer {
        let count = RequestCounter()
        return try await TestHTTPServer.start { request in
            let number = count.next()
            if number != 2, request.header("If-None-Match") == "W/\"v1\"" { return TestHTTPResponse(status: 304) }
            let body =
                number == 2
                ? #"[{"userId": 1, "id": 1, "title": 12345, "completed": false}]"# : LiveAPIServiceTests.todosJSON
            return .json(body, headers: [("ETag", "W/\"v1\"")])
        }
    }

    @Test func aListThatDidNotDecodeIsAskedForAgainUnconditionally() async throws {
        let server = try await Self.serverSpoilingTheSecondAnswer()
        defer { Task { await server.stop() } }
        let api = LiveAPIServiceTests.service(server.baseURL)
        #expect(try await api.records(.todos, ListQuery()).items == Fixtures.todoRecords)
        await #expect(throws: ServiceError.self) { try await api.records(.todos, ListQuery()) }
        let third = try await api.records(.todos, ListQuery())
        #expect(third.items == Fixtures.todoRecords)
        #expect(third.origin == .network)
        #expect(await server.requests.last?.header("If-None-Match") == nil)
    }

    @Test func anObservedListRecoversOnTheReloadAfterBadData() async throws {
        let server = try await Self.serverSpoilingTheSecondAnswer()
        defer { Task { await server.stop() } }
        let api = LiveAPIServiceTests.service(server.baseURL)
        #expect(await api.settledList(.todos)?.listing?.items == Fixtures.todoRecords)
        let spoiled = await api.settledList(.todos)
        #expect(spoiled?.error?.kind == .badData)
        let recovered = await api.settledList(.todos)
        #expect(recovered?.error == nil)
        #expect(recovered?.listing?.items == Fixtures.todoRecords)
    }

    @Test func anUndecodableAnswerIsNotKeptForOfflineUse() async throws {
        let server = try await TestHTTPServer.start { _ in .json(#"[{"id": 1, "title": 7}]"#) }
        defer { Task { await server.stop() } }
        let storage = InMemoryStorageService()
        let api = LiveAPIServiceTests.service(server.baseURL, storage: storage)
        await #expect(throws: ServiceError.self) { try await api.records(.todos, ListQuery()) }
        let restarted = LiveAPIServiceTests.service(server.baseURL, storage: storage)
        // Nothing stored: no listing, and no stored body that fails again.
        let seeded = await restarted.currentList(.todos)
        #expect(seeded?.listing == nil)
        #expect(seeded?.error == nil)
    }

    @Test func aDeleteAnsweredWithAnHTMLPageIsNotReportedDone() async throws {
        let server = try FaultHTTPServer.start(
            json: #"{"todos": [{"userId": 1, "id": 1, "title": "a", "completed": false}]}"#)
        defer { server.stop() }
        server.inject(FaultRule(.htmlPage(status: 200), method: "DELETE"))
        let api = LiveAPIServiceTests.service(try #require(URL(string: server.baseURLString)))
        await #expect(throws: ServiceError.self) { try await api.delete(.todos, id: "1") }
        server.clearFaults()
        #expect(try await api.record(.todos, id: "1").objectValue?["title"] == .string("a"))
    }

    @Test func aDeleteAnsweredEmptyOrWithJSONIsDone() async throws {
        let server = try FaultHTTPServer.start(
            json:
                #"{"todos": [{"userId": 1, "id": 1, "title": "a", "completed": false}, {"userId": 1, "id": 2, "title": "b", "completed": false}]}"#
        )
        defer { server.stop() }
        let api = LiveAPIServiceTests.service(try #require(URL(string: server.baseURLString)))
        try await api.delete(.todos, id: "1")
        server.inject(FaultRule(.emptyBody, method: "DELETE"))
        try await api.delete(.todos, id: "2")
        #expect(server.count("DELETE") == 2)
    }
}

/// Numbers the requests a test server answers (1 for the first).
private final class RequestCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func next() -> Int {
        lock.withLock {
            count += 1
            return count
        }
    }
}
