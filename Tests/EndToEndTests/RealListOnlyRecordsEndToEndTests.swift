import Foundation
import JSON
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension EndToEnd {
    /// The real binary against two real services that read their records
    /// only in the list (``FrameworkServer``): FastAPI 0.165, whose own
    /// document writes `PATCH` and `DELETE /books/{book_id}` and no `GET` of
    /// one book, and instant-json-server 0.1.2, which answers a record's
    /// `GET` with 405 Method Not Allowed. A record opens as the list's copy,
    /// said on the status line, never as an error to retry; the servers' own
    /// logs say no record was asked for that could not be read.
    @Suite
    struct RealListOnlyRecordsEndToEndTests {
        /// FastAPI: the document says books are read in the list only. The
        /// toggle is the book's bool (`in_print`), sent as a `PATCH`; Enter
        /// shows the book as the list has it, the toggle's answer in it.
        @Test func fastAPIBooksAreToggledAndOpenedFromTheirList() async throws {
            let server = try await FrameworkServer.start(.fastAPI)
            defer { server.stop() }
            let app = try RunningApp(["--env", "production", "--base-url", server.apiRoot.absoluteString])
            defer { app.stop() }
            try await app.session.eventually("the collections of openapi.json, counted") { screen in
                screen.contains("(from openapi.json)")
                    && ResourceScreen.startCount(of: "books", in: screen) == FrameworkServer.bookCount
            }
            try await app.command("books")
            try await app.session.eventually("the books") { screen in
                screen.contains("Chronicle 1 ") && screen.contains("In Print")
            }
            try await app.toggleBook3()
            #expect(try await LibraryBooks.book(3, of: server)?["in_print"] == true)

            try app.session.press("Enter")
            let record = try await app.session.eventually("book 3, the list's copy") { screen in
                screen.contains("\"title\": \"Chronicle 3\"") && screen.contains("\"in_print\": true")
                    && ResourceScreen.status(screen).contains(Self.listCopy)
            }
            #expect(!record.contains("retry") && !record.contains("Server answered"), "\(record)")
            // Its relations still name the author, read one by one as the document allows.
            try await app.session.eventually("book 3's author named") { screen in
                screen.contains("author → \(FrameworkServer.author(ofBook: 3)) ")
            }

            let requests = server.requestLines()
            #expect(requests.contains("PATCH /books/3 HTTP/1.1"), "\(requests)")
            #expect(!requests.contains { $0.hasPrefix("GET /books/") }, "\(requests)")
        }

        /// instant-json-server: nothing says so before its 405; after it, no
        /// record of the collection is asked for again in the run.
        @Test func instantJSONServersBooksAreOpenedFromTheirListAfterOne405() async throws {
            let server = try await FrameworkServer.start(.instantJSONServer)
            defer { server.stop() }
            let app = try await LibraryBooks.open(server)
            defer { app.stop() }
            for id in [1, 2] {
                if id > 1 {
                    try app.session.press("Escape")
                    try await app.eventuallyCursor(on: id - 1)
                    try app.session.press("j")
                }
                try await app.eventuallyCursor(on: id)
                try app.session.press("Enter")
                let record = try await app.session.eventually("book \(id), the list's copy") { screen in
                    screen.contains("\"title\": \"Chronicle \(id)\"")
                        && ResourceScreen.status(screen).contains(Self.listCopy)
                }
                #expect(!record.contains("retry") && !record.contains("Server answered"), "\(record)")
            }

            let reads = server.requestLines().filter { $0.hasPrefix("GET /books/") }
            #expect(reads == ["GET /books/1 HTTP/1.1"], "\(server.requestLines())")
        }

        /// instant-json-server's books are described by nobody: the first
        /// Space asks what a book takes (`OPTIONS`: 405, `Allow: PATCH`),
        /// then toggles its first true/false field with a `PATCH`, whose
        /// `{"success": true}` leaves the rest of the row as it was; `e`
        /// edits with a form of the book's fields. No `GET` of one book:
        /// the `Allow` had none.
        @Test func instantJSONServersBooksTakeTheWritesItsAllowSays() async throws {
            let server = try await FrameworkServer.start(.instantJSONServer)
            defer { server.stop() }
            let app = try await LibraryBooks.open(server)
            defer { app.stop() }
            try await app.toggleBook3()
            #expect(try await LibraryBooks.book(3, of: server)?["in_print"] == true)

            try app.session.press("e")
            try await app.session.eventuallyShows(" Edit book 3 ")
            try app.session.press("C-e")
            try app.session.press("C-u")
            try app.session.type("Chronicle three")
            try app.session.press("Enter")
            try await app.session.eventually("book 3 saved") { screen in
                ResourceScreen.status(screen).contains("Book 3 saved") && !screen.contains(" Edit book ")
                    && ResourceScreen.row(ofID: 3, in: screen)?.contains("Chronicle three") == true
            }
            #expect(try await LibraryBooks.book(3, of: server)?["title"] == "Chronicle three")

            let requests = server.requestLines()
            #expect(requests.filter { $0.hasPrefix("OPTIONS ") } == ["OPTIONS /books/3 HTTP/1.1"], "\(requests)")
            #expect(requests.filter { $0.hasPrefix("PATCH ") }.count == 2, "\(requests)")
            #expect(!requests.contains { $0.hasPrefix("GET /books/") }, "\(requests)")
        }

        /// The status line of a book opened from its list.
        static let listCopy = "the list's copy: the service reads no books one by one"
    }
}
