import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// The real binary against a real Datasette (``FrameworkServer/Framework/datasette``),
    /// given the database's URL a user copies from the browser (`/library`,
    /// an HTML page): its `Link` (no angle brackets) names the database's
    /// JSON, whose tables give the collections, their counts and foreign
    /// keys both ways; rows come as arrays beside `columns`. Read-only.
    @Suite
    struct RealDatasetteEndToEndTests {
        typealias Library = FrameworkServer

        @Test func aRealDatasetteDatabaseIsWalkedFromItsPage() async throws {
            let server = try await FrameworkServer.start(.datasette)
            defer { server.stop() }
            let app = try RunningApp(["--env", "production", "--base-url", server.apiRoot.absoluteString])
            defer { app.stop() }
            try await LibraryWalk.startAndWalkBooks(
                app, source: "(from the database's tables)", names: ["publishers", "authors", "books"])
            let last = Library.bookCount

            // Read-only: a new book is refused, and the screen says why.
            try app.session.press("n")
            try await app.session.eventuallyShows("books are read-only here")

            // The last row at its own URL, its author (a foreign key), and the author's books.
            try await LibraryWalk.followAuthorAndBack(app, authorKey: "1", booksLabel: "books", field: "author_id")
            let author = Library.author(ofBook: last)

            // A filter Datasette applies (`year__gte`), asked of it.
            try await app.command("books year>=2000")
            let recent = (1...last).filter { 1940 + $0 >= 2000 }
            try await app.session.eventually("the books from 2000 on") { screen in
                screen.contains("where year >= 2000") && ResourceScreen.ids(in: screen) == recent
            }

            // s to Title, S reverses: every book came in one page (`_size`),
            // so the loaded rows are sorted here and no `_sort_desc` is asked.
            try await app.command("books")
            try await app.session.eventually("all the books again") { !$0.contains("where year") }
            try app.session.press("s", "S")
            try await app.session.eventually("sorted by Title, descending") { $0.contains("Title ▼") }
            // The cursor stayed on its book: g to the top.
            try app.session.press("g")
            try await app.session.eventually("the books by title, descending") { screen in
                screen.contains("Title ▼") && ResourceScreen.ids(in: screen).first == 9
            }

            let paths = server.requestPaths()
            #expect(paths.contains("/library.json"), "\(paths)")
            #expect(paths.contains("/library/books/\(last).json"), "\(paths)")
            #expect(paths.contains("/library/authors/\(author).json"), "\(paths)")
            #expect(paths.contains { $0.hasPrefix("/library/books.json?") && $0.contains("author_id=\(author)") })
            #expect(paths.contains { $0.hasPrefix("/library/books.json?") && $0.contains("year__gte=2000") })
            #expect(paths.allSatisfy { !$0.contains("//") }, "\(paths)")
            #expect(server.requestLines().allSatisfy { $0.hasPrefix("GET ") || $0.hasPrefix("HEAD ") })
        }
    }
}
