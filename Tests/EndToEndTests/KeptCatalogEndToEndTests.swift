import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// The real binary started twice on a large OpenAPI document (2,000
    /// collections): the first start reads it and keeps its catalog in the
    /// cache; the second takes the catalog kept (the log says `taken=kept`)
    /// and shows every collection, with no reading to wait for. A document
    /// changed between the two is read again.
    @Suite
    struct KeptCatalogEndToEndTests {
        static let collections = LargeDocumentEndToEndTests.collections

        /// Starts Trestle on `server` with `big.json` in `folder`, waits for
        /// every collection (and, with `keeps`, for the catalog to be kept),
        /// quits, and answers how this run took its catalog (the log's
        /// `taken=` of its last description: `read` or `kept`).
        static func run(_ server: TestHTTPServer, in folder: URL, home: TemporaryHome, keeps: Bool) async throws
            -> String?
        {
            let before = home.log.count
            let app = try RunningApp(
                ["--env", "development", "--base-url", server.baseURL.absoluteString, "--openapi", "big.json"],
                cols: 160, reportingExit: true, directory: folder.path, home: home)
            defer { app.stop() }
            try await app.session.eventually("every collection", timeout: 120) { screen in
                ResourceScreen.status(screen).contains("resources \(collections)")
            }
            let logged = await waitUntil {
                let log = String(home.log.dropFirst(before))
                return log.contains(" taken=") && (!keeps || log.contains("openapi catalog kept"))
            }
            #expect(logged, "\(home.log.suffix(2000))")
            // `q` ends the run; its cache is written before it exits.
            try app.session.press("q")
            let end = try await app.session.eventuallyShows(RunningApp.endMarker, timeout: 60)
            #expect(end.contains("exit=0"))
            let parts = String(home.log.dropFirst(before)).components(separatedBy: " taken=")
            guard parts.count > 1 else { return nil }
            return parts[parts.count - 1].split(whereSeparator: { $0 == " " || $0 == "\n" }).first.map(String.init)
        }

        @Test func theSecondStartTakesTheCatalogKeptByTheFirst() async throws {
            let server = try await LargeDocumentEndToEndTests.server()
            let folder = try LargeDocumentEndToEndTests.folder()
            let home = try TemporaryHome()
            defer {
                try? FileManager.default.removeItem(at: folder)
                home.remove()
            }
            let document = GeneratedDocument.text(collections: Self.collections)
            try Data(document.utf8).write(to: folder.appendingPathComponent("big.json"))
            #expect(try await Self.run(server, in: folder, home: home, keeps: true) == "read")
            #expect(try await Self.run(server, in: folder, home: home, keeps: false) == "kept")
            // The document changed: read again, and kept anew.
            try Data(document.replacingOccurrences(of: "A large service", with: "A larger service").utf8)
                .write(to: folder.appendingPathComponent("big.json"))
            #expect(try await Self.run(server, in: folder, home: home, keeps: true) == "read")
            await server.stop()
        }
    }
}
