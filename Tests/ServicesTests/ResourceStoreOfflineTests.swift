import Foundation
import Logging
import Networking
import TestSupport
import Testing

@testable import Services

/// The last good answer stays beside an error: a load that fails before any
/// screen looked at the resource (the start's first list, asked for while
/// the screens are made) still leaves what storage kept from an earlier run.
@Suite("Resource store: the stored answer when the server fails")
struct ResourceStoreOfflineTests {
    static let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
    static let kept = #"[{"userId":1,"id":1,"title":"kept","completed":false}]"#

    /// A store over storage that holds an earlier run's answer for `url`.
    static func store(for url: URL) async -> (ResourceStore, Request) {
        let storage = InMemoryStorageService()
        let network = NetworkClient(client: AsyncHTTPClientTransport(), retry: .never)
        let store = ResourceStore(network: network, storage: storage, namespace: "test", logger: logger)
        let request = Request(method: .get, url: url)
        await storage.store(
            CachedResponse(
                key: await store.key(for: request), body: Data(kept.utf8), etag: #""v1""#,
                fetchedAt: Date(timeIntervalSince1970: 1_000_000)))
        return (store, request)
    }

    /// The state a screen opening after the load sees: the first one its stream yields.
    static func seen(_ store: ResourceStore, _ request: Request) async -> ResourceState? {
        await store.observe(request).first { _ in true }
    }

    @Test("a server that answers 503: the load's error and the stored list")
    func failingServer() async throws {
        let server = try await TestHTTPServer.start { _ in .json("{}", status: 503) }
        let (store, request) = await Self.store(for: server.baseURL.appendingPathComponent("todos"))
        await store.loadIfNeeded(request, maxAge: 60)
        let state = await Self.seen(store, request)
        await server.stop()
        #expect(state?.error != nil)
        #expect(state?.resource?.origin == .cache)
        #expect(state?.resource.map { String(decoding: $0.body, as: UTF8.self) } == Self.kept)
    }

    @Test("a server that is down: the refused connection and the stored list")
    func refusedConnection() async throws {
        let server = try await TestHTTPServer.start { _ in .json("[]") }
        let url = server.baseURL.appendingPathComponent("todos")
        await server.stop()
        let (store, request) = await Self.store(for: url)
        await store.loadIfNeeded(request, maxAge: 60)
        let state = await Self.seen(store, request)
        #expect(state?.error != nil)
        #expect(state?.resource.map { String(decoding: $0.body, as: UTF8.self) } == Self.kept)
    }
}
