import Foundation
import JSON
import JSONServerCore
import Synchronization
import TestSupport
import Testing

extension EndToEnd {
    /// `trestle --env production --base-url URL todos` on a service nobody
    /// described: the list is asked first, beside discovery, and a json-server
    /// 1.0 is known from its first page (its envelope), so the rows are
    /// drawn while every discovery request is still held by the server; the
    /// next start, from what the cache remembers, draws them at once too.
    @Suite
    struct FirstRowsEndToEndTests {
        static let sampleData = BuiltProducts.packageRoot.appendingPathComponent("sample-data/db.json")

        /// A json-server 1.0 (the engine) whose every answer but the todos
        /// list's waits for the gate of the moment.
        final class HeldServer: Sendable {
            let http: TestHTTPServer
            private let gate: Mutex<Gate>

            private init(http: TestHTTPServer) {
                self.http = http
                self.gate = Mutex(Gate())
            }

            /// Holds every answer but `/todos` from now until ``release()``.
            func hold() { gate.withLock { $0 = Gate() } }
            func release() { gate.withLock { $0 }.open() }
            var baseURL: String { "http://127.0.0.1:\(http.port)" }

            /// - Parameters:
            ///   - dialect: `.v0` answers a plain array (json-server 0.x's words, and any service's).
            ///   - data: the database; the sample's by default.
            ///   - list: the one path answered at once.
            static func start(
                dialect: JSONServerDialect = .v1, data: Data? = nil, list: String = "/todos"
            ) async throws -> HeldServer {
                let engine = JSONServerEngine(
                    database: try JSONDatabase(
                        data: try data ?? Data(contentsOf: FirstRowsEndToEndTests.sampleData)),
                    dialect: dialect)
                let box = Box()
                let http = try await TestHTTPServer.start { request in
                    if request.path != list { await box.server?.gate.withLock { $0 }.wait() }
                    let base = box.server?.baseURL ?? ""
                    let answer = await engine.handle(EngineTestServer.engineRequest(from: request, baseURL: base))
                    return TestHTTPResponse(
                        status: answer.status, headers: answer.headers.map { ($0.name, $0.value) }, body: answer.body)
                }
                let server = HeldServer(http: http)
                box.set(server)
                return server
            }

            /// Lets the handler reach the server made after it.
            final class Box: Sendable {
                private let value = Mutex<HeldServer?>(nil)
                var server: HeldServer? { value.withLock { $0 } }
                func set(_ server: HeldServer) { value.withLock { $0 = server } }
            }

            func stop() async {
                release()
                await http.stop()
            }
        }

        /// Starts on `todos`, waits for its rows while discovery is held, and
        /// returns the requests the server had received by then.
        static func rowsWhileHeld(_ server: HeldServer, home: TemporaryHome, run: Int) async throws -> [TestHTTPRequest]
        {
            server.hold()
            let app = try RunningApp(
                ["--env", "production", "--base-url", server.baseURL, "--delay", "0", "todos"], reportingExit: true,
                home: home)
            defer { app.stop() }
            try await app.session.eventually("the todos while discovery is held", timeout: 30) { screen in
                screen.contains("todos 200") && screen.contains("linen lantern hazel granite")
            }
            let before = await server.http.requests
            server.release()
            // Discovery ends (the service's document read), then quit: the cache is written.
            let described = await waitUntil { app.home.log.components(separatedBy: "openapi resources=").count > run }
            #expect(described, "the service's document was never read: \(app.home.log)")
            try await app.command("quit")
            let exit = try await app.session.eventuallyShows(RunningApp.endMarker)
            #expect(exit.contains("exit=0"), "after :quit: \(exit)")
            return before
        }

        @Test func theTodosOfAJSONServerAreDrawnBeforeDiscoveryEnds() async throws {
            let server = try await HeldServer.start()
            let home = try TemporaryHome()
            defer { home.remove() }
            do {
                let first = try await Self.rowsWhileHeld(server, home: home, run: 1)
                let answered = first.filter { $0.path == "/todos" }
                let held = first.filter { $0.path != "/todos" }
                // The list went first; before its rows only its own requests
                // were answered (the v0 words, then the v1 ones its envelope
                // taught), and discovery had sent at most the root's.
                #expect(first.first?.path == "/todos", "\(first.map(\.path))")
                #expect(answered.count <= 2, "\(first.map { "\($0.path)?\($0.query ?? "")" })")
                #expect(held.count <= 1, "\(first.map(\.path))")
                // The second start knows the json-server from the cache: the rows come at once again.
                let total = await server.http.requests.count
                let second = try await Self.rowsWhileHeld(server, home: home, run: 2)
                #expect(second.dropFirst(total).filter { $0.path == "/todos" }.count <= 2)
            } catch {
                await server.stop()
                throw error
            }
            await server.stop()
        }

