import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// The production environment against a real json-server on 127.0.0.1:
    /// the server's data on screen, the offline copy, revalidation across runs.
    @Suite
    struct LiveServerEndToEndTests {
        /// A small db whose titles appear nowhere in the sample data.
        static let db = """
            {
              "todos": [
                {"userId": 1, "id": 1, "title": "e2e calibrate the flux capacitor", "completed": false},
                {"userId": 1, "id": 2, "title": "e2e water the server ferns", "completed": true},
                {"userId": 2, "id": 3, "title": "e2e polish the tmux panes", "completed": false},
                {"userId": 2, "id": 4, "title": "e2e count the ETags twice", "completed": true},
                {"userId": 3, "id": 5, "title": "e2e retire the old cache", "completed": false}
              ],
              "users": [
                {"id": 1, "name": "Ada E2E", "username": "ada"},
                {"id": 2, "name": "Bo E2E", "username": "bo"},
                {"id": 3, "name": "Cy E2E", "username": "cy"}
              ]
            }
            """

        static func arguments(_ server: EngineTestServer) -> [String] {
            ["--env", "production", "--base-url", server.baseURLString, "--delay", "0"]
        }

        @Test func productionShowsTheServersTodosAndNamesTheService() async throws {
            let server = try await EngineTestServer.start(json: Self.db)
            let app = try RunningApp(Self.arguments(server))
            defer { app.stop() }
            let screen = try await app.session.eventually("the server's todos") { screen in
                screen.contains("e2e calibrate the flux capacitor") && screen.contains("todos 5")
            }
            await server.stop()
            #expect(screen.contains("e2e retire the old cache"))
            #expect(TableRows.ids(in: screen) == [1, 2, 3, 4, 5])
            #expect(TableRows.mark(ofID: 2, in: screen) == "✓")
            #expect(TableRows.mark(ofID: 1, in: screen) == "·")
            #expect(screen.contains(" PRODUCTION "))
            #expect(screen.contains("127.0.0.1:\(server.http.port)"))
            #expect(!screen.contains("FAKE"))
            #expect(await server.hitCount(path: "/todos") >= 1)
        }

        @Test func reloadWhenTheServerIsGoneKeepsTheCachedListAndSaysOffline() async throws {
            let server = try await EngineTestServer.start(json: Self.db)
            let app = try RunningApp(Self.arguments(server))
            defer { app.stop() }
            try await app.session.eventually("the server's todos") { screen in
                screen.contains("e2e calibrate the flux capacitor") && screen.contains("todos 5")
            }
            await server.stop()
            try app.session.press("r")
            let offline = try await app.session.eventually("the offline marker and the inline error") { screen in
                screen.contains("offline · cached") && screen.contains("r to retry")
            }
            #expect(offline.contains("e2e calibrate the flux capacitor"))
            #expect(TableRows.ids(in: offline) == [1, 2, 3, 4, 5])
            // The status bar (last row) carries the marker; the error is inline above the table.
            let lines = offline.components(separatedBy: "\n")
            #expect(lines[39].contains("offline · cached"))
            let errorLine = try #require(lines.firstIndex { $0.contains("r to retry") })
            let headerLine = try #require(lines.firstIndex { $0.contains("Title") })
            #expect(errorLine < headerLine)
        }

        @Test func aSecondRunRevalidatesTheCacheWithIfNoneMatch() async throws {
            let server = try await EngineTestServer.start(json: Self.db)
            let home = try TemporaryHome()
            defer { home.remove() }

            let first = try RunningApp(Self.arguments(server), reportingExit: true, home: home)
            defer { first.stop() }
            try await first.session.eventually("the first run's todos") {
                $0.contains("e2e calibrate the flux capacitor")
            }
            let coldRequest = try #require(await server.requests.first { $0.path == "/todos" })
            #expect(coldRequest.header("If-None-Match") == nil, "a cold cache sent If-None-Match")
            try first.session.press("q")
            try await first.session.eventually("the first run to exit") { $0.contains(RunningApp.endMarker) }
            first.stop()
            let firstRunCount = await server.requests.count

            let second = try RunningApp(Self.arguments(server), home: home)
            defer { second.stop() }
            try await second.session.eventually("the second run's todos") {
                $0.contains("e2e calibrate the flux capacitor")
            }
            // The revalidating request may land just after the cached list is drawn.
            var conditional: [TestHTTPRequest] = []
            _ = await waitUntil {
                conditional = await server.requests.dropFirst(firstRunCount)
                    .filter { $0.path == "/todos" && $0.header("If-None-Match") != nil }
                return !conditional.isEmpty
            }
            await server.stop()
            let sent = try #require(conditional.first?.header("If-None-Match"), "the second run sent no If-None-Match")
            #expect(sent.contains("\""), "If-None-Match is not an entity tag: \(sent)")
        }
    }
}
