import Foundation
import Logging
import Networking
import TestSupport
import Testing

@testable import Services

/// A request nobody waits for any more is cancelled — the transfer too, as
/// the server sees — and one that someone still waits for goes on.
@Suite("Resource store: a request nobody waits for is cancelled")
struct ResourceStoreCancelTests {
    static let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }

    /// `/todos` on a real server that sends 100 kB of a 1 MB answer and holds
    /// the rest until the client closes the connection.
    struct Held {
        let server: HoldingHTTPServer
        let transport: AsyncHTTPClientTransport
        let store: ResourceStore
        let request: Request

        static func start() throws -> Held {
            let body = Data(repeating: UInt8(ascii: " "), count: 1_000_000)
            let server = try HoldingHTTPServer.start { _ in
                .hold(
                    TestHTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: body),
                    sendingFirst: 100_000)
            }
            let transport = AsyncHTTPClientTransport()
            let store = ResourceStore(
                network: NetworkClient(client: transport, retry: .never), storage: InMemoryStorageService(),
                namespace: "test", logger: logger, stopGrace: .zero)
            return Held(
                server: server, transport: transport, store: store,
                // A deadline far beyond the waits below: only a cancellation closes the connection.
                request: Request(method: .get, url: server.baseURL.appendingPathComponent("todos"), timeout: 600))
        }

        func stop() async {
            await server.stop()
            await transport.shutdown()
        }

        /// Waits (30 s at most) until the store's interest in the request is `expected`.
        func interestBecomes(waiting: Int?, observing: Int) async -> Bool {
            let deadline = ContinuousClock.now + .seconds(120)
            while ContinuousClock.now < deadline {
                let now = await store.interest(in: request)
                if now.waiting == waiting, now.observing == observing { return true }
                try? await Task.sleep(for: .milliseconds(2))
            }
            return false
        }

        /// Observes the request's resource until the returned task is cancelled.
        func observer() -> Task<Void, Never> {
            Task {
                for await _ in await store.observe(request) {}
            }
        }
    }

    @Test func aLoadWhoseTaskIsCancelledCancelsItsRequest() async throws {
        let held = try Held.start()
        let load = Task { try await held.store.load(held.request) }
        #expect(await held.server.holds(reach: 1))
        load.cancel()
        #expect(await held.server.closesWhileHolding(reach: 1), "the server never saw the connection close")
        #expect(await held.interestBecomes(waiting: nil, observing: 0), "the cancelled request is still the URL's")
        await held.stop()
        await #expect(throws: NetworkError.cancelled) { try await load.value }
    }

    @Test func aSharedRequestGoesOnWhileAnotherLoadWaitsForIt() async throws {
        let held = try Held.start()
        let first = Task { try await held.store.load(held.request) }
        let second = Task { try await held.store.load(held.request) }
        #expect(await held.server.holds(reach: 1))
        #expect(await held.interestBecomes(waiting: 2, observing: 0))
        first.cancel()
        // The store has taken the first load out: the request is still in flight, waited for by one.
        #expect(await held.interestBecomes(waiting: 1, observing: 0), "the request was cancelled for everyone")
        #expect(held.server.closedWhileHolding == 0)
        second.cancel()
        #expect(await held.server.closesWhileHolding(reach: 1))
        #expect(held.server.hitCount(path: "/todos") == 1, "the two loads shared one request")
        await held.stop()
    }

    @Test func aScreensLoadStopsWhenItAndTheLastObserverAreGone() async throws {
        let held = try Held.start()
        let screen = held.observer()
        let other = held.observer()
        #expect(await held.interestBecomes(waiting: nil, observing: 2))
        let reload = Task { await held.store.reload(held.request) }
        #expect(await held.server.holds(reach: 1))
        #expect(await held.interestBecomes(waiting: 1, observing: 2))
        // The screen stops its load (Esc): the observers still want the answer.
        reload.cancel()
        #expect(await held.interestBecomes(waiting: 0, observing: 2))
        other.cancel()
        #expect(await held.interestBecomes(waiting: 0, observing: 1), "one observer left: the request goes on")
        #expect(held.server.closedWhileHolding == 0)
        screen.cancel()
        #expect(await held.server.closesWhileHolding(reach: 1), "the server never saw the connection close")
        await held.stop()
        await reload.value
        let state = await held.store.states[held.store.key(for: held.request)]
        #expect(state?.isLoading == false)
        #expect(state?.error == nil, "a stopped load is not the resource's error")
    }

    /// The first list's load at start begins before its screen observes:
    /// it is not stopped for want of observers until one came and went.
    @Test func aLoadBeforeAnyObserverWaitsForOneAndStopsWhenItLeaves() async throws {
        let held = try Held.start()
        let prefetch = Task { await held.store.reload(held.request) }
        #expect(await held.server.holds(reach: 1))
        #expect(await held.interestBecomes(waiting: 1, observing: 0), "the load before any screen is not counted")
        let screen = held.observer()
        #expect(await held.interestBecomes(waiting: 0, observing: 1), "the screen did not take the load over")
        screen.cancel()
        #expect(await held.server.closesWhileHolding(reach: 1), "the server never saw the connection close")
        await held.stop()
        await prefetch.value
    }
}
