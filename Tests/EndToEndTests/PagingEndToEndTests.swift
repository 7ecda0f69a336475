import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// Long lists page in from the server (`_page`/`_limit`, 500 a page):
    /// with a total (`X-Total-Count`) the count is known from the start;
    /// without one it grows (`500+`) until a short or empty page ends it
    /// (`G` walks there page after page).
    @Suite
    struct PagingEndToEndTests {
        @Test(arguments: Backend.allCases)
        func photosPageInAndOneGShowsTheLast(_ backend: Backend) async throws {
            try await backend.run { launched in
                let app = launched.app
                try await app.waitForList()
                try await app.command("photos")
                let first = try await app.eventuallyList("photos", count: "photos 5000")
                try await app.session.eventuallyShows(" 500 of 5000 loaded · more load as you scroll")
                #expect(ResourceScreen.ids(in: first).prefix(3) == [1, 2, 3])

                // One `G` is the last photo (issue 37 item 4): the total is
                // known, so the list becomes a window and page 10 is asked at once.
                try app.session.press("G")
                try await app.eventuallyCursor(on: 5000)
                let end = try app.session.screen()
                #expect(ResourceScreen.ids(in: end).last == 5000)
                #expect(!end.contains("loaded"))
                #expect(ResourceScreen.status(end).contains("photos 5000"))

                if let server = launched.server {
                    let pages = await Self.pagesAsked(for: "/photos", server)
                    #expect(Set(pages) == [1, 10], "pages asked: \(pages)")
                    let queries = await server.queries(for: "/photos")
                    #expect(queries.allSatisfy { $0.contains("_limit=500") }, "\(queries)")
                }
            }
        }

        @Test func withoutATotalTheCountGrowsUntilAnEmptyPageEndsTheList() async throws {
            try await Backend.server.run(omittingHeaders: EngineTestServer.pagingHeaders) { launched in
                let app = launched.app
                let server = try #require(launched.server)
                try await app.waitForList()
                try await app.command("photos")
                try await app.eventuallyList("photos", count: "photos 500+")
                try await app.session.eventuallyShows(" 500 loaded · more load as you scroll")

                // Without a total, G walks page after page to the end (issue 28).
                // Page 10 was full: only the empty page 11 says it was the last.
                try app.session.press("G")
                let end = try await app.session.eventually("the list complete") { screen in
                    !screen.contains(" loaded") && ResourceScreen.status(screen).contains("photos 5000 ")
                }
                #expect(!ResourceScreen.status(end).contains("5000+"))
                #expect(ResourceScreen.ids(in: end).last == 5000)
                let pages = await Self.pagesAsked(for: "/photos", server)
                #expect(Set(pages) == Set(1...11), "pages asked: \(pages)")
            }
        }

        @Test func withoutATotalAShortPageEndsTheList() async throws {
            let database = Self.database(photos: 1234)
            try await Backend.server.run(omittingHeaders: EngineTestServer.pagingHeaders, database: database) {
                launched in
                let app = launched.app
                let server = try #require(launched.server)
                try await app.waitForList(count: "todos 3")
                try await app.command("photos")
                try await app.eventuallyList("photos", count: "photos 500+")
                // Without a total, G walks page after page to the end (issue 28).
                try app.session.press("G")
                let end = try await app.session.eventually("the list complete after a short page") { screen in
                    !screen.contains(" loaded") && ResourceScreen.status(screen).contains("photos 1234 ")
                }
                #expect(!ResourceScreen.status(end).contains("1234+"))
                try app.session.press("G")
                try await app.eventuallyCursor(on: 1234)
                #expect(try ResourceScreen.ids(in: app.session.screen()).last == 1234)
                let pages = await Self.pagesAsked(for: "/photos", server)
                #expect(Set(pages) == Set(1...3), "pages asked: \(pages)")

                // The start screen counts without a total too (the whole list).
                try app.session.press("Escape")
                let start = try await app.eventuallyStartScreen()
                #expect(ResourceScreen.startCount(of: "photos", in: start) == 1234)
                #expect(ResourceScreen.startCount(of: "todos", in: start) == 3)
                #expect(ResourceScreen.startCount(of: "users", in: start) == 0)
            }
        }

        /// The `_page` numbers the server was asked for on `path`, in order.
        static func pagesAsked(for path: String, _ server: EngineTestServer) async -> [Int] {
            var pages: [Int] = []
            for query in await server.queries(for: path) {
                for part in query where part.hasPrefix("_page=") {
                    if let page = Int(part.dropFirst("_page=".count)) { pages.append(page) }
                }
            }
            return pages
        }

        /// A db with three todos, `photos` photos and the other collections empty.
        static func database(photos: Int) -> String {
            let photoList = (1...photos).map { id in
                #"{"albumId": \#((id - 1) / 50 + 1), "id": \#(id), "title": "e2e photo \#(id)", "url": "https://e2e.example/\#(id)", "thumbnailUrl": "https://e2e.example/t/\#(id)"}"#
            }.joined(separator: ",\n")
            return """
                {
                  "todos": [
                    {"userId": 1, "id": 1, "title": "e2e one", "completed": false},
                    {"userId": 1, "id": 2, "title": "e2e two", "completed": true},
                    {"userId": 2, "id": 3, "title": "e2e three", "completed": false}
                  ],
                  "posts": [], "comments": [], "albums": [], "users": [],
                  "photos": [
                \(photoList)
                  ]
                }
                """
        }
    }
}
