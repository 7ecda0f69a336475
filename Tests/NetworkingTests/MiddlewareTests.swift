import Foundation
import Logging
import Networking
import TestSupport
import Testing

@Suite struct MiddlewareTests {
    @Test func bearerTokenIsSentOnTheWireButRedactedInTheLog() async throws {
        let server = try await TestHTTPServer.start { _ in .json("[]") }
        let lines = Recorder<CapturingLogHandler.Entry>()
        let client = NetworkClient(
            client: AsyncHTTPClientTransport(),
            middleware: [
                AuthMiddleware(token: "s3cret-token"),
                LoggingMiddleware(logger: CapturingLogHandler.logger(into: lines), describe: { "\($0)" }),
            ],
            retry: .never)
        let url = server.baseURL.appendingPathComponent("items")
        _ = try await client.send(
            request(.get, url) |> withQuery([URLQueryItem(name: "access_token", value: "s3cret-token")]))
        let received = try #require(await server.requests.first)
        #expect(received.header("authorization") == "Bearer s3cret-token")
        let logged = lines.all
        #expect(logged.count == 2)
        #expect(logged.allSatisfy { !$0.message.contains("s3cret") && !$0.metadata.contains("s3cret") })
        #expect(logged.contains { $0.metadata.contains("Authorization") && $0.metadata.contains("Bearer ***") })
        #expect(logged.first?.level == .debug)
        #expect(logged.last?.level == .info)
        #expect(logged.last?.message.contains("200 OK GET") == true)
        await server.stop()
    }

    @Test func failuresAreLoggedAtWarningInTheWordsTheAppGives() async throws {
        let url = try await TestHTTPServer.refusingURL()
        let lines = Recorder<CapturingLogHandler.Entry>()
        let describe: @Sendable (NetworkError) -> String = { error in
            guard case .cannotConnect(let host) = error else { return "other" }
            return "refused by \(host)"
        }
        let client = NetworkClient(
            client: AsyncHTTPClientTransport(),
            middleware: [LoggingMiddleware(logger: CapturingLogHandler.logger(into: lines), describe: describe)],
            retry: .never)
        _ = try? await client.send(request(.get, url))
        let last = try #require(lines.all.last)
        #expect(last.level == .warning)
        #expect(last.message.contains("refused by 127.0.0.1:\(url.port ?? 0)"))
    }

    @Test func aRetryIsLoggedWithTheFailureAndTheDelay() throws {
        let lines = Recorder<CapturingLogHandler.Entry>()
        let logging = LoggingMiddleware(
            logger: CapturingLogHandler.logger(into: lines), describe: { _ in "too slow" })
        let url = try #require(URL(string: "http://h/todos"))
        logging.willRetry(request(.get, url), after: .timeout(seconds: 1), attempt: 2, delay: 0.3)
        logging.willRetry(request(.get, url), after: .timeout(seconds: 1), attempt: 3, delay: 2)
        #expect(
            lines.all.map(\.message) == [
                "↻ GET http://h/todos failed (too slow); retrying in 0.3 s",
                "↻ GET http://h/todos failed (too slow); retrying in 2 s",
            ])
    }

    @Test func authMiddlewareKeepsAnExplicitAuthorizationHeader() async throws {
        let explicit = request(.get, URL(string: "http://h/")!) |> withBasicAuth(user: "a", password: "b")
        let prepared = try await AuthMiddleware(token: "t").prepare(explicit)
        #expect(prepared.headers["Authorization"] == explicit.headers["Authorization"])
        let none = try await AuthMiddleware(token: nil).prepare(request(.get, URL(string: "http://h/")!))
        #expect(!none.headers.contains("Authorization"))
    }

    @Test func activityCountRisesDuringARequestAndReturnsToZero() async throws {
        let (arrivals, arrived) = AsyncStream.makeStream(of: Void.self)
        let (gate, release) = AsyncStream.makeStream(of: Void.self)
        let server = try await TestHTTPServer.start { _ in
            arrived.yield()
            for await _ in gate {}
            return .json("[]")
        }
        let tracker = ActivityTracker()
        var updates = tracker.updates().makeAsyncIterator()
        #expect(await updates.next() == 0)
        let client = NetworkClient(
            client: AsyncHTTPClientTransport(), middleware: [ActivityMiddleware(tracker: tracker)], retry: .never)
        let url = server.baseURL
        let call = Task { try await client.send(request(.get, url)) }
        var arrivalIterator = arrivals.makeAsyncIterator()
        await arrivalIterator.next()
        #expect(tracker.inFlight == 1)
        #expect(await updates.next() == 1)
        release.finish()
        _ = try await call.value
        #expect(await updates.next() == 0)
        #expect(tracker.inFlight == 0)
        await server.stop()
    }

    @Test func cancellingTheTaskCancelsTheRequest() async throws {
        let (arrivals, arrived) = AsyncStream.makeStream(of: Void.self)
        let server = try await TestHTTPServer.start { _ in
            arrived.yield()
            // Never within the test: only a cancelled transfer ends before the timeout.
            return .json("[]", delay: .seconds(600))
        }
        let tracker = ActivityTracker()
        let client = NetworkClient(
            client: AsyncHTTPClientTransport(), middleware: [ActivityMiddleware(tracker: tracker)],
            retry: instantRetry())
        let url = server.baseURL
        let call = Task { () async throws(NetworkError) -> Response in
            try await client.send(request(.get, url) |> withTimeout(300))
        }
        var arrivalIterator = arrivals.makeAsyncIterator()
        await arrivalIterator.next()
        let started = ContinuousClock.now
        call.cancel()
        let result = await call.result
        #expect(throws: NetworkError.cancelled) { try result.get() }
        // A transfer that went on would end at its 300 s timeout (cancelled
        // then too); under two CPU hogs the cancel took 11 s to come back.
        #expect(ContinuousClock.now - started < .seconds(240), "not cancelled: it ran to its timeout")
        #expect(tracker.inFlight == 0)
        #expect(await server.hitCount(path: "/") == 1)
        await server.stop()
    }

    @Test func middlewarePreparesInOrderAndProcessesInReverse() async throws {
        struct Step: Middleware {
            let name: String
            let trail: Recorder<String>
            func prepare(_ request: Request) async throws(NetworkError) -> Request {
                trail.append("prepare \(name)")
                return request |> withHeader("X-Step", name)
            }
            func process(_ result: Result<Response, NetworkError>, for request: Request) async -> Result<
                Response, NetworkError
            > {
                trail.append("process \(name)")
                return result
            }
        }
        let server = try await TestHTTPServer.start { _ in TestHTTPResponse(status: 204) }
        let trail = Recorder<String>()
        let client = NetworkClient(
            client: AsyncHTTPClientTransport(),
            middleware: [Step(name: "a", trail: trail), Step(name: "b", trail: trail)],
            retry: .never)
        _ = try await client.send(request(.get, server.baseURL))
        #expect(trail.all == ["prepare a", "prepare b", "process b", "process a"])
        #expect(await server.requests.first?.header("X-Step") == "b")
        await server.stop()
    }
}
