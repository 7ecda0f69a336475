import Foundation
import Logging
import Networking
import Synchronization
import TestSupport
import Testing

@testable import Services

/// A reload the user asks for sees every write that reached the server
/// before it, even while an earlier request of the same URL is in flight.
@Suite("Resource store: reloads while a request is in flight")
struct ResourceStoreReloadTests {
    static let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }

    /// `/todos` on a real server: each answer names the version the data
    /// had when its request arrived; the first request is held until released.
    struct HeldServer {
        /// The server's data version and how many requests it has seen.
        final class Counts: Sendable {
            let version = Mutex(1)
            let requests = Mutex(0)
        }

        let server: TestHTTPServer
        let counts: Counts
        let release: AsyncStream<Void>.Continuation
        let arrivals: AsyncStream<Int>
        let store: ResourceStore
        let request: Request

        static func start() async throws -> HeldServer {
            let (held, release) = AsyncStream.makeStream(of: Void.self)
            let (arrivals, arrived) = AsyncStream.makeStream(of: Int.self)
            let counts = Counts()
            let server = try await TestHTTPServer.start { _ in
                let seen = counts.version.withLock { $0 }
                let number = counts.requests.withLock { value in
                    value += 1
                    return value
                }
                arrived.yield(seen)
                if number == 1 {
                    for await _ in held { break }
                }
                return .json(#"[{"userId":1,"id":1,"title":"v\#(seen)","completed":false}]"#)
            }
            let network = NetworkClient(client: AsyncHTTPClientTransport(), retry: .never)
            let store = ResourceStore(
                network: network, storage: InMemoryStorageService(), namespace: "test", logger: logger)
            let request = Request(method: .get, url: server.baseURL.appendingPathComponent("todos"))
            return HeldServer(
                server: server, counts: counts, release: release, arrivals: arrivals, store: store,
                request: request)
        }

        /// Starts `load`, waits until its request is held at the server
        /// (which then has version 1), and lets a write land there: the
        /// data is version 2 for every later request.
        func firstLoadHeldThenWrite<Value: Sendable>(
            _ load: @escaping @Sendable () async throws -> Value
        ) async -> Task<Value, any Error> {
            let first = Task { try await load() }
            var arrived = arrivals.makeAsyncIterator()
            #expect(await arrived.next() == 1)
            counts.version.withLock { $0 = 2 }
            return first
        }

        /// Whether the server has seen `count` requests within 30 s.
        func requestsReach(_ count: Int) async -> Bool {
            await Self.within30Seconds { await server.hitCount(path: "/todos") >= count }
        }

        /// Whether a load is queued behind the request in flight within 30 s.
        func queuedBehind() async -> Bool {
            await Self.within30Seconds { await store.hasQueuedRequest(request) }
        }

        private static func within30Seconds(_ condition: () async -> Bool) async -> Bool {
            let deadline = ContinuousClock.now + .seconds(120)
            while await !condition() {
                if ContinuousClock.now > deadline { return false }
                try? await Task.sleep(for: .milliseconds(1))
            }
            return true
        }
    }

    static func title(_ loaded: LoadedResource) -> String {
        String(decoding: loaded.body, as: UTF8.self).components(separatedBy: "\"title\":\"")[1]
            .components(separatedBy: "\"")[0]
    }

    @Test func aReloadAskedWhileARequestIsInFlightIsAnsweredByALaterRequest() async throws {
        let held = try await HeldServer.start()
        defer { Task { await held.server.stop() } }
        // A write lands on the server while the first request is held.
        let first = await held.firstLoadHeldThenWrite { try await held.store.load(held.request) }
        let shared = Task { try await held.store.load(held.request) }
        let reloads = (0..<3).map { _ in Task { try await held.store.load(held.request, sharing: .sentLater) } }
        #expect(await held.queuedBehind(), "no request was queued behind the one in flight")
        held.release.yield()
        #expect(Self.title(try await first.value) == "v1")
        #expect(Self.title(try await shared.value) == "v1", "a plain load shares the request in flight")
        for reload in reloads {
            #expect(Self.title(try await reload.value) == "v2")
        }
        #expect(await held.server.hitCount(path: "/todos") == 2, "the three reloads share one request")
    }

    @Test func aReloadPublishesTheLaterAnswerAndStaysLoadingUntilThen() async throws {
        let held = try await HeldServer.start()
        defer { Task { await held.server.stop() } }
        let first = await held.firstLoadHeldThenWrite { await held.store.reload(held.request) }
        let second = Task { await held.store.reload(held.request) }
        #expect(await held.queuedBehind(), "no request was queued behind the one in flight")
        held.release.yield()
        try await first.value
        let between = await held.store.states[held.store.key(for: held.request)]
        #expect(between?.isLoading == true, "the queued request is still to answer")
        await second.value
        let after = await held.store.states[held.store.key(for: held.request)]
        #expect(after?.isLoading == false)
        #expect(after?.resource.map(Self.title) == "v2")
    }

    @Test func aLoadAfterAWriteNeverJoinsARequestThatLeftBeforeIt() async throws {
        let held = try await HeldServer.start()
        defer { Task { await held.server.stop() } }
        let first = await held.firstLoadHeldThenWrite { try await held.store.load(held.request) }
        await held.store.invalidate(under: held.server.baseURL.appendingPathComponent("todos"))
        let afterWrite = Task { try await held.store.load(held.request) }
        #expect(await held.requestsReach(2), "the load after the write asked the server itself")
        held.release.yield()
        #expect(Self.title(try await first.value) == "v1")
        #expect(Self.title(try await afterWrite.value) == "v2")
    }

    @Test func anAnswerThatLeftBeforeAWriteLeavesTheResourceOutdated() async throws {
        let held = try await HeldServer.start()
        defer { Task { await held.server.stop() } }
        let key = await held.store.key(for: held.request)
        let first = await held.firstLoadHeldThenWrite { await held.store.loadIfNeeded(held.request, maxAge: 3600) }
        await held.store.invalidate(under: held.server.baseURL.appendingPathComponent("todos"))
        held.release.yield()
        try await first.value
        let answered = await held.store.states[key]
        #expect(answered?.resource.map(Self.title) == "v1")
        #expect(answered?.isOutdated == true, "the answer predates the write")
        // The next look asks again, though the answer is seconds old.
        await held.store.loadIfNeeded(held.request, maxAge: 3600)
        #expect(await held.store.states[key]?.resource.map(Self.title) == "v2")
        #expect(await held.store.states[key]?.isOutdated == false)
    }
}
