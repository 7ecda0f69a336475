import Foundation
import JSON
import Synchronization
import TestSupport
import Testing

extension EndToEnd {
    /// Esc stops a long load, like a browser's Stop: the request is
    /// cancelled (the server sees the connection close), the list stays and
    /// says what stopped, `r` loads again, and Esc with nothing loading goes
    /// back. Ctrl-C quits at any time.
    @Suite
    struct StopLoadEndToEndTests {
        /// A server whose first answer to the todo list sends 300 kB of a
        /// 2 MB body and holds the rest; later answers come at once.
        static func server() throws -> HoldingHTTPServer {
            let todos = JSONWriter.data(.array(Fixtures.todoRecords))
            let padding = Data(repeating: UInt8(ascii: " "), count: 2_000_000)
            let held = Once()
            return try HoldingHTTPServer.start { request in
                let json = [("Content-Type", "application/json"), ("X-Total-Count", "5")]
                guard request.path == "/todos" else {
                    return .answer(TestHTTPResponse(status: 404, headers: json, body: Data("{}".utf8)))
                }
                // The list's page, not the start screen's count (`_limit=1`).
                let query = request.query ?? ""
                let isList = !query.contains("_limit=1&") && !query.hasSuffix("_limit=1")
                let holds = isList && held.first()
                guard holds else { return .answer(TestHTTPResponse(status: 200, headers: json, body: todos)) }
                return .hold(TestHTTPResponse(status: 200, headers: json, body: padding), sendingFirst: 300_000)
            }
        }

        @Test func escStopsTheListsLoadRReloadsEscGoesBackAndCtrlCQuits() async throws {
            let server = try Self.server()
            let app = try RunningApp(
                // A server of todos alone: JSONPlaceholder's catalog, asked for.
                [
                    "--env", "production", "--base-url", server.baseURL.absoluteString, "--timeout", "120", "--catalog",
                    "builtin",
                ],
                reportingExit: true)
            defer { app.stop() }
            let loading = try await app.session.eventually("the list loading, 0.3 MB in") { screen in
                ResourceScreen.status(screen).contains("0.3 MB")
            }
            #expect(server.holding == 1, "\(loading)")

            try app.session.press("Escape")
            let stopped = try await app.session.eventually("the stopped load said") { screen in
                ResourceScreen.status(screen).contains("Stopped loading todos (0.3 MB in) — r reloads")
            }
            #expect(await server.closesWhileHolding(reach: 1), "the server never saw the connection close: \(stopped)")
            #expect(!stopped.contains("Loading todos"), "\(stopped)")
            #expect(stopped.contains("No todos to show yet."), "\(stopped)")
            #expect(Self.header(stopped).contains("Trestle todos"), "Esc left the list: \(stopped)")

            try app.session.press("r")
            let reloaded = try await app.session.eventually("the rows after r") { screen in
                ResourceScreen.ids(in: screen) == [1, 2, 3, 4, 5]
            }
            #expect(!ResourceScreen.status(reloaded).contains("Stopped"), "\(reloaded)")

            try app.session.press("Escape")
            let back = try await app.session.eventually("the start screen") { screen in
                !Self.header(screen).contains("Trestle todos") && ResourceScreen.ids(in: screen).isEmpty
            }
            #expect(back.contains("posts"), "\(back)")

            try app.session.press("C-c")
            let after = try await app.session.eventuallyShows(RunningApp.endMarker, timeout: 5)
            #expect(after.contains("exit=130"), "\(after)")
            try LifecycleEndToEndTests.expectRestored(after, app)
            await server.stop()
        }

        /// True the first time only.
        final class Once: Sendable {
            private let taken = Mutex(false)
            func first() -> Bool {
                taken.withLock { taken in
                    defer { taken = true }
                    return !taken
                }
            }
        }

        /// The header line, with the breadcrumb (`Trestle todos`).
        static func header(_ screen: String) -> String {
            screen.components(separatedBy: "\n").first ?? ""
        }
    }
}
