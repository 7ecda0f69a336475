import Foundation
import JSON
import Logging
import Networking
import Services
import Synchronization
import TestSupport
import Testing

@testable import Modules

/// Esc on a list whose load is under way stops it for real: the server sees
/// the connection close, the list stays, `r` loads again. Leaving the list
/// stops its load too. A real server on 127.0.0.1, the live service.
@MainActor
@Suite("Esc stops a list's load: the presenter against a real server")
struct StopLoadingPresenterTests {
    /// A list of todos on a server that holds its first answer to `/todos`
    /// (150 kB of 1 MB sent) and answers the later ones at once.
    @MainActor
    struct Setup {
        let server: HoldingHTTPServer
        let transport: AsyncHTTPClientTransport
        let tracker: ActivityTracker
        let redraws = RedrawRecorder()
        let presenter: ResourceListPresenter
        let navigator: ResourceNavigator

        /// - Parameter held: the path whose first answer is held.
        init(holding held: String = "/todos") throws {
            let padding = Data(repeating: UInt8(ascii: " "), count: 1_000_000)
            let todos = JSONWriter.data(.array(Fixtures.todoRecords))
            let asked = Asked()
            server = try HoldingHTTPServer.start { request in
                let json = [("Content-Type", "application/json"), ("X-Total-Count", "5")]
                guard request.path == held, asked.first() else {
                    return .answer(TestHTTPResponse(status: 200, headers: json, body: todos))
                }
                return .hold(TestHTTPResponse(status: 200, headers: json, body: padding), sendingFirst: 150_000)
            }
            let tracker = ActivityTracker()
            self.tracker = tracker
            transport = AsyncHTTPClientTransport(received: { tracker.receive(bytes: $0) })
            let network = NetworkClient(
                client: transport, middleware: [LongDeadline(), ActivityMiddleware(tracker: tracker)], retry: .never)
            let store = ResourceStore(
                network: network, storage: InMemoryStorageService(), namespace: "test",
                logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
            let api = LiveAPIService(baseURL: server.baseURL, network: network, store: store)
            let recorder = redraws
            let context = ScreenContext(
                setNeedsDisplay: { recorder.record() }, receivedBytes: { tracker.receivedBytes })
            navigator = ResourceNavigator(api: api, catalog: .jsonPlaceholder, context: context)
            presenter = try #require(
                ResourceListModule.build(
                    resource: .todos, filters: [], breadcrumb: nil, api: api, navigator: navigator, context: context)
                    as? ResourceListPresenter)
        }

        /// Starts the list and waits until its first answer is held with 150 kB arrived.
        func startHeld() async -> Bool {
            presenter.start()
            guard await server.holds(reach: 1) else { return false }
            let deadline = ContinuousClock.now + .seconds(120)
            while tracker.receivedBytes < 150_000 {
                if ContinuousClock.now > deadline { return false }
                try? await Task.sleep(for: .milliseconds(2))
            }
            return true
        }

        func stop() async {
            presenter.stop()
            await server.stop()
            await transport.shutdown()
        }
    }

    static func isHandled(_ command: ScreenCommand) -> Bool {
        if case .handled = command { true } else { false }
    }

    static func isUnhandled(_ command: ScreenCommand) -> Bool {
        if case .unhandled = command { true } else { false }
    }

    /// A deadline far beyond the waits of these tests: only a cancellation
    /// closes a held connection.
    struct LongDeadline: Middleware {
        func prepare(_ request: Request) async throws(NetworkError) -> Request {
            request.with(timeout: 600)
        }
    }

    /// True the first time only.
    final class Asked: Sendable {
        private let count = Mutex(0)
        func first() -> Bool {
            count.withLock { count in
                count += 1
                return count == 1
            }
        }
    }

    @Test func escStopsTheLoadTheServerSeesItAndRReloads() async throws {
        let setup = try Setup()
        #expect(await setup.startHeld(), "the list's first answer was not held")
        #expect(setup.presenter.isLoading)
        #expect(Self.isHandled(setup.presenter.handle(.escape)), "Esc while loading went back")
        #expect(!setup.presenter.isLoading)
        #expect(setup.presenter.status.message?.text == "Stopped loading todos (0.2 MB in) — r reloads")
        #expect(await setup.server.closesWhileHolding(reach: 1), "the server never saw the connection close")
        // Nothing loads now: Esc is the router's (back).
        #expect(Self.isUnhandled(setup.presenter.handle(.escape)))
        #expect(Self.isHandled(setup.presenter.handle(.char("r"))))
        await setup.redraws.wait { setup.presenter.records.count == 5 && !setup.presenter.isLoading }
        #expect(setup.presenter.records.map(\.id) == ["1", "2", "3", "4", "5"])
        #expect(setup.presenter.status.message == nil)
        #expect(setup.server.hitCount(path: "/todos") == 2)
        await setup.stop()
    }

    @Test func escStopsARecordsLoadAndTheServerSeesIt() async throws {
        let setup = try Setup(holding: "/todos/4")
        let detail = setup.navigator.detail(.todos, id: "4")
        detail.start()
        #expect(await setup.server.holds(reach: 1), "the record's answer was not held")
        #expect(Self.isHandled(detail.handle(.escape)), "Esc while the record loads went back")
        #expect(detail.status.message?.text.hasPrefix("Stopped loading todo 4") == true)
        #expect(await setup.server.closesWhileHolding(reach: 1), "the server never saw the connection close")
        #expect(Self.isUnhandled(detail.handle(.escape)), "nothing loads: Esc goes back")
        detail.stop()
        await setup.stop()
    }

    @Test func leavingTheListStopsItsLoad() async throws {
        let setup = try Setup()
        #expect(await setup.startHeld(), "the list's first answer was not held")
        setup.presenter.stop()
        #expect(await setup.server.closesWhileHolding(reach: 1), "the server never saw the connection close")
        await setup.stop()
    }
}
