import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// Issue 37 item 4: `G` is the last record in one press whenever the
    /// list's total is known (HAL `page.totalElements`, JSON:API `meta`,
    /// OData `@odata.count`, json-server's `X-Total-Count`), however long
    /// the list: the loaded rows become a window as long as the total, the
    /// cursor goes to its last row and the page it is on is asked for (it
    /// stopped on the last *loaded* row and stayed there while the rest loaded).
    @Suite
    struct OnePressEndEndToEndTests {
        /// Who serves the list, and what its last record is called.
        enum Served: String, CaseIterable, CustomTestStringConvertible, Sendable {
            case hal, jsonAPI, oData

            var testDescription: String { rawValue }
            var collection: String {
                switch self {
                case .hal: "books"
                case .jsonAPI: "articles"
                case .oData: "Products"
                }
            }
            var listPath: String {
                switch self {
                case .hal: "/api/books"
                case .jsonAPI: "/jsonapi/articles"
                case .oData: "/odata/Products"
                }
            }
            /// How many records the list holds (pages of 20).
            var count: Int {
                switch self {
                case .hal: HALTestServer.bookCount
                case .jsonAPI: JSONAPITestServer.articleCount
                case .oData: ODataTestServer.productCount
                }
            }
            func label(_ number: Int) -> String {
                switch self {
                case .hal: "Book \(number)"
                case .jsonAPI: JSONAPITestServer.articleTitle(number)
                case .oData: ODataTestServer.productName(number)
                }
            }

            /// Starts the server; returns its root and the HTTP server (for its log).
            func start() async throws -> (root: URL, http: TestHTTPServer) {
                switch self {
                case .hal:
                    let server = try await HALTestServer.start()
                    return (server.apiRoot, server.server)
                case .jsonAPI:
                    let server = try await JSONAPITestServer.start()
                    return (server.rootURL, server.server)
                case .oData:
                    let server = try await ODataTestServer.start()
                    return (server.rootURL, server.server)
                }
            }
        }

        /// Whether the highlighted (cursor) row of a styled screen shows `label`.
        static func cursor(on label: String, _ styled: String) -> Bool {
            StyledScreen.linesWithLeadingStyle(styled).contains { $0.1.isHighlighted && $0.0.contains(label) }
        }

        @Test(arguments: Served.allCases)
        func oneGPutsTheCursorOnTheLastRecord(_ served: Served) async throws {
            let (root, http) = try await served.start()
            do {
                let app = try RunningApp(["--env", "production", "--base-url", root.absoluteString], rows: 30)
                defer { app.stop() }
                try await app.session.eventually("the start screen") {
                    ResourceScreen.startCount(of: served.collection, in: $0) == served.count
                }
                try await app.command(served.collection)
                try await app.session.eventually("the list") { $0.contains(served.label(1) + " ") }
                let before = await http.requests.filter { $0.path == served.listPath }.count
                let last = served.label(served.count) + " "
                try app.session.press("G")
                let end = try await app.session.eventually("the cursor on “\(last)”", timeout: 20, styled: true) {
                    styled in
                    Self.cursor(on: last, styled)
                }
                #expect(Self.cursor(on: last, end))
                // Bounded: the pages under the screen, no more.
                let asked = await http.requests.filter { $0.path == served.listPath }.count - before
                #expect(asked <= 3, "list requests after G: \(asked)")
            } catch {
                await http.stop()
                throw error
            }
            await http.stop()
        }

        /// json-server's `X-Total-Count`, pages of 500: one `G` on 1,234
        /// photos asks for the third page only, and the cursor is on 1234.
        @Test func oneGOnJSONServerAsksForTheLastPageOnly() async throws {
            let database = PagingEndToEndTests.database(photos: 1234)
            try await Backend.server.run(database: database) { launched in
                let app = launched.app
                let server = try #require(launched.server)
                try await app.waitForList(count: "todos 3")
                try await app.command("photos")
                try await app.eventuallyList("photos", count: "photos 1234")
                try app.session.press("G")
                let end = try await app.eventuallyCursor(on: 1234, timeout: 20)
                #expect(ResourceScreen.ids(in: end).last == 1234)
                #expect(await PagingEndToEndTests.pagesAsked(for: "/photos", server) == [1, 3])
            }
        }

        /// `NG` and `N%` past the loaded rows go there too (the list becomes a window).
        @Test func aCountedJumpPastTheLoadedRowsGetsThere() async throws {
            let database = PagingEndToEndTests.database(photos: 1234)
            try await Backend.server.run(database: database) { launched in
                let app = launched.app
                let server = try #require(launched.server)
                try await app.waitForList(count: "todos 3")
                try await app.command("photos")
                try await app.eventuallyList("photos", count: "photos 1234")
                try app.session.type("1100")
                try app.session.press("G")
                try await app.eventuallyCursor(on: 1100, timeout: 20)
                try app.session.type("50%")
                try await app.eventuallyCursor(on: 617, timeout: 20)
                let pages = await PagingEndToEndTests.pagesAsked(for: "/photos", server)
                #expect(pages.sorted() == [1, 2, 3], "\(pages)")
            }
        }
    }
}
