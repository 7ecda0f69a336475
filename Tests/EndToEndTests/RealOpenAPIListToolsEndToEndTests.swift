import Foundation
import JSON
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension EndToEnd {
    /// The steps of the OpenAPI frameworks' walk the first walk leaves out
    /// (``RealOpenAPIFrameworksEndToEndTests``), on the same fixtures:
    /// Django Ninja's `G` past its first page of 100, and search, sort and
    /// filter where neither document names any. Ninja's `GET /api/books`
    /// lists only `limit` and `offset`; Flask-RESTX's `/books/` lists no
    /// parameter at all. So Trestle sends none: it searches, sorts and
    /// filters the loaded rows, and the status line says so.
    @Suite
    struct RealOpenAPIListToolsEndToEndTests {
        /// Books made through Ninja's own write API before the walk, so
        /// that the list is longer than its page of 100 (the other walks
        /// start their own server and keep their 64).
        static let addedBooks = 56

        @Test func djangoNinjasGReachesTheLastBookPastTheFirstPage() async throws {
            let server = try await FrameworkServer.start(.ninja)
            defer { server.stop() }
            let first = FrameworkServer.bookCount + 1
            let last = FrameworkServer.bookCount + Self.addedBooks
            for number in first...last { try await Self.create(book: number, on: server) }
            let app = try RunningApp(["--env", "production", "--base-url", server.apiRoot.absoluteString])
            defer { app.stop() }
            try await app.session.eventually("books counted as \(last)") { screen in
                ResourceScreen.startCount(of: "books", in: screen) == last
            }
            try await app.command("books")
            try await app.session.eventually("the first books") { $0.contains("Chronicle 1 ") }
            try app.session.press("G")
            let end = try await app.eventuallyCursor(on: last)
            #expect(end.contains(FrameworkServer.title(ofBook: last)), "\(end)")
            let books = server.requestPaths().filter { $0.hasPrefix("/api/books?") }
            // The second page is asked by the document's own words.
            #expect(books.contains { $0.contains("offset=100") && $0.contains("limit=100") }, "\(books)")
            #expect(!books.contains { $0.contains("page=") }, "\(books)")
        }

        /// `s`/`S`, `/` and `:books year>=2000` on a framework whose
        /// document names no sort, search or filter parameter: the loaded
        /// rows, and nothing of them sent.
        @Test(arguments: [FrameworkServer.Framework.ninja, .flaskRESTX])
        func sortSearchAndFilterAreDoneOnTheLoadedBooks(_ framework: FrameworkServer.Framework) async throws {
            let server = try await FrameworkServer.start(framework)
            defer { server.stop() }
            let app = try RunningApp(["--env", "production", "--base-url", server.apiRoot.absoluteString])
            defer { app.stop() }
            let last = FrameworkServer.bookCount
            try await app.session.eventually("books counted") { screen in
                ResourceScreen.startCount(of: "books", in: screen) == last
            }
            try await app.command("books")
            try await app.session.eventually("the first books") { $0.contains("Chronicle 1 ") }

            // Sort: the first column (the title), then reversed, as text:
            // "Chronicle 9" first, then 8 and 7 (before 64).
            try app.session.press("s")
            try await app.session.eventually("sorted by Title") { screen in
                FilterSortEndToEndTests.columnHeader(screen)?.contains("Title ▲") == true
                    && ResourceScreen.ids(in: screen).prefix(3) == [1, 10, 11]
            }
            try app.session.press("S")
            try await app.session.eventually("reversed") {
                FilterSortEndToEndTests.columnHeader($0)?.contains("Title ▼") == true
            }
            // The cursor stayed on its book: g to the top.
            try app.session.press("g")
            let sorted = try await app.session.eventually("sorted by Title, descending") { screen in
                FilterSortEndToEndTests.columnHeader(screen)?.contains("Title ▼") == true
                    && ResourceScreen.ids(in: screen).first == 9
            }
            #expect(ResourceScreen.ids(in: sorted).prefix(4) == [9, 8, 7, 64], "\(sorted)")

            // Search: the last book's year, which no other row holds in any
            // column; the loaded rows narrowed here.
            try app.session.press("/")
            try app.session.type(String(1940 + last))
            try app.session.press("Enter")
            let found = try await app.session.eventually("only the last book") { ResourceScreen.ids(in: $0) == [last] }
            #expect(found.contains("filtered here") && !found.contains("server search"), "\(found)")
            try app.session.press("Escape")
            try await app.session.eventually("every book again") { ResourceScreen.ids(in: $0).count > 1 }

            // Filter: an operator the document does not name, over the loaded rows.
            try await app.command("books year>=2000")
            let recent = (1...last).filter { 1940 + $0 >= 2000 }
            try await app.session.eventuallyShows(
                "OpenAPI server cannot filter year >= 2000: filtering the loaded books here")
            try await app.session.eventually("the books from 2000 on") { screen in
                screen.contains("where year >= 2000") && Set(ResourceScreen.ids(in: screen)) == Set(recent)
            }

            let books = server.requestPaths().filter { $0.contains("/books") && $0.contains("?") }
            for word in ["sort", "order", "search", "q=", "year", "\(1940 + last)"] {
                #expect(!books.contains { $0.contains(word) }, "\(word) sent: \(books)")
            }
        }

        /// Book `number` as the seed would have made it, created by `POST /api/books`.
        static func create(book number: Int, on server: FrameworkServer) async throws {
            let url = try #require(URL(string: "http://127.0.0.1:\(server.port)/api/books"))
            var request = URLRequest(url: url)
            request.httpMethod = "POST"
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            let book: JSONValue = .object([
                "title": .string(FrameworkServer.title(ofBook: number)), "year": .int(1940 + number),
                "pages": .int(100 + number), "publisher_id": .int(FrameworkServer.publisher(ofBook: number)),
                "author_id": .int(FrameworkServer.author(ofBook: number)), "in_print": .bool(true),
            ])
            request.httpBody = JSONWriter.data(book)
            let (data, response) = try await URLSession.shared.data(for: request)
            let status = (response as? HTTPURLResponse)?.statusCode
            #expect(status == 200, "\(String(decoding: data, as: UTF8.self))")
            #expect(try JSONParser.parse(data)["id"] == .int(number))
        }
    }
}
