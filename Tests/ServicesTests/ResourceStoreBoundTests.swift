import Foundation
import Logging
import Networking
import Synchronization
import TestSupport
import Testing

@testable import Services

/// The states a store keeps in memory for resources nobody observes are
/// bounded (a long session of far jumps loads hundreds of pages): the most
/// recently used stay, so a page visited again shows at once; observed ones
/// always stay; the rest go, and storage still answers for them.
@Suite("Resource store: idle states are bounded")
struct ResourceStoreBoundTests {
    static let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }

    static func page(_ number: Int) -> Request {
        Request(method: .get, url: URL(string: "http://127.0.0.1:1/todos?_page=\(number)&_limit=500")!)
    }

    @Test func idleStatesBeyondTheBoundGoLeastRecentlyUsedFirst() async throws {
        let storage = InMemoryStorageService()
        let network = NetworkClient(
            client: StubHTTPClient { request throws(NetworkError) in
                Response(
                    status: 200, headers: ["Content-Type": "application/json"], body: Data("[]".utf8), url: request.url)
            }, retry: .never)
        let store = ResourceStore(network: network, storage: storage, namespace: "test", logger: Self.logger)
        // One page observed throughout: it stays whatever else comes.
        let watched = Self.page(0)
        let stream = await store.observe(watched)
        let observing = Task { for await _ in stream {} }
        defer { observing.cancel() }
        await store.reload(watched)
        let count = ResourceStore.idleStates * 3
        for number in 1...count { await store.reload(Self.page(number)) }
        let states = await store.states
        #expect(states.count <= ResourceStore.idleStates + 1, "\(states.count) states kept")
        #expect(states[await store.key(for: watched)]?.resource != nil)
        // The most recent pages are kept, the first ones went.
        #expect(states[await store.key(for: Self.page(count))]?.resource != nil)
        #expect(states[await store.key(for: Self.page(1))] == nil)
        // A page that went is still answered from storage.
        await storage.flush()
        #expect(await store.cached(Self.page(1))?.body == Data("[]".utf8))
    }

    /// Idle states are bounded by their bodies' bytes too: 48 pages of 500
    /// records (60 KB each) per service were what a long session grew by.
    @Test func idleStatesAreBoundedByTheirBodiesBytes() async throws {
        let big = Data(repeating: UInt8(ascii: " "), count: 100_000) + Data("[]".utf8)
        let storage = InMemoryStorageService()
        let network = NetworkClient(
            client: StubHTTPClient { request throws(NetworkError) in
                Response(status: 200, headers: ["Content-Type": "application/json"], body: big, url: request.url)
            }, retry: .never)
        let store = ResourceStore(network: network, storage: storage, namespace: "test", logger: Self.logger)
        let count = 30
        for number in 1...count { await store.reload(Self.page(number)) }
        let states = await store.states
        let bytes = states.values.reduce(0) { $0 + ($1.resource?.body.count ?? 0) }
        #expect(states.count < count, "\(states.count) states kept")
        #expect(bytes <= ResourceStore.idleBytes, "\(bytes) bytes of idle bodies kept")
        // The most recent pages stay, the first went, and storage still answers for it.
        #expect(states[await store.key(for: Self.page(count))]?.resource != nil)
        #expect(states[await store.key(for: Self.page(count - 1))]?.resource != nil)
        #expect(states[await store.key(for: Self.page(1))] == nil)
        await storage.flush()
        #expect(await store.cached(Self.page(1))?.body == big)
    }

    /// A state nobody observes keeps its answer's body, not the decoded
    /// form an observer made of it: the next observer decodes it again.
    @Test func anIdleStateKeepsItsBodyNotItsDecodedForm() async throws {
        let network = NetworkClient(
            client: StubHTTPClient { request throws(NetworkError) in
                Response(
                    status: 200, headers: ["Content-Type": "application/json"], body: Data("[1]".utf8),
                    url: request.url)
            }, retry: .never)
        let store = ResourceStore(
            network: network, storage: InMemoryStorageService(), namespace: "test", logger: Self.logger)
        let page = Self.page(1)
        let decodings = Counter()
        func observeAndDecode() async -> LoadedResource? {
            let stream = await store.observe(page)
            for await state in stream {
                guard let resource = state.resource else { continue }
                _ = resource.decoded.value { () -> Int in
                    decodings.add()
                    return resource.body.count
                }
                return resource
            }
            return nil
        }
        await store.reload(page)
        let first = await observeAndDecode()
        #expect(decodings.value == 1)
        // The observer gone (its stream ended), the state goes idle.
        let idle = await waitUntil {
            guard let kept = await store.states[await store.key(for: page)]?.resource else { return false }
            return kept.decoded !== first?.decoded
        }
        #expect(idle, "the idle state still holds the decoded form")
        let second = await observeAndDecode()
        #expect(second?.body == Data("[1]".utf8))
        #expect(decodings.value == 2)
    }

    final class Counter: Sendable {
        private let count = Mutex(0)
        func add() { count.withLock { $0 += 1 } }
        var value: Int { count.withLock { $0 } }
    }
}
