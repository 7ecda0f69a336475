import Foundation
import JSON
import Synchronization
import TestSupport
import Testing

extension EndToEnd {
    /// Where discovery finds a document no framework fixture serves that
    /// way, on a test server: a root's `Link: rel="service-desc"` (RFC 8631),
    /// a Swagger UI or Redoc page at the root naming its spec URL, and a
    /// list whose document requires query parameters (sent on every request).
    @Suite
    struct DiscoveryPlacesEndToEndTests {
        static let bookCount = 45

        /// A library of books under `/books` (`{items, count}`, `limit`/`offset`),
        /// its document at `documentPath`, `root` answering the root.
        static func library(
            documentPath: String, document: String = Self.document(), requires: [String] = [],
            root: @escaping @Sendable () -> TestHTTPResponse
        ) async throws -> TestHTTPServer {
            try await TestHTTPServer.start { request in
                switch request.path {
                case "/":
                    return root()
                case documentPath:
                    return .json(document)
                case "/books":
                    let items = Dictionary(
                        request.queryItems.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
                    // A required parameter missing: the server refuses the request, as a framework's validation does.
                    guard requires.allSatisfy({ items[$0] != nil }) else {
                        return .json(#"{"detail": "a required query parameter is missing"}"#, status: 422)
                    }
                    let limit = Int(items["limit"] ?? "") ?? 20
                    let offset = Int(items["offset"] ?? "") ?? 0
                    let ids = Array(1...Self.bookCount).dropFirst(offset).prefix(limit)
                    let books = ids.map { #"{"id": \#($0), "title": "Chronicle \#($0)"}"# }
                    return .json(#"{"items": [\#(books.joined(separator: ", "))], "count": \#(Self.bookCount)}"#)
                default:
                    return .text("not found", status: 404)
                }
            }
        }

        /// An OpenAPI 3.0 document of `/books` (paged by `limit`/`offset`) and `/books/{id}`;
        /// `required` marks those query parameters required, and adds a required `format`
        /// whose example is `json`.
        static func document(required: Bool = false) -> String {
            let flag = required ? "true" : "false"
            let format =
                required
                ? #", {"name": "format", "in": "query", "required": true, "schema": {"type": "string"}, "example": "json"}"#
                : ""
            return #"""
                {"openapi": "3.0.3", "info": {"title": "Library", "version": "1"},
                 "paths": {
                  "/books": {"get": {"parameters": [
                     {"name": "limit", "in": "query", "required": \#(flag), "schema": {"type": "integer", "default": 20, "maximum": 20}},
                     {"name": "offset", "in": "query", "required": \#(flag), "schema": {"type": "integer", "default": 0}}\#(format)],
                   "responses": {"200": {"description": "A page", "content": {"application/json": {"schema":
                     {"type": "object", "properties": {"items": {"type": "array", "items": {"$ref": "#/components/schemas/Book"}},
                      "count": {"type": "integer"}}}}}}}}},
                  "/books/{id}": {"get": {"parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "integer"}}],
                   "responses": {"200": {"description": "A book", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Book"}}}}}}}},
                 "components": {"schemas": {"Book": {"type": "object", "required": ["id", "title"],
                   "properties": {"id": {"type": "integer"}, "title": {"type": "string"}}}}}}
                """#
        }

        /// Starts on the service's root and waits for the start screen naming `source`, books counted.
        static func startScreen(_ server: TestHTTPServer, source: String) async throws {
            let app = try RunningApp(["--env", "production", "--base-url", "http://127.0.0.1:\(server.port)"])
            defer { app.stop() }
            try await app.session.eventually("books from \(source), counted", timeout: 60) { screen in
                screen.contains("(from \(source))")
                    && ResourceScreen.startCount(of: "books", in: screen) == Self.bookCount
            }
        }

        @Test func aRootsServiceDescLinkIsFollowed() async throws {
            let server = try await Self.library(documentPath: "/specs/library.json") {
                TestHTTPResponse(
                    status: 200,
                    headers: [
                        ("Content-Type", "application/json"), ("Link", #"</specs/library.json>; rel="service-desc""#),
                    ],
                    body: Data(#"{"name": "library"}"#.utf8))
            }
            do {
                try await Self.startScreen(server, source: "specs/library.json")
            } catch {
                await server.stop()
                throw error
            }
            let paths = await server.requests.map(\.path)
            await server.stop()
            #expect(paths.contains("/specs/library.json"), "\(paths)")
        }

        /// Swagger UI's `index.html` as its own template writes it (swagger-ui 5, `dist/index.html`
        /// with `swagger-initializer.js` inlined, as Flask-RESTX's `swagger-ui.html` does).
        static func swaggerUIPage(url: String) -> String {
            """
            <!DOCTYPE html>
            <html lang="en">
              <head>
                <meta charset="UTF-8">
                <title>Swagger UI</title>
                <link rel="stylesheet" type="text/css" href="./swagger-ui.css" />
                <link rel="stylesheet" type="text/css" href="index.css" />
              </head>
              <body>
                <div id="swagger-ui"></div>
                <script src="./swagger-ui-bundle.js" charset="UTF-8"> </script>
                <script src="./swagger-ui-standalone-preset.js" charset="UTF-8"> </script>
                <script>
                  window.onload = function() {
                    window.ui = SwaggerUIBundle({
                      url: "\(url)",
                      validatorUrl: null,
                      dom_id: '#swagger-ui',
                      deepLinking: true,
                      presets: [
                        SwaggerUIBundle.presets.apis,
                        SwaggerUIStandalonePreset
                      ],
                      plugins: [
                        SwaggerUIBundle.plugins.DownloadUrl
                      ],
                      layout: "StandaloneLayout"
                    });
                  };
                </script>
              </body>
            </html>
            """
        }

        @Test func aSwaggerUIPageAtTheRootNamesTheDocument() async throws {
            let page = Self.swaggerUIPage(url: "/static/library-v2.json")
            let server = try await Self.library(documentPath: "/static/library-v2.json") {
                TestHTTPResponse(
                    status: 200, headers: [("Content-Type", "text/html; charset=utf-8")], body: Data(page.utf8))
            }
            do {
                try await Self.startScreen(server, source: "static/library-v2.json")
            } catch {
                await server.stop()
                throw error
            }
            await server.stop()
        }

        @Test func aRedocPageAtTheRootNamesTheDocument() async throws {
            let page = """
                <!DOCTYPE html>
                <html><head><title>Library</title></head>
                <body>
                  <redoc spec-url="spec/redoc-library.json"></redoc>
                  <script src="https://cdn.redoc.ly/redoc/latest/bundles/redoc.standalone.js"></script>
                </body></html>
                """
            let server = try await Self.library(documentPath: "/spec/redoc-library.json") {
                TestHTTPResponse(status: 200, headers: [("Content-Type", "text/html")], body: Data(page.utf8))
            }
            do {
                try await Self.startScreen(server, source: "spec/redoc-library.json")
            } catch {
                await server.stop()
                throw error
            }
            await server.stop()
        }

        @Test func requiredQueryParametersAreSentOnEveryListRequest() async throws {
            let required = ["limit", "offset", "format"]
            let server = try await Self.library(
                documentPath: "/openapi.json", document: Self.document(required: true), requires: required
            ) { .text("not found", status: 404) }
            let app = try RunningApp(
                ["--env", "production", "--base-url", "http://127.0.0.1:\(server.port)", "books"])
            defer { app.stop() }
            do {
                try await app.session.eventually("the first books", timeout: 60) {
                    $0.contains("Chronicle 2") && $0.contains("books 45")
                }
                try app.session.press("G")
                try await app.eventuallyCursor(on: Self.bookCount)
            } catch {
                await server.stop()
                throw error
            }
            // The list requests made from the document's route: all but the
            // launch target's own guess, asked once in json-server's words
            // while the document is looked for (before it, or — discovery
            // waits for the guess only so long — beside it on a busy machine).
            var lists = await server.requests.filter { $0.path == "/books" }
            if let guess = lists.firstIndex(where: { $0.queryItems.contains { $0.name == "_page" } }) {
                lists.remove(at: guess)
            }
            await server.stop()
            #expect(lists.count >= 2, "\(lists.map { $0.query ?? "" })")
            for list in lists {
                let names = Set(list.queryItems.map(\.name))
                #expect(Set(required).isSubset(of: names), "sent: \(list.query ?? "")")
            }
            #expect(lists.allSatisfy { $0.queryItems.contains { $0.name == "format" && $0.value == "json" } })
        }
    }
}
