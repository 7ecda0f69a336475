import Foundation
import JSON
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension EndToEnd {
    /// The real binary against a real django-tastypie service
    /// (``FrameworkServer/Framework/tastypie``), given only `/api/v1/`: a
    /// root of `list_endpoint`s, `{meta, objects}` pages, record URIs as
    /// foreign keys, per-resource schemas, and writes answered with empty
    /// bodies (`201` + `Location`, `202`). runserver's own request log says
    /// what was asked.
    @Suite
    struct RealTastypieEndToEndTests {
        typealias Library = FrameworkServer

        @Test func aRealTastypieServiceIsWalkedFromItsRoot() async throws {
            let server = try await FrameworkServer.start(.tastypie)
            defer { server.stop() }
            let app = try RunningApp(["--env", "production", "--base-url", server.apiRoot.absoluteString])
            defer { app.stop() }
            try await LibraryWalk.startAndWalkBooks(
                app, source: "(from the root's list endpoints)", names: ["publisher", "author", "book"])
            let last = Library.bookCount
            #expect(server.requestPaths().contains { $0.hasPrefix("/api/v1/book/?") && $0.contains("offset=") })

            // The last book at its resource_uri, its author (a URI), and the author's books.
            try await LibraryWalk.followAuthorAndBack(app, authorKey: "1", booksLabel: "book")
            let author = Library.author(ofBook: last)

            // A filter the schema declares (`year__gte`), asked of the server.
            try await app.command("book year>=2000")
            let recent = (1...last).filter { 1940 + $0 >= 2000 }
            try await app.session.eventually("the books from 2000 on") { screen in
                screen.contains("where year >= 2000") && ResourceScreen.ids(in: screen) == recent
            }

            // A sort the schema's `ordering` allows (`order_by=-pages`): s to
            // Pages (In Print, not in `ordering`, before it), S reverses.
            try await app.command("book")
            try await app.session.eventually("all the books again") { !$0.contains("where year") }
            try app.session.press("s", "s", "S")
            try await app.session.eventually("sorted by Pages, descending") { $0.contains("Pages ▼") }
            // The cursor stayed on its book: g to the top.
            try app.session.press("g")
            try await app.session.eventually("the books by pages, descending") { screen in
                screen.contains("Pages ▼") && ResourceScreen.ids(in: screen).first == 57
            }
            #expect(server.requestPaths().contains { $0.hasPrefix("/api/v1/book/?") && $0.contains("order_by=-pages") })

            let paths = server.requestPaths()
            #expect(paths.contains("/api/v1/book/\(last)/"), "\(paths)")
            #expect(paths.contains("/api/v1/author/\(author)/"), "\(paths)")
            #expect(paths.contains { $0.hasPrefix("/api/v1/book/?") && $0.contains("author=\(author)") })
            #expect(paths.contains { $0.hasPrefix("/api/v1/book/?") && $0.contains("year__gte=2000") })
            #expect(paths.allSatisfy { !$0.contains("//") && !$0.contains("/api/v1/api/v1") }, "\(paths)")
        }

        @Test func writesAnsweredWithEmptyBodiesAreReadBack() async throws {
            let server = try await FrameworkServer.start(.tastypie)
            defer { server.stop() }
            let walk = try ConventionWriteWalk(root: server.apiRoot, ["--env", "production"]) { [] }
            defer { walk.stop() }
            try await walk.open("book", from: "from the root's list endpoints", shows: "Chronicle 1 ")
            // The form in the columns' order: in_print, pages, title, year, then the URIs.
            let (id, created) = try await walk.create(
                "book", labels: ["Title", "Year", "Pages", "Author", "Publisher"],
                [.keep, .text("321"), .text("Trestle field guide"), .text("2026"), .text("9"), .text("4")])
            #expect(id == Library.bookCount + 1)
            #expect(ResourceScreen.row(ofID: id, in: created)?.contains("Trestle field guide") == true, "\(created)")
            var saved = try await Self.get(server, "book/\(id)/")
            #expect(saved["title"] == "Trestle field guide" && saved["year"] == 2026 && saved["pages"] == 321)
            #expect(saved["author"] == "/api/v1/author/9/" && saved["publisher"] == "/api/v1/publisher/4/")

            try await walk.app.eventuallyCursor(on: id)
            try walk.app.session.press("e")
            try await walk.app.session.eventuallyShows(" Edit book \(id) ")
            try walk.app.session.press("Tab")
            try walk.app.session.press("Tab")
            try walk.app.session.press("C-e")
            try walk.app.session.press("C-u")
            try walk.app.session.type("Guide, revised")
            try walk.app.session.press("Enter")
            let edited = try await walk.app.session.eventually("book \(id) saved") { screen in
                ResourceScreen.status(screen).contains("Book \(id) saved") && !screen.contains(" Edit book ")
            }
            #expect(ResourceScreen.row(ofID: id, in: edited)?.contains("revised") == true, "\(edited)")
            saved = try await Self.get(server, "book/\(id)/")
            #expect(saved["title"] == "Guide, revised")
            let lines = server.requestLines()
            let writes = lines.filter { !$0.hasPrefix("GET ") && !$0.hasPrefix("HEAD ") }
            #expect(writes.first?.hasPrefix("POST /api/v1/book/ ") == true, "\(writes)")
            #expect(writes.contains { $0.hasPrefix("PATCH /api/v1/book/\(id)/ ") }, "\(writes)")
            // The created record was read where Location said.
            #expect(lines.contains { $0.hasPrefix("GET /api/v1/book/\(id)/ ") }, "\(lines)")
        }

        /// A plain GET of `path` under the API root, as JSON.
        static func get(_ server: FrameworkServer, _ path: String) async throws -> JSONValue {
            var request = URLRequest(url: server.apiRoot.appendingPathComponent(path))
            request.setValue("application/json", forHTTPHeaderField: "Accept")
            let (data, response) = try await URLSession.shared.data(for: request)
            #expect((response as? HTTPURLResponse)?.statusCode == 200)
            return try JSONParser.parse(data)
        }
    }
}
