import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// The convention a service was found in is remembered in the cache: the
    /// next start of the same service shows its collections at once and asks
    /// none of json-server's paths (`/todos`, `/db`) nor an OpenAPI document.
    @Suite
    struct ConventionMemoryEndToEndTests {
        /// Starts Trestle on the HAL root in `home`, waits for the start
        /// screen with both collections counted, and quits with `:quit`.
        static func startAndQuit(_ server: HALTestServer, home: TemporaryHome) async throws -> String {
            let app = try RunningApp(
                ["--env", "production", "--base-url", server.apiRoot.absoluteString], reportingExit: true, home: home)
            defer { app.stop() }
            let start = try await app.session.eventually("the collections from HAL links, counted") { screen in
                screen.contains("(from HAL links)")
                    && ResourceScreen.startCount(of: "authors", in: screen) == HALTestServer.authorCount
                    && ResourceScreen.startCount(of: "books", in: screen) == HALTestServer.bookCount
            }
            // The background look at the root (and the collections it names) is done before the quit.
            try await Self.eventuallyAsked(server, ["/api", "/api/authors", "/api/books"], since: 0, or: app)
            try await app.command("quit")
            let exit = try await app.session.eventuallyShows(RunningApp.endMarker)
            #expect(exit.contains("exit=0"), "after q: \(exit)")
            return start
        }

        /// Waits until the server has been asked every path of `paths` after its first `since` requests.
        static func eventuallyAsked(_ server: HALTestServer, _ paths: Set<String>, since: Int, or app: RunningApp)
            async throws
        {
            let asked = await waitUntil { paths.isSubset(of: Set(await server.requests.dropFirst(since).map(\.path))) }
            if asked { return }
            Issue.record("not asked: \(paths) (screen: \(try app.session.screen()))")
        }

        @Test func theSecondStartOfAHALServiceAsksNoJSONServerOrOpenAPIPath() async throws {
            let server = try await HALTestServer.start()
            let home = try TemporaryHome()
            defer { home.remove() }
            do {
                _ = try await Self.startAndQuit(server, home: home)
                let firstRun = await server.requests.count
                let app = try RunningApp(
                    ["--env", "production", "--base-url", server.apiRoot.absoluteString], reportingExit: true,
                    home: home)
                defer { app.stop() }
                try await app.session.eventually("the remembered collections, counted") { screen in
                    screen.contains("(from HAL links)")
                        && ResourceScreen.startCount(of: "authors", in: screen) == HALTestServer.authorCount
                        && ResourceScreen.startCount(of: "books", in: screen) == HALTestServer.bookCount
                }
                // The root is asked again in the background (the memory is revalidated).
                try await Self.eventuallyAsked(server, ["/api"], since: firstRun, or: app)
                try await app.command("books")
                try await app.session.eventually("books with their attribute columns") { screen in
                    screen.contains("Book 1 ") && screen.contains("Title") && screen.contains("Year")
                }
                try await app.command("quit")
                let exit = try await app.session.eventuallyShows(RunningApp.endMarker)
                #expect(exit.contains("exit=0"), "after q: \(exit)")
                let second = await server.requests.dropFirst(firstRun).map(\.path)
                #expect(!second.contains { $0.hasSuffix("/todos") }, "asked: \(second)")
                #expect(!second.contains { $0.hasSuffix("/db") }, "asked: \(second)")
                #expect(!second.contains { $0.lowercased().contains("openapi") }, "asked: \(second)")
                #expect(second.allSatisfy { !$0.contains("//") }, "asked: \(second)")
            } catch {
                await server.stop()
                throw error
            }
            await server.stop()
        }
    }
}
