import Foundation
import JSON
import JSONServerCore
import Synchronization
import TestSupport
import Testing

extension EndToEnd {
    /// What discovery found is remembered per service in the cache: the
    /// next start asks the place that held the document (revalidated with
    /// its ETag), not every place; a document that moved is found again and
    /// the memory replaced.
    @Suite
    struct DiscoveryMemoryEndToEndTests {
        /// Where discovery looks for a document (`OpenAPIDiscovery.publishedPaths`),
        /// under `base` (a path, `/api`) and under the origin.
        static func places(under base: String) -> Set<String> {
            let published = [
                "openapi.json", "openapi.yaml", "openapi", "schema/", "schema/openapi.json", "api/schema/",
                "swagger.json", "api-docs", "v3/api-docs", "docs/openapi.json", "api-explorer/swagger.json",
            ]
            let directory = base.hasSuffix("/") ? base : base + "/"
            return Set(published.map { directory + $0 } + published.map { "/" + $0 })
        }

        /// Starts Trestle on `baseURL` in `home`, waits for `shown`, and quits with `:quit`
        /// (the cache is written by then).
        static func startAndQuit(_ baseURL: String, home: TemporaryHome, until shown: String) async throws {
            let app = try RunningApp(["--env", "production", "--base-url", baseURL], reportingExit: true, home: home)
            defer { app.stop() }
            try await app.session.eventuallyShows(shown)
            try await app.command("quit")
            let exit = try await app.session.eventuallyShows(RunningApp.endMarker)
            #expect(exit.contains("exit=0"), "after :quit: \(exit)")
        }

        /// A value the test server's handler and the test share.
        final class Shared: Sendable {
            private let value: Mutex<String>
            init(_ value: String) { self.value = Mutex(value) }
            func withLock<T>(_ body: (inout String) -> T) -> T { value.withLock { body(&$0) } }
        }

        @Test func theSecondStartOfNinjaAsksOneDocumentPlace() async throws {
            let server = try await FrameworkServer.start(.ninja)
            defer { server.stop() }
            let home = try TemporaryHome()
            defer { home.remove() }
            let places = Self.places(under: "/api")
            let asked = { (paths: ArraySlice<String>) in
                paths.map { String($0.split(separator: "?").first ?? "") }.filter(places.contains)
            }
            try await Self.startAndQuit(
                server.apiRoot.absoluteString, home: home, until: "(from api/openapi.json)")
            let firstRun = server.requestPaths().count
            let first = asked(server.requestPaths()[...])
            #expect(first.count > 1, "first start: \(first)")
            try await Self.startAndQuit(
                server.apiRoot.absoluteString, home: home, until: "(from api/openapi.json)")
            let second = asked(server.requestPaths().dropFirst(firstRun))
            #expect(second == ["/api/openapi.json"], "second start asked: \(second)")
        }

        @Test func aDocumentThatMovedIsFoundAgainAndRemembered() async throws {
            let engine = JSONServerEngine(
                database: try JSONDatabase(
                    data: Data(
                        #"{"books": [{"id": 1, "title": "Chronicle 1"}, {"id": 2, "title": "Chronicle 2"}]}"#.utf8)))
            let document = Shared("/openapi.json")
            let origin = Shared("http://127.0.0.1")
            let server = try await TestHTTPServer.start { request in
                var forwarded = request
                let at = document.withLock { $0 }
                if request.path == at {
                    forwarded = TestHTTPRequest(
                        method: request.method, path: "/openapi.json", query: request.query, headers: request.headers,
                        body: request.body)
                } else if request.path == "/openapi.json" {
                    return .text("no document here", status: 404)
                }
                let answer = await engine.handle(
                    EngineTestServer.engineRequest(from: forwarded, baseURL: origin.withLock { $0 }))
                return TestHTTPResponse(
                    status: answer.status, headers: answer.headers.map { ($0.name, $0.value) }, body: answer.body)
            }
            let baseURL = "http://127.0.0.1:\(server.port)"
            origin.withLock { $0 = baseURL }
            let home = try TemporaryHome()
            defer { home.remove() }
            let places = Self.places(under: "/")
            let asked = { (requests: ArraySlice<TestHTTPRequest>) in requests.map(\.path).filter(places.contains) }
            do {
                try await Self.startAndQuit(baseURL, home: home, until: "(from openapi.json)")
                document.withLock { $0 = "/swagger.json" }
                let firstRun = await server.requests.count
                // The remembered place answers 404: every place is asked again, and the document found.
                try await Self.startAndQuit(baseURL, home: home, until: "(from swagger.json)")
                let secondRun = await server.requests.count
                let second = asked(await server.requests[firstRun...])
                #expect(second.first == "/openapi.json", "second start asked: \(second)")
                #expect(second.count > 2, "second start asked: \(second)")
                // The memory was replaced: the third start asks the new place alone.
                try await Self.startAndQuit(baseURL, home: home, until: "(from swagger.json)")
                let thirdRequests = await server.requests[secondRun...].filter { places.contains($0.path) }
                let third = thirdRequests.map(\.path)
                #expect(third == ["/swagger.json"], "third start asked: \(third)")
                // The remembered document is revalidated with the ETag it was served with.
                #expect(thirdRequests.first?.header("If-None-Match")?.isEmpty == false, "no If-None-Match sent")
            } catch {
                await server.stop()
                throw error
            }
            await server.stop()
        }
    }
}
