import Foundation
import JSON
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension EndToEnd {
    /// The real binary against real frameworks that publish an OpenAPI or
    /// Swagger document (``FrameworkServer``: Django Ninja 1.7.1 at `/api`,
    /// its document at `/api/openapi.json` with no `servers` and paths
    /// written from the origin; Flask-RESTX 1.3.2 at `/`, Swagger 2.0 at
    /// `/swagger.json`, lists at `/books/` and records at `/books/{id}`),
    /// given only the URL a user would give: start screen → list → `G` →
    /// record by its own URL → its author → the author's books → a create
    /// and an edit through the forms. The servers' own
    /// request logs say what was asked: the paths as the documents write
    /// them, never `/api/api/…`, and no JSONPlaceholder guess (`/todos`).
    @Suite
    struct RealOpenAPIFrameworksEndToEndTests {
        @Test func djangoNinjaIsWalkedFromItsAPIRoot() async throws {
            let server = try await FrameworkServer.start(.ninja)
            defer { server.stop() }
            let app = try RunningApp(["--env", "production", "--base-url", server.apiRoot.absoluteString])
            defer { app.stop() }
            try await walk(app, source: "api/openapi.json", bookPath: "/api/books/")
            try await write(app, server: server, created: "Book 65 created")

            let paths = server.requestPaths()
            #expect(paths.contains("/api/openapi.json"), "\(paths)")
            #expect(paths.contains("/api/books/\(FrameworkServer.bookCount)"), "\(paths)")
            #expect(!paths.contains { $0.contains("/api/api/") }, "\(paths)")
            #expect(!paths.contains { $0.contains("todos") }, "\(paths)")
            #expect(paths.allSatisfy { !$0.contains("//") }, "\(paths)")
        }

        @Test func flaskRESTXIsWalkedFromItsRoot() async throws {
            let server = try await FrameworkServer.start(.flaskRESTX)
            defer { server.stop() }
            let app = try RunningApp(["--env", "production", "--base-url", server.apiRoot.absoluteString])
            defer { app.stop() }
            try await walk(app, source: "swagger.json", bookPath: "/books/")
            try await write(app, server: server, created: "Book 65 created")

            let paths = server.requestPaths()
            #expect(paths.contains("/swagger.json"), "\(paths)")
            // The record as the document writes it: `/books/{id}`, no slash added.
            #expect(paths.contains("/books/\(FrameworkServer.bookCount)"), "\(paths)")
            #expect(!paths.contains("/books/\(FrameworkServer.bookCount)/"), "\(paths)")
            #expect(!paths.contains { $0.contains("todos") }, "\(paths)")
        }

        /// The walk both frameworks share: counts, `:BOOKS` (a name as the
        /// user types it), `G` to book 64, Enter, its author.
        private func walk(_ app: RunningApp, source: String, bookPath: String) async throws {
            let start = try await app.session.eventually("the collections of \(source), counted") { screen in
                screen.contains("(from \(source))")
                    && ["publishers", "authors", "books"].allSatisfy {
                        ResourceScreen.startCount(of: $0, in: screen) != nil
                    }
            }
            #expect(ResourceScreen.startCount(of: "publishers", in: start) == FrameworkServer.publisherCount)
            #expect(ResourceScreen.startCount(of: "authors", in: start) == FrameworkServer.authorCount)
            #expect(ResourceScreen.startCount(of: "books", in: start) == FrameworkServer.bookCount)
            #expect(!start.contains("built-in catalog"), "\(start)")

            try await app.command("BOOKS")
            let list = try await app.session.eventually("books with their attribute columns") { screen in
                screen.contains("Chronicle 1 ") && screen.contains("Title") && screen.contains("Year")
                    && screen.contains("Pages")
            }
            #expect(ResourceScreen.row(ofID: 2, in: list)?.contains("1942") == true, "\(list)")
            let last = FrameworkServer.bookCount
            try app.session.press("G")
            try await app.eventuallyCursor(on: last)

            try app.session.press("Enter")
            try await app.session.eventually("the last book and its relations") { screen in
                screen.contains("\"title\": \"\(FrameworkServer.title(ofBook: last))\"")
                    && screen.contains("publisher →") && screen.contains("author →")
                    && !screen.contains("Server answered")
            }
            let author = FrameworkServer.author(ofBook: last)
            try app.session.press("2")
            try await app.session.eventually("its author") { screen in
                screen.contains("\"name\": \"\(FrameworkServer.authorNames[author - 1])\"")
                    && !screen.contains("Server answered")
            }
            // Author → books: by `author_id`, which neither document lists
            // as a filter: the loaded books are filtered here.
            try app.session.press("1")
            let written = (1...last).filter { FrameworkServer.author(ofBook: $0) == author }
            try await app.session.eventually("the author's books") { screen in
                screen.contains("where author_id = \(author)") && ResourceScreen.ids(in: screen) == written
            }
            try app.session.press("Escape")
            try await app.session.eventually("back on the author") { screen in
                screen.contains("\"name\": \"\(FrameworkServer.authorNames[author - 1])\"")
            }
            try app.session.press("Escape")
            try await app.session.eventually("back on the book") { screen in
                screen.contains("\"title\": \"\(FrameworkServer.title(ofBook: last))\"")
            }
            try app.session.press("Escape")
            try await app.session.eventually("back on the list") { screen in
                ResourceScreen.row(ofID: last, in: screen) != nil
            }
        }

        /// `n` and its form, then `e` on the new book: both land in the
        /// framework's database.
        private func write(_ app: RunningApp, server: FrameworkServer, created: String) async throws {
            try app.session.press("n")
            try await app.session.eventually("the new book form") { screen in
                screen.contains(" New book ") && ["Title", "Year", "Pages"].allSatisfy { screen.contains($0 + ":") }
            }
            let form = try app.session.screen()
            // The form's fields in their order: title, year, pages, publisher_id, author_id, in_print.
            for (index, text) in ["Trestle field guide", "2026", "321", "4", "9"].enumerated() {
                if index > 0 { try app.session.press("Tab") }
                try app.session.type(text)
            }
            try app.session.press("Enter")
            let id = FrameworkServer.bookCount + 1
            try await app.session.eventually("book \(id) created") { screen in
                ResourceScreen.status(screen).contains(created) && !screen.contains(" New book ")
            }
            let saved = try await Self.get(server, id: id)
            #expect(saved["title"] == "Trestle field guide" && saved["year"] == 2026, "\(saved) — form:\n\(form)")

            try await app.eventuallyCursor(on: id)
            try app.session.press("e")
            try await app.session.eventuallyShows(" Edit book \(id) ")
            try app.session.press("C-e")
            try app.session.press("C-u")
            try app.session.type("Trestle field guide, revised")
            try app.session.press("Enter")
            try await app.session.eventually("book \(id) saved") { screen in
                ResourceScreen.status(screen).contains("Book \(id) saved") && !screen.contains(" Edit book ")
            }
            #expect(try await Self.get(server, id: id)["title"] == "Trestle field guide, revised")
        }

        /// The book as the framework's own record URL gives it.
        static func get(_ server: FrameworkServer, id: Int) async throws -> JSONValue {
            let path = server.framework == .ninja ? "/api/books/\(id)" : "/books/\(id)"
            let url = try #require(URL(string: "http://127.0.0.1:\(server.port)\(path)"))
            let (data, _) = try await URLSession.shared.data(from: url)
            return try JSONParser.parse(data)
        }

        /// A service that describes nothing Trestle knows (a JSON root, 404
        /// elsewhere): no JSONPlaceholder request, and the start screen says
        /// what was tried, a line each.
        @Test func anUnknownServiceSaysWhatWasTriedAndGuessesNothing() async throws {
            let server = try await TestHTTPServer.start { request in
                request.path == "/" ? .json(#"{"hello": "world"}"#) : .init(status: 404)
            }
            let app = try RunningApp(["--env", "production", "--base-url", server.baseURL.absoluteString])
            defer { app.stop() }
            let screen = try await app.session.eventually("what was tried") { screen in
                screen.contains("This service describes no collections that Trestle found. Tried:")
                    && screen.contains("json-server's database")
            }
            #expect(screen.contains("the root \(server.baseURL.absoluteString)"), "\(screen)")
            #expect(screen.contains("HTTP 200, in no convention Trestle knows"), "\(screen)")
            #expect(screen.contains("places for an OpenAPI document"), "\(screen)")
            #expect(!screen.contains("todos") && !screen.contains("built-in catalog"), "\(screen)")
            let paths = await server.requests.map(\.path)
            await server.stop()
            let guesses = ["/todos", "/posts", "/comments", "/albums", "/photos", "/users"]
            #expect(!paths.contains { guesses.contains($0) }, "\(paths)")
            #expect(paths.contains("/openapi.json") && paths.contains("/swagger.json"), "\(paths)")
            #expect(paths.count <= 24, "\(paths)")
        }
    }
}
