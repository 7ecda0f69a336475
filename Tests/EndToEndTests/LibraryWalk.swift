import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// The opening every real-framework walk of the library shares
    /// (``FrameworkServer``): the start screen says where the collections
    /// came from and counts all three; the books list shows their fields as
    /// columns; one `G` reaches the last book.
    enum LibraryWalk {
        /// Waits for the start screen naming `source` with `names`
        /// (publishers, authors, books as the framework calls them) counted,
        /// opens the books and walks to the last one.
        static func startAndWalkBooks(_ app: RunningApp, source: String, names: [String]) async throws {
            let start = try await app.session.eventually("\(source): \(names) counted") { screen in
                screen.contains(source) && names.allSatisfy { ResourceScreen.startCount(of: $0, in: screen) != nil }
            }
            let counts = [FrameworkServer.publisherCount, FrameworkServer.authorCount, FrameworkServer.bookCount]
            for (name, count) in zip(names, counts) {
                #expect(ResourceScreen.startCount(of: name, in: start) == count, "\(name) in \(start)")
            }
            try await app.command(names[2])
            let list = try await app.session.eventually("books with their fields as columns") { screen in
                screen.contains("Chronicle 1 ") && screen.contains("Title") && screen.contains("Year")
                    && screen.contains("Pages")
            }
            #expect(ResourceScreen.row(ofID: 2, in: list)?.contains("1942") == true, "\(list)")
            let last = FrameworkServer.bookCount
            try await ConventionsEndToEndTests.walkToTheEnd(app, last: FrameworkServer.title(ofBook: last))
        }

        /// From the books list at the last book: Enter opens it with both
        /// relations, `authorKey` follows its author (whose screen counts
        /// the books as `booksLabel`), `1` opens the author's books, which
        /// must be exactly theirs, filtered by `field`.
        static func followAuthorAndBack(
            _ app: RunningApp, authorKey: String, booksLabel: String, field: String = "author"
        ) async throws {
            let last = FrameworkServer.bookCount
            try app.session.press("Enter")
            try await app.session.eventually("the last book and its relations") { screen in
                screen.contains("\"title\": \"\(FrameworkServer.title(ofBook: last))\"") && screen.contains("author →")
                    && screen.contains("publisher →")
            }
            let author = FrameworkServer.author(ofBook: last)
            let written = (1...last).filter { FrameworkServer.author(ofBook: $0) == author }
            try app.session.press(authorKey)
            try await app.session.eventually("its author, the author's books counted") { screen in
                screen.contains("\"name\": \"\(FrameworkServer.authorNames[author - 1])\"")
                    && screen.contains("\(booksLabel) (\(written.count))")
            }
            try app.session.press("1")
            let books = try await app.session.eventually("the author's books") { screen in
                screen.contains("where \(field) = \(author)") && ResourceScreen.ids(in: screen).count == written.count
            }
            #expect(ResourceScreen.ids(in: books) == written)
        }
    }
}
