import Foundation
import JSON
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension EndToEnd {
    /// The real binary against a real Django REST framework service
    /// (``DjangoServer``: Django, DRF's DefaultRouter, PageNumberPagination
    /// and LimitOffsetPagination, django-filter, drf-spectacular), given only
    /// its API root: start screen → list → last page → record → relation
    /// both ways, filters, and writes that land in Django's database.
    /// runserver's own request log says what was asked.
    @Suite
    struct RealDjangoEndToEndTests {
        @Test func aRealDjangoServiceIsWalkedFromItsRoot() async throws {
            let server = try await DjangoServer.start()
            defer { server.stop() }
            let app = try RunningApp(["--env", "production", "--base-url", server.apiRoot.absoluteString])
            defer { app.stop() }
            let start = try await app.session.eventually("the Django root's collections, counted") { screen in
                screen.contains("(from the Django REST root)")
                    && ["publishers", "authors", "books"].allSatisfy {
                        ResourceScreen.startCount(of: $0, in: screen) != nil
                    }
            }
            #expect(ResourceScreen.startCount(of: "publishers", in: start) == DjangoServer.publisherCount)
            #expect(ResourceScreen.startCount(of: "authors", in: start) == DjangoServer.authorCount)
            #expect(ResourceScreen.startCount(of: "books", in: start) == DjangoServer.bookCount)

            try await app.command("books")
            let list = try await app.session.eventually("books with their attribute columns") { screen in
                screen.contains("Chronicle 1 ") && screen.contains("Title") && screen.contains("Year")
                    && screen.contains("Pages")
            }
            #expect(ResourceScreen.row(ofID: 2, in: list)?.contains("1942") == true, "\(list)")
            let last = DjangoServer.bookCount
            try await ConventionsEndToEndTests.walkToTheEnd(app, last: DjangoServer.title(ofBook: last))

            // The last book, its publisher (a primary key), and back.
            try app.session.press("Enter")
            try await app.session.eventually("the last book and its relations") { screen in
                screen.contains("\"title\": \"\(DjangoServer.title(ofBook: last))\"") && screen.contains("publisher →")
                    && screen.contains("author →")
            }
            let publisher = DjangoServer.publisher(ofBook: last)
            try app.session.press("1")
            let published = (1...last).filter { DjangoServer.publisher(ofBook: $0) == publisher }
            try await app.session.eventually("its publisher, its books counted") { screen in
                screen.contains("\"name\": \"\(DjangoServer.publisherNames[publisher - 1])\"")
                    && screen.contains("books (\(published.count))")
            }

            // The publisher's books: the children relation, filtered by Django.
            try app.session.press("1")
            let books = try await app.session.eventually("the publisher's books") { screen in
                screen.contains("where publisher = \(publisher)")
                    && ResourceScreen.ids(in: screen).count == published.count
            }
            #expect(ResourceScreen.ids(in: books) == published)
            try app.session.press("Escape")
            try await app.session.eventually("back on the publisher") { screen in
                screen.contains("\"name\": \"\(DjangoServer.publisherNames[publisher - 1])\"")
            }
            try app.session.press("Escape")
            try await app.session.eventually("back on the book") { screen in
                screen.contains("\"title\": \"\(DjangoServer.title(ofBook: last))\"")
            }

            let paths = server.requestPaths()
            #expect(paths.contains("/api/books/\(last)/"), "\(paths)")
            #expect(paths.contains("/api/publishers/\(publisher)/"), "\(paths)")
            #expect(paths.contains { $0.hasPrefix("/api/books/?") && $0.contains("publisher=\(publisher)") })
            #expect(paths.allSatisfy { !$0.contains("//") }, "\(paths)")
            #expect(try app.trestlePID() > 0, "trestle is still running")
        }

        @Test func limitOffsetPagingAndFiltersReachDjango() async throws {
            let server = try await DjangoServer.start()
            defer { server.stop() }
            let app = try RunningApp(["--env", "production", "--base-url", server.apiRoot.absoluteString])
            defer { app.stop() }
            try await app.session.eventually("the Django root") { $0.contains("(from the Django REST root)") }

            // Authors page by limit/offset (LimitOffsetPagination).
            try await app.command("authors")
            try await app.session.eventually("the first authors") { $0.contains(DjangoServer.authorNames[0]) }
            try await ConventionsEndToEndTests.walkToTheEnd(app, last: DjangoServer.authorNames.last ?? "")
            #expect(server.requestPaths().contains("/api/authors/?limit=10&offset=10"), "\(server.requestPaths())")

            // A lookup django-filter declares: asked of the server, answered by it.
            try await app.command("books year>=2000")
            let recent = (1...DjangoServer.bookCount).filter { 1940 + $0 >= 2000 }
            let filtered = try await app.session.eventually("the books from 2000 on") { screen in
                screen.contains("where year >= 2000") && ResourceScreen.ids(in: screen) == recent
            }
            #expect(ResourceScreen.ids(in: filtered) == recent)
            #expect(server.requestPaths().contains { $0.contains("year__gte=2000") }, "\(server.requestPaths())")

            // One the view does not declare (its drf-spectacular document
            // lists `publisher`, not `publisher__ne`): django-filter would
            // ignore it, so it is not sent; the loaded books are filtered
            // here and the status line says so.
            try await app.command("books publisher!=4")
            try await app.session.eventuallyShows(
                "Django REST server cannot filter publisher != 4: filtering the loaded books here")
            let here = try await app.session.eventually("the books of other publishers") { screen in
                screen.contains("where publisher != 4") && ResourceScreen.ids(in: screen).starts(with: [1, 2, 3, 5])
            }
            #expect(ResourceScreen.ids(in: here).allSatisfy { DjangoServer.publisher(ofBook: $0) != 4 }, "\(here)")
            #expect(!server.requestPaths().contains { $0.contains("publisher__ne") }, "\(server.requestPaths())")
            #expect(server.requestPaths().allSatisfy { !$0.contains("//") })
        }

        /// Editions are the books through a view without `SearchFilter`,
        /// which ignores `search=`; the service's drf-spectacular document
        /// says which views search. `/` on editions searches the loaded rows
        /// here, says so, pages in to the match (the last book's year) and sends no
        /// `search=`; on books (a `SearchFilter` view) the server searches.
        @Test func aViewWithoutSearchFilterIsSearchedHere() async throws {
            let server = try await DjangoServer.start()
            defer { server.stop() }
            let app = try RunningApp(["--env", "production", "--base-url", server.apiRoot.absoluteString])
            defer { app.stop() }
            try await app.session.eventually("the Django root with editions") { screen in
                screen.contains("(from the Django REST root)")
                    && ResourceScreen.startCount(of: "editions", in: screen) == DjangoServer.bookCount
            }
            try await app.command("editions")
            try await app.session.eventually("the first editions") { $0.contains("Chronicle 1 ") }
            // The last book's year: no other row holds it in any column.
            let last = DjangoServer.bookCount
            try app.session.press("/")
            try app.session.type(String(1940 + last))
            try app.session.press("Enter")
            try await app.session.eventuallyShows("Django REST server cannot search: searching the ")
            let found = try await app.session.eventually("only the last edition") { screen in
                ResourceScreen.ids(in: screen) == [last]
            }
            #expect(found.contains("filtered here") && !found.contains("server search"), "\(found)")
            let editions = server.requestPaths().filter { $0.hasPrefix("/api/editions/") }
            #expect(editions.contains { $0.contains("page=\(last / DjangoServer.pageSize + 1)") }, "\(editions)")
            #expect(!editions.contains { $0.contains("search=") }, "\(editions)")

            try await app.command("books")
            try await app.session.eventually("the books") { $0.contains("Chronicle 1 ") }
            try app.session.press("/")
            try app.session.type("Chronicle 37")
            let searched = try await app.session.eventually("book 37, searched by Django") { screen in
                screen.contains("server search search=Chronicle 37") && ResourceScreen.ids(in: screen) == [37]
            }
            #expect(ResourceScreen.ids(in: searched) == [37])
            let books = server.requestPaths().filter { $0.hasPrefix("/api/books/?") }
            #expect(books.contains { $0.contains("search=Chronicle%2037") }, "\(books)")
        }

        @Test func writesLandInDjangosDatabase() async throws {
            let server = try await DjangoServer.start()
            defer { server.stop() }
            let app = try RunningApp(["--env", "production", "--base-url", server.apiRoot.absoluteString])
            defer { app.stop() }
            try await app.session.eventually("the Django root") { $0.contains("(from the Django REST root)") }
            try await app.command("books")
            try await app.session.eventually("the books") { $0.contains("Chronicle 1 ") }

            // n: the form Django's first book gives (a bool is a checkbox).
            try app.session.press("n")
            try await app.session.eventually("the new book form") { screen in
                screen.contains(" New book ")
                    && ["Title", "Year", "Pages", "Publisher", "Author"].allSatisfy {
                        screen.contains($0 + ":")
                    }
            }
            for (index, text) in ["Trestle field guide", "2026", "321", "4", "9"].enumerated() {
                if index > 0 { try app.session.press("Tab") }
                try app.session.type(text)
            }
            try app.session.press("Enter")
            let id = DjangoServer.bookCount + 1
            let created = try await app.session.eventually("book \(id) created") { screen in
                ResourceScreen.status(screen).contains("Book \(id) created") && !screen.contains(" New book ")
            }
            #expect(ResourceScreen.row(ofID: id, in: created)?.contains("Trestle field guide") == true, "\(created)")
            let saved = try await Self.get(server, "books/\(id)/")
            #expect(saved["title"] == "Trestle field guide" && saved["year"] == 2026 && saved["pages"] == 321)
            #expect(saved["publisher"] == 4 && saved["author"] == 9)
            let wasInPrint = try #require(saved["in_print"]?.boolValue)

            // Space flips in_print on the new book (the cursor is on it).
            try await app.eventuallyCursor(on: id)
            try app.session.press("Space")
            try await app.session.eventually("book \(id) toggled") { screen in
                ResourceScreen.status(screen).contains("Book \(id) marked \(wasInPrint ? "not in_print" : "in_print")")
            }
            #expect(try await Self.get(server, "books/\(id)/")["in_print"]?.boolValue == !wasInPrint)

            // d, y: gone from Django.
            try app.session.press("d")
            let asked = try await app.session.eventuallyShows("y deletes · n or Esc keeps it")
            #expect(asked.contains("Delete book \(id) Trestle field guide?"), "\(asked)")
            try app.session.press("y")
            let deleted = try await app.session.eventually("book \(id) deleted") { screen in
                ResourceScreen.status(screen).contains("Book \(id) deleted")
            }
            #expect(ResourceScreen.row(ofID: id, in: deleted) == nil)
            #expect(try await Self.status(server, "books/\(id)/") == 404)
            try await Self.eventuallyLogged(server, "DELETE /api/books/\(id)/")
            let writes = server.requestLines().filter { !$0.hasPrefix("GET ") && !$0.hasPrefix("HEAD ") }
            #expect(writes.count == 3 && writes.first?.hasPrefix("POST /api/books/ ") == true, "\(writes)")
            #expect(writes.allSatisfy { $0.contains(" /api/books/") && !$0.contains("//") }, "\(writes)")
        }

        /// A plain GET of `path` under the API root, as JSON.
        static func get(_ server: DjangoServer, _ path: String) async throws -> JSONValue {
            var request = URLRequest(url: server.apiRoot.appendingPathComponent(path))
            request.setValue("application/json", forHTTPHeaderField: "Accept")
            let (data, response) = try await URLSession.shared.data(for: request)
            #expect((response as? HTTPURLResponse)?.statusCode == 200)
            return try JSONParser.parse(data)
        }

        /// The status a plain GET of `path` under the API root gets.
        static func status(_ server: DjangoServer, _ path: String) async throws -> Int {
            let (_, response) = try await URLSession.shared.data(from: server.apiRoot.appendingPathComponent(path))
            return (response as? HTTPURLResponse)?.statusCode ?? 0
        }

        /// Waits until runserver has logged a request starting with `line`
        /// (it logs once the answer is sent, a moment after the client has it).
        static func eventuallyLogged(_ server: DjangoServer, _ line: String) async throws {
            let deadline = ContinuousClock.now + .seconds(120)
            while ContinuousClock.now < deadline {
                if server.requestLines().contains(where: { $0.hasPrefix(line + " ") }) { return }
                try await Task.sleep(for: .milliseconds(50))
            }
            Issue.record("runserver never logged \(line): \(server.requestLines())")
        }
    }
}