        @Test func aSortPressedBeforeDiscoveryEndsIsKeptWhenItsResultComes() async throws {
            let server = try await HeldServer.start()
            server.hold()
            let app = try RunningApp(
                ["--env", "production", "--base-url", server.baseURL, "--delay", "0", "todos"], cols: 140)
            defer { app.stop() }
            do {
                try await app.session.eventually("the todos while discovery is held", timeout: 30) { screen in
                    screen.contains("todos 200") && screen.contains("linen lantern hazel granite")
                }
                try app.session.press("S")
                // Sorted before discovery's result, by this list as it can.
                try await app.session.eventually("the sort shown") { $0.contains("ID ▼") }
                let beforeResult = await server.http.requests.count
                server.release()
                // Discovery's result (the service's document) comes after the key:
                // the list is made again from it, and asks the server for the same sort.
                let remade = await waitUntil {
                    await server.http.requests.dropFirst(beforeResult).contains {
                        $0.path == "/todos" && $0.query?.contains("_sort=-id") == true
                    }
                }
                let asked = await server.http.requests.map { "\($0.path)?\($0.query ?? "")" }
                #expect(remade, "no sorted list asked after discovery: \(asked)")
                // The list made from the result replaces the one sorted before it: the
                // sort kept (descending ids), the cursor still on the record it was on (1).
                let made = await waitUntil { app.home.log.contains("the open list is made again list=todos") }
                #expect(made, "\(app.home.log)")
                let kept = try await app.eventuallyCursor(on: 1) { screen in screen.contains("ID ▼") }
                let ids = ResourceScreen.ids(in: kept)
                #expect(ids.count > 10 && ids == ids.sorted(by: >), "\(ids)")
                #expect(app.home.log.contains("openapi resources="), "\(app.home.log)")
            } catch {
                await server.stop()
                throw error
            }
            await server.stop()
        }

        /// Records in no envelope the start knows (a plain array: json-server
        /// 0.x, or any service) are drawn at once as well, with the columns
        /// they show; discovery's outcome (here the engine's own document)
        /// then remakes the list, which stays on screen.
        @Test func aPlainArrayIsDrawnBeforeDiscoveryEnds() async throws {
            let server = try await HeldServer.start(dialect: .v0)
            server.hold()
            let app = try RunningApp(["--env", "production", "--base-url", server.baseURL, "--delay", "0", "todos"])
            defer { app.stop() }
            do {
                try await app.session.eventually("the todos while discovery is held", timeout: 30) { screen in
                    screen.contains("todos 200") && screen.contains("linen lantern hazel granite")
                }
                let before = await server.http.requests
                #expect(before.filter { $0.path != "/todos" }.count <= 1, "\(before.map(\.path))")
                server.release()
                let described = await waitUntil { app.home.log.contains("openapi resources=") }
                #expect(described, "\(app.home.log)")
                try app.session.press("j")
                try await app.session.eventually("the todos after discovery") { screen in
                    screen.contains("todos 200") && screen.contains("linen lantern hazel granite")
                }
            } catch {
                await server.stop()
                throw error
            }
            await server.stop()
        }

        /// A collection the built-in catalog does not know is asked at once
        /// too, and drawn from its own records.
        @Test func aCollectionNobodyNamedIsDrawnBeforeDiscoveryEnds() async throws {
            let widgets = Data(
                #"{"widgets": [{"id": 1, "name": "sprocket", "teeth": 12}, {"id": 2, "name": "flange", "teeth": 0}]}"#
                    .utf8)
            let server = try await HeldServer.start(dialect: .v0, data: widgets, list: "/widgets")
            server.hold()
            let app = try RunningApp(["--env", "production", "--base-url", server.baseURL, "--delay", "0", "widgets"])
            defer { app.stop() }
            do {
                let screen = try await app.session.eventually("the widgets while discovery is held", timeout: 30) {
                    $0.contains("widgets 2") && $0.contains("sprocket") && $0.contains("flange")
                }
                #expect(screen.contains("Teeth") || screen.contains("teeth"), "\(screen)")
                let before = await server.http.requests
                #expect(before.first?.path == "/widgets", "\(before.map(\.path))")
                #expect(before.filter { $0.path != "/widgets" }.count <= 1, "\(before.map(\.path))")
            } catch {
                await server.stop()
                throw error
            }
            await server.stop()
        }
    }
}
