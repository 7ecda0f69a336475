import Foundation
import Logging
import Networking
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
}
