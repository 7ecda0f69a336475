import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// The real binary given OpenAPI documents no real service publishes:
    /// a YAML alias bomb is refused in one line (and Ctrl-C still quits), a
    /// path that climbs out of the base URL's path is never asked.
    @Suite
    struct HostileDocumentEndToEndTests {
        /// A 3.1 document with `/todos`, and nine levels of `&a [*a ×10]`
        /// (a billion nodes expanded) under an `x-` extension.
        static let bomb: String = {
            var lines = ["x-bomb:", "  - &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
            for level in 1...8 {
                lines.append(
                    "  - &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", ") + "]")
            }
            lines += [
                "openapi: 3.1.0", "info: {title: bomb, version: '1'}", "paths:", "  /todos:", "    get:",
                "      responses:", "        '200':", "          description: ok", "          content:",
                "            application/json:",
                "              schema: {type: array, items: {type: object, properties: {id: {type: integer}}}}",
            ]
            return lines.joined(separator: "\n") + "\n"
        }()

        /// A server of `/todos` and `/books` (two each), with `document` at `documentPath`.
        static func server(document: String? = nil, at documentPath: String = "/openapi.yaml") async throws
            -> TestHTTPServer
        {
            try await TestHTTPServer.start { request in
                if request.path.hasSuffix("/todos") || request.path.hasSuffix("/books") {
                    return .json(
                        #"[{"id": 1, "userId": 1, "title": "one", "completed": false},"#
                            + #" {"id": 2, "userId": 1, "title": "two", "completed": true}]"#)
                }
                if let document, request.path == documentPath { return .text(document) }
                return TestHTTPResponse(status: 404)
            }
        }

        /// Waits for the one line that names the limit, then quits with Ctrl-C.
        static func expectRefusedThenQuits(_ app: RunningApp) async throws {
            let screen = try await app.session.eventually("the alias limit said", timeout: 20) { screen in
                screen.contains("YAML aliases expand past the limit of 1000000 nodes")
            }
            #expect(screen.components(separatedBy: "\n").filter { $0.contains("YAML aliases") }.count == 1)
            let pid = try app.trestlePID()
            if let resident = Self.residentMegabytes(pid) { #expect(resident < 400, "trestle holds \(resident) MB") }
            try app.session.press("C-c")
            let after = try await app.session.eventuallyShows(RunningApp.endMarker, timeout: 10)
            #expect(after.range(of: #"exit=(0|130)\b"#, options: .regularExpression) != nil)
        }

        /// The resident memory of `pid` (VmRSS), in MB.
        static func residentMegabytes(_ pid: Int32) -> Int? {
            guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
                let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
                let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
            else { return nil }
            return kilobytes / 1024
        }

        @Test func anAliasBombGivenWithOpenAPIIsRefusedInOneLine() async throws {
            let server = try await Self.server()
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bomb-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            try Data(Self.bomb.utf8).write(to: folder.appendingPathComponent("bomb.yaml"))
            let app = try RunningApp(
                ["--env", "production", "--base-url", server.baseURL.absoluteString, "--openapi", "bomb.yaml"],
                cols: 200, reportingExit: true, directory: folder.path)
            defer { app.stop() }
            try await Self.expectRefusedThenQuits(app)
            await server.stop()
        }

        @Test func anAliasBombFoundByDiscoveryIsRefusedInOneLine() async throws {
            let server = try await Self.server(document: Self.bomb)
            let app = try RunningApp(
                ["--env", "production", "--base-url", server.baseURL.absoluteString], cols: 200, reportingExit: true)
            defer { app.stop() }
            try await Self.expectRefusedThenQuits(app)
            await server.stop()
        }

        @Test func aPathThatClimbsOutOfTheBaseURLIsNeverAsked() async throws {
            let list = { (path: String) in
                #"""
                "\#(path)": {"get": {"responses": {"200": {"description": "ok", "content": {"application/json":
                  {"schema": {"type": "array", "items": {"type": "object", "properties":
                    {"id": {"type": "integer"}, "title": {"type": "string"}}}}}}}}}}
                """#
            }
            let document = #"""
                {"openapi": "3.1.0", "info": {"title": "t", "version": "1"}, "paths": {
                \#(list("/books")), \#(list("/../../etc/passwd")), \#(list("/%2e%2e/%2E%2E/etc/shadow"))}}
                """#
            let server = try await Self.server(document: document, at: "/api/v1/openapi.json")
            let base = server.baseURL.absoluteString + "/api/v1"
            let app = try RunningApp(["--env", "production", "--base-url", base])
            defer { app.stop() }
            // The document has no `todos`: the start screen lists what it has.
            try await app.session.eventually("the books counted") { screen in
                ResourceScreen.startCount(of: "books", in: screen) == 2
            }
            let screen = try app.session.screen()
            // Listed nowhere as a resource; the status line says a path was left out.
            let rows = screen.components(separatedBy: "\n").dropLast(2)
            #expect(!rows.contains { $0.contains("passwd") || $0.contains("shadow") }, "\(screen)")
            #expect(ResourceScreen.status(screen).contains("OpenAPI document"), "\(screen)")
            let paths = await server.requests.map(\.path)
            #expect(paths.contains("/api/v1/books"))
            #expect(!paths.contains { $0.contains("passwd") || $0.contains("shadow") || $0.contains("..") })
            await server.stop()
        }
    }
}
