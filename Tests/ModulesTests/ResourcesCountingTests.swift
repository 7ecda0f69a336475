import Foundation
import Logging
import Networking
import Services
import Synchronization
import TerminalUI
import TestSupport
import Testing

@testable import Modules

/// The start screen of a service with hundreds of collections counts the
/// rows it shows and a margin, a few requests at a time, and the rest as
/// the list scrolls: never every collection at once.
@MainActor
@Suite("Start screen counts what it shows")
struct ResourcesCountingTests {
    /// How many count requests the server is answering at once, at most.
    final class Concurrency: Sendable {
        private let state = Mutex((now: 0, most: 0))
        func enter() {
            state.withLock {
                $0.now += 1
                $0.most = max($0.most, $0.now)
            }
        }
        func leave() { state.withLock { $0.now -= 1 } }
        var most: Int { state.withLock { $0.most } }
    }

    static let collections = 300

    static func server(_ concurrency: Concurrency) async throws -> TestHTTPServer {
        try await TestHTTPServer.start { request in
            // `/db`, the one look at what else the service holds, is no count.
            guard request.path != "/db" else { return .json("{}") }
            concurrency.enter()
            try? await Task.sleep(for: .milliseconds(20))
            concurrency.leave()
            return .json("[]", headers: [("X-Total-Count", "7")])
        }
    }

    static func presenter(_ server: TestHTTPServer, redraws: RedrawRecorder) throws -> ResourcesPresenter {
        let network = NetworkClient(client: AsyncHTTPClientTransport(), retry: .never)
        let store = ResourceStore(
            network: network, storage: InMemoryStorageService(), namespace: "test",
            logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        let api = LiveAPIService(baseURL: server.baseURL, network: network, store: store)
        let resources = (0..<collections).map { ResourceDescriptor(name: "c\($0)", columns: [.init("id")]) }
        let catalog = ResourceCatalog(resources, source: "catalog")
        let context = ScreenContext(setNeedsDisplay: { redraws.record() })
        let navigator = ResourceNavigator(api: api, catalog: catalog, context: context)
        return try #require(
            ResourcesModule.build(catalog: catalog, api: api, navigator: navigator, context: context)
                as? ResourcesPresenter)
    }

    func draw(_ presenter: ResourcesPresenter) {
        let size = Size(rows: 24, cols: 80)
        presenter.resize(to: Rect(size: size))
        presenter.draw(on: InMemoryTerminal(size: size), in: Rect(size: size), theme: .builtinDefault, tick: 0)
    }

    /// The collections the server was asked to count.
    func asked(_ server: TestHTTPServer) async -> Set<String> {
        Set(await server.requests.map { String($0.path.dropFirst()) }).subtracting(["db"])
    }

    @Test func aScreenfulIsCountedAFewAtATimeAndTheRestAsTheListScrolls() async throws {
        let concurrency = Concurrency()
        let server = try await Self.server(concurrency)
        defer { Task { await server.stop() } }
        let redraws = RedrawRecorder()
        let presenter = try Self.presenter(server, redraws: redraws)
        draw(presenter)
        presenter.start()
        #expect(await redraws.wait { (0..<22).allSatisfy { presenter.counts["c\($0)"] != nil } })
        #expect(await redraws.wait { !presenter.status.isLoading })
        let first = await asked(server)
        #expect(first.count <= 22 + ResourcesPresenter.margin * 2 + 40)
        #expect(!first.contains("c299"))
        #expect(concurrency.most <= ResourcesPresenter.maxInFlight)

        // To the last row: it and those around it are counted then.
        _ = presenter.handle(.end)
        draw(presenter)
        #expect(await redraws.wait { presenter.counts["c299"] != nil && !presenter.status.isLoading })
        let second = await asked(server)
        #expect(second.contains("c280"))
        #expect(second.count < Self.collections / 2)
        #expect(concurrency.most <= ResourcesPresenter.maxInFlight)
        presenter.stop()
    }
}
