import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// Filtering and sorting: locally on a list that is all here (todos),
    /// on the server (`q=`, `_sort=`) for a list still paging in (photos).
    @Suite
    struct FilterSortEndToEndTests {
        @Test(arguments: Backend.allCases)
        func filterKeepsItsTextAcrossADetailAndEscClears(_ backend: Backend) async throws {
            try await backend.run { launched in
                let app = launched.app
                try await app.waitForList()
                let expected = try SampleData.ids("todos", containing: "lant")
                try #require(expected.count > 2 && expected.count < 30)
                try app.session.press("/")
                try await app.session.eventuallyShows("/ ▏")
                try app.session.type("lant")
                let typed = try await app.session.eventuallyShows(
                    "/ lant▏  \(expected.count) matches · filtered here  Enter keeps · Esc clears")
                #expect(ResourceScreen.status(typed).contains("todos \(expected.count) of 200"))
                #expect(ResourceScreen.ids(in: typed) == expected)

                try app.session.press("Enter")
                try await app.session.eventuallyShows(
                    "/ lant  \(expected.count) matches · filtered here  / edits · Esc clears")
                try await app.moveCursor(to: expected[2])
                try app.session.press("Enter")
                try await app.eventuallyDetail("todos › \(expected[2]) ", id: expected[2], related: "1 user")
                try app.session.press("Escape")
                let back = try await app.session.eventuallyShows("/ lant  \(expected.count) matches")
                #expect(ResourceScreen.ids(in: back) == expected)
                #expect(ResourceScreen.status(back).contains("todos \(expected.count) of 200"))
                try await app.eventuallyCursor(on: expected[2])

                try app.session.press("Escape")
                let cleared = try await app.session.eventually("the filter cleared") { screen in
                    !screen.contains("/ lant") && ResourceScreen.status(screen).contains("todos 200")
                }
                #expect(ResourceScreen.ids(in: cleared).prefix(3) == [1, 2, 3])
                // The cursor stays on the todo it was on.
                try await app.eventuallyCursor(on: expected[2])
            }
        }

        @Test(arguments: Backend.allCases)
        func sortCyclesColumnsAndReverses(_ backend: Backend) async throws {
            try await backend.run { launched in
                let app = launched.app
                let first = try await app.waitForList()
                #expect(Self.columnHeader(first)?.contains("ID ▲") == true)
                let todos = try SampleData.records("todos")

                try app.session.press("s")
                // Narrow columns leave room for the marker after their title.
                let open = todos.filter { $0["completed"] as? Bool == false }.compactMap { $0["id"] as? Int }
                // Rows and header both: tmux can capture one redrawn before the other.
                let byDone = try await app.session.eventually("sorted by Done") { screen in
                    Self.columnHeader(screen)?.contains(" Done ▲ Title ") == true
                        && ResourceScreen.ids(in: screen) == Array(open.prefix(ResourceScreen.ids(in: screen).count))
                }
                #expect(Self.columnHeader(byDone)?.contains("ID ▲") == false)
                let shown = ResourceScreen.ids(in: byDone)
                #expect(shown == Array(open.prefix(shown.count)))

                // Each sort starts from the order before it (the sort is stable)
                // and keeps the cursor on its todo (1, still at the top here).
                let doneOrder = Self.stableSorted(todos, by: "completed")
                try app.session.press("s")
                let ascending = Self.stableSorted(doneOrder, by: "title")
                let ascendingIDs = ascending.compactMap { $0["id"] as? Int }
                let byTitle = try await app.session.eventually("sorted by Title") {
                    Self.columnHeader($0)?.contains("Title ▲") == true
                        && Self.isWindow(ResourceScreen.ids(in: $0), of: ascendingIDs)
                }
                #expect(Self.isWindow(ResourceScreen.ids(in: byTitle), of: ascendingIDs), "\(byTitle)")
                try await app.eventuallyCursor(on: 1)
                try app.session.press("g")
                let top = try await app.eventuallyCursor(on: ascendingIDs[0]) { screen in
                    ResourceScreen.ids(in: screen).count > 30
                        && ResourceScreen.ids(in: screen)
                            == Array(ascendingIDs.prefix(ResourceScreen.ids(in: screen).count))
                }
                #expect(ResourceScreen.ids(in: top).first == ascendingIDs[0])

                try app.session.press("S")
                let descendingIDs = Self.stableSorted(ascending, by: "title", descending: true)
                    .compactMap { $0["id"] as? Int }
                let reversed = try await app.session.eventually("sorted by Title, descending") {
                    Self.columnHeader($0)?.contains("Title ▼") == true
                        && Self.isWindow(ResourceScreen.ids(in: $0), of: descendingIDs)
                }
                #expect(Self.isWindow(ResourceScreen.ids(in: reversed), of: descendingIDs), "\(reversed)")
                try await app.eventuallyCursor(on: ascendingIDs[0])
                try app.session.press("g")
                let reversedTop = try await app.eventuallyCursor(on: descendingIDs[0]) { screen in
                    ResourceScreen.ids(in: screen).count > 30
                        && ResourceScreen.ids(in: screen)
                            == Array(descendingIDs.prefix(ResourceScreen.ids(in: screen).count))
                }
                #expect(ResourceScreen.ids(in: reversedTop).first == descendingIDs[0])
                // Sorting all here asks nothing of the server.
                if let server = launched.server {
                    let queries = await server.queries(for: "/todos")
                    #expect(!queries.contains { $0.contains { $0.hasPrefix("_sort=") } }, "\(queries)")
                }
            }
        }

        @Test(arguments: Backend.allCases)
        func aListStillPagingInIsSearchedAndSortedOnTheServer(_ backend: Backend) async throws {
            try await backend.run { launched in
                let app = launched.app
                try await app.waitForList()
                try await app.command("photos")
                try await app.eventuallyList("photos", count: "photos 5000")
                try await app.session.eventuallyShows(" 500 of 5000 loaded · more load as you scroll")

                let expected = try SampleData.ids("photos", containing: "lantern")
                try app.session.press("/")
                try app.session.type("lantern")
                let searched = try await app.session.eventually("the server's search") { screen in
                    screen.contains("· server search q=lantern")
                        && ResourceScreen.status(screen).contains("photos \(expected.count) matching “lantern”")
                }
                #expect(
                    ResourceScreen.ids(in: searched) == Array(expected.prefix(ResourceScreen.ids(in: searched).count)))
                if let server = launched.server {
                    let queries = await server.queries(for: "/photos")
                    #expect(queries.contains { $0.contains("q=lantern") }, "\(queries)")
                }
                try app.session.press("Enter")
                try await app.session.eventuallyShows("/ lantern  \(expected.count) matches · server search q=lantern")
                try app.session.press("Escape")
                try await app.session.eventually("every photo again") { screen in
                    !screen.contains("/ lantern") && ResourceScreen.status(screen).contains("photos 5000")
                        && screen.contains(" 500 of 5000 loaded")
                }

                try app.session.press("s")
                let sorted = try await app.session.eventually("sorted by Title on the server") { screen in
                    Self.columnHeader(screen)?.contains("Title ▲") == true
                        && ResourceScreen.status(screen).contains("Sorted by Title on the server (the list pages in)")
                        && screen.contains(" 500 of 5000 loaded")
                }
                #expect(!ResourceScreen.ids(in: sorted).isEmpty)
                try app.session.press("S")
                try await app.session.eventually("sorted by Title on the server, descending") { screen in
                    Self.columnHeader(screen)?.contains("Title ▼") == true && screen.contains(" 500 of 5000 loaded")
                }
                if let server = launched.server {
                    let queries = await server.queries(for: "/photos")
                    #expect(queries.contains { $0.isSuperset(of: ["_sort=title", "_order=asc"]) }, "\(queries)")
                    #expect(queries.contains { $0.isSuperset(of: ["_sort=title", "_order=desc"]) }, "\(queries)")
                }
            }
        }

        /// The table's column header line (the one naming the ID column).
        static func columnHeader(_ screen: String) -> String? {
            screen.components(separatedBy: "\n").dropFirst().first { $0.contains("ID") && $0.contains("Title") }
        }

        /// Records sorted by a text or boolean field as the app sorts: false
        /// before true, text lower-cased, ties kept in their order.
        static func stableSorted(
            _ records: [[String: Any]], by field: String, descending: Bool = false
        ) -> [[String: Any]] {
            func key(_ record: [String: Any]) -> String {
                if let flag = record[field] as? Bool { return flag ? "1" : "0" }
                return ((record[field] as? String) ?? "").lowercased()
            }
            return records.enumerated().sorted { lhs, rhs in
                let (left, right) = (key(lhs.element), key(rhs.element))
                if left == right { return lhs.offset < rhs.offset }
                return descending ? left > right : left < right
            }.map(\.element)
        }

        /// Whether `shown` is a run of consecutive elements of `order`.
        static func isWindow(_ shown: [Int], of order: [Int]) -> Bool {
            guard let first = shown.first, let start = order.firstIndex(of: first) else { return false }
            return Array(order.dropFirst(start).prefix(shown.count)) == shown
        }

        /// Todo ids by title as the app sorts text: lower-cased, stable.
        static func sortedByTitle(_ records: [[String: Any]], descending: Bool = false) -> [Int] {
            let keyed = records.enumerated().map { index, record in
                (index, ((record["title"] as? String) ?? "").lowercased(), (record["id"] as? Int) ?? 0)
            }
            return keyed.sorted { lhs, rhs in
                if lhs.1 == rhs.1 { return lhs.0 < rhs.0 }
                return descending ? lhs.1 > rhs.1 : lhs.1 < rhs.1
            }.map(\.2)
        }
    }
}
