import Foundation
import JSON
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension EndToEnd {
    /// The real binary against a real Django REST framework JSON:API service
    /// (``FrameworkServer/Framework/dja``), given only its router's root: a
    /// root whose `data` is an object of collection links, lists that answer
    /// `406` to `application/json`, resource types named after models
    /// (`Book`, not `books`), relationships without links. runserver's own
    /// request log says what was asked.
    @Suite
    struct RealJSONAPIFrameworkEndToEndTests {
        typealias Library = FrameworkServer

        @Test func aRealJSONAPIServiceIsWalkedFromItsRoot() async throws {
            let server = try await FrameworkServer.start(.dja)
            defer { server.stop() }
            let app = try RunningApp(["--env", "production", "--base-url", server.apiRoot.absoluteString])
            defer { app.stop() }
            try await LibraryWalk.startAndWalkBooks(
                app, source: "(from JSON:API links)", names: ["publishers", "authors", "books"])
            let last = Library.bookCount
            #expect(Self.paths(server).contains { $0.hasPrefix("/books?") && $0.contains("page[number]=") })

            // The last book by its own URL, its author (type `Author`), and the author's books.
            try await LibraryWalk.followAuthorAndBack(app, authorKey: "2", booksLabel: "books")
            let author = Library.author(ofBook: last)

            // A filter the service applies (`filter[author]`), asked of it.
            try await app.command("books author=1")
            let byFirst = (1...last).filter { Library.author(ofBook: $0) == 1 }
            try await app.session.eventually("the first author's books") { screen in
                screen.contains("where author = 1") && ResourceScreen.ids(in: screen) == byFirst
            }

            // A sort the service applies (`sort=-title`): s to Title, S reverses.
            try await app.command("books")
            try await app.session.eventually("all the books again") { !$0.contains("where author") }
            try app.session.press("s", "S")
            try await app.session.eventually("sorted by Title, descending") { $0.contains("Title ▼") }
            // The cursor stayed on its book: g to the top.
            try app.session.press("g")
            try await app.session.eventually("the books by title, descending") { screen in
                screen.contains("Title ▼") && ResourceScreen.ids(in: screen).first == 9
            }
            #expect(Self.paths(server).contains { $0.hasPrefix("/books?") && $0.contains("sort=-title") })

            let paths = Self.paths(server)
            #expect(paths.contains("/books/\(last)"), "\(paths)")
            #expect(paths.contains("/authors/\(author)"), "\(paths)")
            #expect(paths.contains { $0.hasPrefix("/books?") && $0.contains("filter[author]=\(author)") })
            #expect(paths.contains { $0.hasPrefix("/books?") && $0.contains("filter[author]=1") })
            #expect(paths.allSatisfy { !$0.contains("//") }, "\(paths)")
        }

        @Test func writesLandInTheJSONAPIServicesDatabase() async throws {
            let server = try await FrameworkServer.start(.dja)
            defer { server.stop() }
            let walk = try ConventionWriteWalk(root: server.apiRoot, ["--env", "production"]) { [] }
            defer { walk.stop() }
            try await walk.open("books", from: "from JSON:API links", shows: "Chronicle 1 ")
            let (id, created) = try await walk.create(
                "book", labels: ["Title", "Year", "Pages", "Publisher", "Author"],
                [.text("Trestle field guide"), .text("2026"), .text("321"), .keep, .text("4"), .text("9")])
            #expect(id == Library.bookCount + 1)
            #expect(ResourceScreen.row(ofID: id, in: created)?.contains("Trestle field guide") == true, "\(created)")
            var saved = try await Self.get(server, "books/\(id)")
            #expect(saved["data"]?["attributes"]?["title"] == "Trestle field guide")
            #expect(saved["data"]?["attributes"]?["year"] == 2026)
            #expect(saved["data"]?["relationships"]?["author"]?["data"]?["id"] == "9")

            try await walk.app.eventuallyCursor(on: id)
            try walk.app.session.press("e")
            try await walk.app.session.eventuallyShows(" Edit book \(id) ")
            try walk.app.session.press("C-e")
            try walk.app.session.press("C-u")
            try walk.app.session.type("Guide, revised")
            try walk.app.session.press("Enter")
            let edited = try await walk.app.session.eventually("book \(id) saved") { screen in
                ResourceScreen.status(screen).contains("Book \(id) saved") && !screen.contains(" Edit book ")
            }
            #expect(ResourceScreen.row(ofID: id, in: edited)?.contains("revised") == true, "\(edited)")
            saved = try await Self.get(server, "books/\(id)")
            #expect(saved["data"]?["attributes"]?["title"] == "Guide, revised")
            let writes = server.requestLines().filter { !$0.hasPrefix("GET ") && !$0.hasPrefix("HEAD ") }
            #expect(writes.first?.hasPrefix("POST /books ") == true, "\(writes)")
            #expect(writes.contains { $0.hasPrefix("PATCH /books/\(id) ") }, "\(writes)")
        }

        /// A service described by an OpenAPI document whose route knows no
        /// convention: its read goes out as `application/json`, the service
        /// answers `406` in `application/vnd.api+json`, and the read is
        /// asked once more in that type (the one retry).
        @Test func aReadRefusedWith406IsAskedAgainInTheOfferedType() async throws {
            let server = try await FrameworkServer.start(.dja)
            defer { server.stop() }
            let home = try TemporaryHome()
            defer { home.remove() }
            let document = home.root.appendingPathComponent("library.json")
            try Data(Self.document.utf8).write(to: document)
            let books = try await ProcessRunner.runOnThread(
                BuiltProducts.trestle,
                [
                    "get", "books", "--format", "json", "--env", "production", "--base-url",
                    server.apiRoot.absoluteString, "--openapi", document.path, "--catalog", "none",
                ],
                environment: ProcessRunner.baseEnvironment(home.environment), timeout: 120)
            #expect(books.status == 0, "stderr: \(books.stderr)")
            let parsed = try JSONParser.parse(Data(books.stdout.utf8))
            #expect(parsed.arrayValue?.first?["type"] == "Book", "\(books.stdout.prefix(300))")
            #expect(parsed.arrayValue?.first?["attributes"]?["title"] == "Chronicle 1")
            let asked = server.requestPaths().filter { $0 == "/books" }
            #expect(asked.count == 2, "\(server.requestLines())")
        }

        /// An OpenAPI document of the JSON:API service's `/books`, as a user might write it.
        static let document = """
            {"openapi": "3.0.3", "info": {"title": "Library", "version": "1"},
             "paths": {"/books": {"get": {"responses": {"200": {"description": "books",
               "content": {"application/vnd.api+json": {"schema": {"type": "object", "properties": {
                 "data": {"type": "array", "items": {"type": "object"}}}}}}}}}}}}
            """

        /// The paths the server was asked, percent-escapes undone (`filter[author]`).
        static func paths(_ server: FrameworkServer) -> [String] {
            server.requestPaths().map { $0.removingPercentEncoding ?? $0 }
        }

        /// A GET of `path` under the root in JSON:API's media type, as JSON.
        static func get(_ server: FrameworkServer, _ path: String) async throws -> JSONValue {
            var request = URLRequest(url: server.apiRoot.appendingPathComponent(path))
            request.setValue("application/vnd.api+json", forHTTPHeaderField: "Accept")
            let (data, response) = try await URLSession.shared.data(for: request)
            #expect((response as? HTTPURLResponse)?.statusCode == 200)
            return try JSONParser.parse(data)
        }
    }
}
