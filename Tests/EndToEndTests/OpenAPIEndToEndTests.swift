import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// The real binary pointed with no config at a service it has never
    /// seen, described only by its generated OpenAPI document.
    @Suite
    struct OpenAPIEndToEndTests {
        @Test func anUnknownFastAPIServiceIsBrowsedFromItsDocument() async throws {
            let server = try await LibraryTestServer.start()
            let app = try RunningApp(["--env", "production", "--base-url", server.baseURL.absoluteString])
            defer { app.stop() }
            // The start screen: what was discovered, with the right totals.
            let start = try await app.session.eventually("the discovered collections with their counts") { screen in
                screen.contains("(from openapi.json)")
                    && ResourceScreen.startCount(of: "authors", in: screen) != nil
                    && ResourceScreen.startCount(of: "books", in: screen) != nil
                    && ResourceScreen.startCount(of: "reviews", in: screen) != nil
            }
            #expect(ResourceScreen.startCount(of: "authors", in: start) == LibraryTestServer.authorCount)
            #expect(ResourceScreen.startCount(of: "books", in: start) == LibraryTestServer.bookCount)
            #expect(ResourceScreen.startCount(of: "reviews", in: start) == LibraryTestServer.reviewCount)
            #expect(!start.contains("todos"))

            // A list pages in all 23 authors (limit/offset, 10 at a time).
            try app.session.press("Enter")
            let authors = try await app.session.eventually("every author") { screen in
                screen.contains("Ursula K. Le Guin") && ResourceScreen.status(screen).contains("authors 23")
            }
            #expect(authors.contains("italo-calvino"))

            // A record with a slug id, and its children through the nested route.
            try await app.command("authors italo-calvino")
            let author = try await app.session.eventually("Italo Calvino's record") { screen in
                screen.contains("\"name\": \"Italo Calvino\"") && screen.contains("books (2)")
            }
            #expect(author.contains("\"id\": \"italo-calvino\""))
            try app.session.press("1")
            let books = try await app.session.eventually("his two books") { screen in
                ResourceScreen.header(screen).contains("› books") && screen.contains("Book 2 of Italo Calvino")
                    && screen.contains("Book 25 of Italo Calvino")
            }
            #expect(!books.contains("Book 1 of"))

            // A book (UUID id): its author (parent, by author_id) and its reviews.
            try app.session.press("Enter")
            let book = try await app.session.eventually("the book's record and relations") { screen in
                screen.contains("\"title\": \"Book 2 of Italo Calvino\"") && screen.contains("author → italo-calvino")
                    && screen.contains("reviews (3)")
            }
            #expect(book.contains(LibraryTestServer.bookID(2)))
            try app.session.press("1")
            try await app.session.eventually("back to the author, the other way") { screen in
                ResourceScreen.header(screen).contains("author") && screen.contains("\"name\": \"Italo Calvino\"")
                    && screen.contains("\"born\": 1923")
            }
            await server.stop()
        }

        @Test func aCursorPagedCollectionLoadsMoreAsTheUserScrolls() async throws {
            let server = try await LibraryTestServer.start()
            let app = try RunningApp(["--env", "production", "--base-url", server.baseURL.absoluteString])
            defer { app.stop() }
            // No total in the answers: the start screen counts page after page.
            let start = try await app.session.eventually("the events counted") { screen in
                ResourceScreen.startCount(of: "events", in: screen) != nil
            }
            #expect(ResourceScreen.startCount(of: "events", in: start) == LibraryTestServer.eventCount)
            // Pages of 10 and no total: the list follows the cursors as the
            // screen fills and the user scrolls, until a page says no next cursor.
            try await app.command("events")
            try await app.session.eventually("the first events") { screen in
                ResourceScreen.header(screen).contains(" Trestle events ") && screen.contains("evt-01")
            }
            try app.session.press("G")
            let end = try await app.session.eventually("the last page ends the list") { screen in
                ResourceScreen.status(screen).contains("events 25 ") && screen.contains("evt-25")
            }
            #expect(!ResourceScreen.status(end).contains("25+"))
            let queries = await server.requests.filter { $0.path == "/events" }.compactMap(\.query)
            #expect(
                queries.contains {
                    $0.contains(
                        "\(LibraryTestServer.eventCursorItem(after: 10))")
                }, "\(queries)")
            #expect(
                queries.contains {
                    $0.contains(
                        "\(LibraryTestServer.eventCursorItem(after: 20))")
                }, "\(queries)")
            await server.stop()
        }

        @Test func withoutADocumentTheFirstListLoadsOnceWhileTheConventionalPathsAreAskedOnce() async throws {
            let server = try await EngineTestServer.start(json: LiveServerEndToEndTests.db)
            let app = try RunningApp(LiveServerEndToEndTests.arguments(server))
            defer { app.stop() }
            try await app.session.eventually("the server's todos") { screen in
                screen.contains("e2e calibrate the flux capacitor") && screen.contains("todos 5")
            }
            // The document's paths are asked once the first list's frame is
            // drawn: wait until all four have come (or 120 s), then count.
            let paths = ["/openapi.json", "/openapi.yaml", "/v3/api-docs", "/swagger.json"]
            let deadline = ContinuousClock.now + .seconds(120)
            var requests = await server.requests
            while !paths.allSatisfy({ path in requests.contains { $0.path == path } }), ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(50))
                requests = await server.requests
            }
            await server.stop()
            #expect(requests.filter { $0.path == "/todos" }.count == 1)
            for path in paths {
                #expect(requests.filter { $0.path == path }.count == 1, "\(path)")
            }
        }
    }
}
