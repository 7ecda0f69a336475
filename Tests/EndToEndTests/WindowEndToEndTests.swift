import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// A long remote list is a window over the collection: with a total,
    /// `G`, `100000G` and `25%` ask only for the page under the screen; without
    /// one, `G` walks page after page, saying how far, and Esc stops it.
    @Suite
    struct WindowEndToEndTests {
        static let count = 200_000

        /// `count` todos and the other collections empty.
        static func database(todos count: Int = Self.count) -> String {
            var text =
                "{\"posts\": [], \"comments\": [], \"albums\": [], \"photos\": [], \"users\": [],\n\"todos\": [\n"
            text.reserveCapacity(count * 80)
            for id in 1...count {
                if id > 1 { text += ",\n" }
                text +=
                    #"{"userId": \#((id - 1) / 20 + 1), "id": \#(id), "title": "window todo \#(id)", "completed": false}"#
            }
            return text + "\n]}\n"
        }

        @Test func gShowsTheLastOfTwoHundredThousandTodosWithOneRequest() async throws {
            try await Backend.server.run(database: Self.database()) { launched in
                let app = launched.app
                let server = try #require(launched.server)
                try await app.waitForList(count: "todos 200,000")
                // Long from the first page: no paging footer, a scroll indicator.
                let first = try app.session.screen()
                #expect(!first.contains(" loaded"))
                #expect(first.contains("█"))

                try app.session.press("G")
                try await app.eventuallyCursor(on: Self.count)
                #expect(ResourceScreen.ids(in: try app.session.screen()).last == Self.count)
                #expect(await PagingEndToEndTests.pagesAsked(for: "/todos", server) == [1, 400])

                try app.session.type("100000")
                try app.session.press("G")
                try await app.eventuallyCursor(on: 100_000)
                try app.session.type("25%")
                try await app.eventuallyCursor(on: 50_000)
                try app.session.press("g")
                try await app.eventuallyCursor(on: 1)
                let pages = await PagingEndToEndTests.pagesAsked(for: "/todos", server)
                // A jump up puts the row at the top: the screen shows its page and the next.
                #expect(pages.sorted() == [1, 100, 101, 200, 201, 400], "\(pages)")

                // `:goto` does the same from the command line.
                try await app.command("goto 150000")
                try await app.eventuallyCursor(on: 150_000) { ResourceScreen.status($0).contains("Row 150,000") }
                try await app.command("goto 10%")
                try await app.eventuallyCursor(on: 20_000)
            }
        }

        @Test func gWithoutATotalWalksToTheEndAndEscStopsIt() async throws {
            let database = Self.database(todos: 100_000)
            try await Backend.server.run(omittingHeaders: EngineTestServer.pagingHeaders, database: database) {
                launched in
                let app = launched.app
                let server = try #require(launched.server)
                try await app.waitForList(count: "todos 500+")
                try app.session.press("G")
                try await app.session.eventually("the walk's progress") { screen in
                    ResourceScreen.status(screen).contains(" of ?… (Esc stops)")
                }
                try app.session.press("Escape")
                let stopped = try await app.session.eventually("the walk stopped") { screen in
                    ResourceScreen.status(screen).contains("Stopped paging at ")
                }
                let asked = await PagingEndToEndTests.pagesAsked(for: "/todos", server).count
                #expect(asked < 200, "pages asked before Esc: \(asked)")
                #expect(ResourceScreen.status(stopped).contains("+"))
                // Stopped means stopped: no page is asked for after it.
                try await Task.sleep(for: .seconds(1))
                #expect(await PagingEndToEndTests.pagesAsked(for: "/todos", server).count == asked)

                // G again goes on to the end: the last todo, the count whole.
                try app.session.press("G")
                // The empty page after the last full one ends the walk and the count.
                try await app.eventuallyCursor(on: 100_000, timeout: 120) { screen in
                    ResourceScreen.status(screen).contains("todos 100,000 ")
                }
            }
        }
    }
}
