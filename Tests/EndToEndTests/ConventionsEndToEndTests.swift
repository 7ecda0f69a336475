import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// The real binary given only the API root of a service in a
    /// convention (HAL, Django REST framework): found from the root, with
    /// no config, walked start screen → list → last page → record → relation.
    @Suite
    struct ConventionsEndToEndTests {
        /// One `G`, then the list shows its last record (and no paging footer).
        static func walkToTheEnd(_ app: RunningApp, last: String) async throws {
            // One press (issue 37 item 4): a list of known total jumps there,
            // one without walks page after page on its own.
            try app.session.press("G")
            try await app.session.eventually("the last record after one G") { screen in
                screen.contains(last + " ") && !screen.contains(" loaded")
            }
        }

        @Test func aSpringDataRESTServiceIsBrowsedFromItsHALRoot() async throws {
            let server = try await HALTestServer.start()
            let app = try RunningApp(["--env", "production", "--base-url", server.apiRoot.absoluteString])
            defer { app.stop() }
            let start = try await app.session.eventually("the collections from HAL links, counted") { screen in
                screen.contains("(from HAL links)") && ResourceScreen.startCount(of: "authors", in: screen) != nil
                    && ResourceScreen.startCount(of: "books", in: screen) != nil
            }
            #expect(ResourceScreen.startCount(of: "authors", in: start) == HALTestServer.authorCount)
            #expect(ResourceScreen.startCount(of: "books", in: start) == HALTestServer.bookCount)
            try await app.command("books")
            let list = try await app.session.eventually("books with their attribute columns") { screen in
                screen.contains("Book 1 ") && screen.contains("Title") && screen.contains("Year")
            }
            #expect(list.contains("1961"))
            try await Self.walkToTheEnd(app, last: "Book 45")
            try app.session.press("Enter")
            try await app.session.eventually("book 45 and its author link") { screen in
                screen.contains("\"title\": \"Book 45\"") && screen.contains("author →")
            }
            try app.session.press("1")
            let author = HALTestServer.authorName(HALTestServer.authorOf(book: 45))
            try await app.session.eventually("its author, through the link") { screen in
                screen.contains("\"name\": \"\(author)\"")
            }
            try app.session.press("Escape")
            try await app.session.eventually("back on the book") { screen in
                screen.contains("\"title\": \"Book 45\"")
            }
            let paths = await server.requests.map(\.path)
            #expect(paths.allSatisfy { !$0.contains("//") })
            #expect(
                !paths.contains("/api/db") && !paths.contains("/db") && !paths.contains("/openapi.json"),
                "asked: \(paths)")
            await server.stop()
        }

        @Test func aDjangoRESTServiceIsBrowsedFromItsRoot() async throws {
            let server = try await DjangoTestServer.start()
            let app = try RunningApp(["--env", "production", "--base-url", server.apiRoot.absoluteString])
            defer { app.stop() }
            let start = try await app.session.eventually("the collections of the Django root, counted") { screen in
                screen.contains("(from the Django REST root)")
                    && ResourceScreen.startCount(of: "publishers", in: screen) != nil
                    && ResourceScreen.startCount(of: "books", in: screen) != nil
            }
            #expect(ResourceScreen.startCount(of: "publishers", in: start) == DjangoTestServer.publisherCount)
            #expect(ResourceScreen.startCount(of: "books", in: start) == DjangoTestServer.bookCount)
            try await app.command("books")
            try await app.session.eventually("the first books") { screen in screen.contains("Volume 1 ") }
            try await Self.walkToTheEnd(app, last: "Volume 60")
            try app.session.press("Enter")
            try await app.session.eventually("volume 60 and its publisher") { screen in
                screen.contains("\"title\": \"Volume 60\"") && screen.contains("publisher → 12")
            }
            try app.session.press("1")
            try await app.session.eventually("its publisher at its slash URL") { screen in
                screen.contains("\"name\": \"\(DjangoTestServer.publisherName(12))\"") && screen.contains("books")
            }
            let paths = await server.requests.map(\.path)
            #expect(paths.contains("/api/publishers/12/"))
            #expect(paths.allSatisfy { !$0.contains("//") })
            await server.stop()
        }
    }
}
