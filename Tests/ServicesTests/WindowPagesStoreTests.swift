import Foundation
import JSON
import JSONServerCore
import Logging
import Networking
import TestSupport
import Testing

@testable import Services

/// The pages a windowed list asks for (`APIService.records` of one page)
/// go through the store without staying in its memory, however many: only
/// observed resources are held there. A page asked for again is
/// revalidated with its ETag (a `304`, the stored body reused).
@Suite("A window's pages through the store")
struct WindowPagesStoreTests {
    static let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }

    static func database(todos count: Int) -> String {
        let todos = (1...count).map { id in
            #"{"userId": \#(id / 20 + 1), "id": \#(id), "title": "todo \#(id)", "completed": false}"#
        }
        return #"{"todos": ["# + todos.joined(separator: ",") + "]}"
    }

    @Test func fiftyFarPagesLeaveNothingHeldAndAPageSeenAgainRevalidates() async throws {
        let server = try await EngineTestServer.start(json: Self.database(todos: 20_000))
        defer { Task { await server.stop() } }
        let network = NetworkClient(client: AsyncHTTPClientTransport(), retry: .never)
        let store = ResourceStore(
            network: network, storage: InMemoryStorageService(), namespace: "test", logger: Self.logger)
        let api = LiveAPIService(baseURL: server.baseURL, network: network, store: store)

        for hop in 0..<50 {
            let number = (hop * 37) % 200 + 1
            let page = try await api.records(.todos, ListQuery(page: number, limit: 100))
            #expect(page.items.count == 100)
            #expect(page.totalCount == 20_000)
            #expect(page.items.first?.recordID() == String((number - 1) * 100 + 1))
        }
        // Nothing is observed, so nothing stays in the store's memory.
        #expect(await store.states.isEmpty)
        #expect(await store.inFlight.isEmpty)

        let again = try await api.records(.todos, ListQuery(page: 38, limit: 100))
        #expect(again.origin == .revalidated)
        let last = try #require(await server.requests.last)
        #expect(last.headers.contains { $0.name.lowercased() == "if-none-match" })
    }
}
