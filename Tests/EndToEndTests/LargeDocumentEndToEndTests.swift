import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// The real binary given a large OpenAPI document (2,000 collections,
    /// about 5 MB, generated here): while it is read the status line says
    /// how far, the first collections come on the start screen before the
    /// rest, and Esc stops the reading (one line; the built-in catalog
    /// stays) while Ctrl-C quits with the terminal restored.
    @Suite
    struct LargeDocumentEndToEndTests {
        static let collections = 2000

        /// A server that answers every collection with an empty list.
        static func server() async throws -> TestHTTPServer {
            try await TestHTTPServer.start { request in
                request.path.hasPrefix("/things") ? .json("[]") : TestHTTPResponse(status: 404)
            }
        }

        /// Trestle on `server` with the generated document as `--openapi big.json`.
        static func start(_ server: TestHTTPServer, in folder: URL) throws -> RunningApp {
            try Data(GeneratedDocument.text(collections: collections).utf8)
                .write(to: folder.appendingPathComponent("big.json"))
            return try RunningApp(
                ["--env", "development", "--base-url", server.baseURL.absoluteString, "--openapi", "big.json"],
                cols: 160, reportingExit: true, directory: folder.path)
        }

        static func folder() throws -> URL {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("large-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            return folder
        }

        static func reading(_ screen: String) -> Bool {
            ResourceScreen.status(screen).contains("Reading big.json ·")
                && ResourceScreen.status(screen).contains("of 4000 paths — Esc stops")
        }

        @Test func theFirstCollectionsComeWhileTheProgressLineSaysHowFarTheRestIs() async throws {
            let server = try await Self.server()
            let folder = try Self.folder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let app = try Self.start(server, in: folder)
            defer { app.stop() }
            try await app.session.eventually("the progress line", timeout: 60) { Self.reading($0) }
            // The first collections on the start screen, the reading still under way.
            try await app.session.eventually("the first collections while reading", timeout: 60) { screen in
                Self.reading(screen) && screen.contains("Resources of this service (from big.json)")
                    && screen.contains("things0 ")
            }
            // Then all of them, and the progress line gone.
            let all = try await app.session.eventually("every collection", timeout: 120) { screen in
                ResourceScreen.status(screen).contains("resources 2000")
            }
            #expect(!Self.reading(all))
            try app.session.press("C-c")
            let after = try await app.session.eventuallyShows(RunningApp.endMarker, timeout: 10)
            #expect(after.contains("exit=130"))
            try LifecycleEndToEndTests.expectRestored(after, app)
            await server.stop()
        }

        @Test func escStopsTheReadingInOneLineAndCtrlCStillQuits() async throws {
            let server = try await Self.server()
            let folder = try Self.folder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let app = try Self.start(server, in: folder)
            defer { app.stop() }
            try await app.session.eventually("the progress line", timeout: 60) { Self.reading($0) }
            try app.session.press("Escape")
            let stopped = try await app.session.eventually("the reading stopped", timeout: 20) { screen in
                screen.contains("Stopped reading big.json — going on with the built-in catalog")
            }
            #expect(stopped.components(separatedBy: "\n").filter { $0.contains("Stopped reading") }.count == 1)
            #expect(!Self.reading(stopped))
            // The built-in catalog's first list, not the document's collections.
            #expect(ResourceScreen.header(stopped).contains(" Trestle todos "))
            #expect(!stopped.contains("things0"))
            try app.session.press("C-c")
            let after = try await app.session.eventuallyShows(RunningApp.endMarker, timeout: 10)
            #expect(after.contains("exit=130"))
            try LifecycleEndToEndTests.expectRestored(after, app)
            await server.stop()
        }
    }
}
