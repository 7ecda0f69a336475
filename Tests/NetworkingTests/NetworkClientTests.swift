import Foundation
import Networking
import TestSupport
import Testing

/// `NetworkClient` over `AsyncHTTPClientTransport` against a real server on 127.0.0.1.
@Suite struct NetworkClientTests {
    @Test func a503ThenA200SucceedsAfterOneRetry() async throws {
        let calls = Counter()
        let server = try await TestHTTPServer.start { _ in
            calls.next() == 1 ? .text("busy", status: 503) : .json(#"{"id":1,"title":"a"}"#)
        }
        let delays = Recorder<Double>()
        let client = NetworkClient(client: AsyncHTTPClientTransport(), retry: instantRetry(delays: delays))
        let response = try await client.send(request(.get, server.baseURL.appendingPathComponent("items/1")))
        #expect(response.status == 200)
        #expect(try response.decode(Item.self) == Item(id: 1, title: "a"))
        #expect(await server.hitCount(path: "/items/1") == 2)
        #expect(delays.all == [0.5])
        await server.stop()
    }

    @Test func aPostAnswered503IsNotRetried() async throws {
        let server = try await TestHTTPServer.start { _ in .text("busy", status: 503) }
        let client = NetworkClient(client: AsyncHTTPClientTransport(), retry: instantRetry())
        let post = request(.post, server.baseURL.appendingPathComponent("items")) |> withJSONBody(Data("{}".utf8))
        await #expect(throws: NetworkError.status(code: 503, excerpt: "busy")) {
            try await client.send(post)
        }
        #expect(await server.hitCount(path: "/items") == 1)
        await server.stop()
    }

    @Test func retryAfterFromTheServerSetsTheDelay() async throws {
        let calls = Counter()
        let server = try await TestHTTPServer.start { _ in
            calls.next() == 1 ? TestHTTPResponse(status: 429, headers: [("Retry-After", "3")]) : .json("[]")
        }
        let delays = Recorder<Double>()
        let client = NetworkClient(client: AsyncHTTPClientTransport(), retry: instantRetry(delays: delays))
        _ = try await client.send(request(.get, server.baseURL.appendingPathComponent("items")))
        #expect(delays.all == [3])
        await server.stop()
    }

    @Test func aSlowServerGivesTimeoutWithItsMessage() async throws {
        let server = try await TestHTTPServer.start { _ in .json("[]", delay: .seconds(3)) }
        let client = NetworkClient(client: AsyncHTTPClientTransport(), retry: .never)
        let slow = request(.get, server.baseURL.appendingPathComponent("slow")) |> withTimeout(0.3)
        // Without the timeout the answer would arrive after 3 s, and no error.
        await #expect(throws: NetworkError.timeout(seconds: 0.3)) {
            try await client.send(slow)
        }
        await server.stop()
    }

    @Test func aRefusedConnectionGivesCannotConnectWithItsMessage() async throws {
        let url = try await TestHTTPServer.refusingURL()
        let client = NetworkClient(client: AsyncHTTPClientTransport(), retry: .never)
        let host = "127.0.0.1:\(url.port ?? 0)"
        await #expect(throws: NetworkError.cannotConnect(host: host)) {
            try await client.send(request(.get, url.appendingPathComponent("todos")))
        }
    }

    @Test func aWrongTypeGivesDecodingErrorNamingTheField() async throws {
        let server = try await TestHTTPServer.start { _ in .json(#"[{"id":1,"title":"a"},{"id":2,"title":5}]"#) }
        let client = NetworkClient(client: AsyncHTTPClientTransport(), retry: .never)
        let base = server.baseURL
        do {
            _ = try await client.decode([Item].self, from: ExampleEndpoint.list(base: base, page: 1))
            Issue.record("decoding should have failed")
        } catch {
            guard case .decoding(let path, let reason) = error else {
                Issue.record("expected .decoding, got \(error)")
                return
            }
            #expect(path == "[1].title")
            #expect(reason.hasPrefix("expected String"))
        }
        await server.stop()
    }

    @Test func malformedJSONAndMissingNestedKeysAreNamed() throws {
        let url = URL(string: "http://h/x")!
        struct Geo: Decodable { let lat: String }
        struct Address: Decodable { let geo: Geo }
        struct User: Decodable { let address: Address }
        let broken = Response(status: 200, body: Data("[{\"id\":1,".utf8), url: url)
        #expect(throws: NetworkError.decoding(path: "", reason: "not valid JSON")) {
            try broken.decode([Item].self)
        }
        let missing = Response(status: 200, body: Data(#"{"address":{"geo":{}}}"#.utf8), url: url)
        #expect(throws: NetworkError.decoding(path: "address.geo.lat", reason: "missing")) {
            try missing.decode(User.self)
        }
    }

    @Test func notModifiedReachesTheCallerWhenValidationAcceptsIt() async throws {
        let server = try await TestHTTPServer.start { request in
            if request.header("If-None-Match") == "W/\"v1\"" { return TestHTTPResponse(status: 304) }
            return .json("[]", headers: [("ETag", "W/\"v1\"")])
        }
        let client = NetworkClient(client: AsyncHTTPClientTransport(), retry: .never)
        let url = server.baseURL.appendingPathComponent("items")
        let first = try await client.send(request(.get, url))
        let etag = try #require(first.etag)
        let conditional = request(.get, url) |> withIfNoneMatch(etag)
        let second = try await client.send(conditional, validation: .successOrNotModified)
        #expect(second.status == 304)
        #expect(second.isNotModified)
        #expect(second.body.isEmpty)
        await #expect(throws: NetworkError.status(code: 304, excerpt: "")) {
            try await client.send(conditional)
        }
        await server.stop()
    }

    @Test func statusErrorsCarryAOneLineExcerptAndAReadableMessage() async throws {
        let body = "line one\nline\ttwo\u{1B}[31m " + String(repeating: "x", count: 300)
        let server = try await TestHTTPServer.start { _ in .text(body, status: 503) }
        let client = NetworkClient(client: AsyncHTTPClientTransport(), retry: .never)
        do {
            _ = try await client.send(request(.get, server.baseURL))
            Issue.record("expected a status error")
        } catch {
            guard case .status(503, let excerpt) = error else {
                Issue.record("expected .status(503), got \(error)")
                return
            }
            #expect(excerpt.count <= 120)
            #expect(excerpt.hasPrefix("line one line two [31m xxx"))
            #expect(!excerpt.contains { $0.isNewline || $0 == "\u{1B}" || $0 == "\t" })
        }
        await server.stop()
    }

    @Test func pagingHeadersFromTheServerAreExposed() async throws {
        let server = try await TestHTTPServer.start { _ in
            .json("[]", headers: [("X-Total-Count", "42"), ("Link", "<http://x/items?_page=2>; rel=\"next\"")])
        }
        let client = NetworkClient(client: AsyncHTTPClientTransport(), retry: .never)
        let page = try await client.send(ExampleEndpoint.list(base: server.baseURL, page: 1)).pageInfo
        #expect(page.totalCount == 42)
        #expect(page.next?.absoluteString == "http://x/items?_page=2")
        #expect(await server.requests.first?.query == "_page=1")
        await server.stop()
    }
}
