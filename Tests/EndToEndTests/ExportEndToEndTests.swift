import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// `:export csv FILE` and `:export json FILE` write what the list shows:
    /// its filter and its sort applied.
    @Suite
    struct ExportEndToEndTests {
        @Test(arguments: Backend.allCases)
        func exportsTheFilteredSortedListAsCSVAndJSON(_ backend: Backend) async throws {
            try await backend.run { launched in
                let app = launched.app
                try await app.waitForList()
                let matching = try SampleData.ids("todos", containing: "lant")
                try app.session.press("/")
                try app.session.type("lant")
                try await app.session.eventuallyShows("/ lant▏  \(matching.count) matches")
                try app.session.press("Enter")
                try app.session.press("s")
                try app.session.press("s")
                let todos = try SampleData.records("todos")
                let expected = FilterSortEndToEndTests.sortedByTitle(todos).filter(matching.contains)
                // Wait for the rows too: tmux can capture the header redrawn before them.
                let ascending = try await app.session.eventually("filtered and sorted by Title") { screen in
                    FilterSortEndToEndTests.columnHeader(screen)?.contains("Title ▲") == true
                        && screen.contains("/ lant  \(matching.count) matches")
                        && ResourceScreen.ids(in: screen) == expected
                }
                let shownAscending = ResourceScreen.ids(in: ascending)
                #expect(Set(shownAscending) == Set(matching))

                let csvPath = app.home.root.appendingPathComponent("todos.csv").path
                try await app.command("export csv \(csvPath)")
                try await app.session.eventuallyShows("Exported \(matching.count) todos to \(csvPath)")
                let csv = try Self.csvRows(String(contentsOfFile: csvPath, encoding: .utf8))
                #expect(csv.first == ["userId", "id", "title", "completed"])
                #expect(csv.count == matching.count + 1)
                #expect(csv.dropFirst().map { Int($0[1]) } == shownAscending)
                for row in csv.dropFirst() {
                    let id = try #require(Int(row[1]))
                    let todo = try SampleData.record("todos", id: id)
                    #expect(row[2] == todo["title"] as? String)
                    #expect(row[3] == String(describing: todo["completed"] as? Bool ?? false))
                    #expect(row[0] == String(todo["userId"] as? Int ?? 0))
                }

                try app.session.press("S")
                // Wait for the rows too: tmux can capture the header redrawn before them.
                let descending = try await app.session.eventually("sorted by Title, descending") {
                    FilterSortEndToEndTests.columnHeader($0)?.contains("Title ▼") == true
                        && ResourceScreen.ids(in: $0) == shownAscending.reversed()
                }
                let shownDescending = ResourceScreen.ids(in: descending)
                #expect(shownDescending == shownAscending.reversed())
                let jsonPath = app.home.root.appendingPathComponent("todos.json").path
                try await app.command("export json \(jsonPath)")
                try await app.session.eventuallyShows("Exported \(matching.count) todos to \(jsonPath)")
                let parsed = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: jsonPath)))
                let records = try #require(parsed as? [[String: Any]])
                #expect(records.compactMap { $0["id"] as? Int } == shownDescending)
                #expect(records.allSatisfy { ($0["title"] as? String)?.contains("lant") == true })
                #expect(records.allSatisfy { Set($0.keys) == ["userId", "id", "title", "completed"] })
            }
        }

        @Test(arguments: Backend.allCases)
        func exportsARelatedListWithOnlyItsRecords(_ backend: Backend) async throws {
            try await backend.run { launched in
                let app = launched.app
                try await app.waitForList()
                try await app.command("users 3")
                try await app.eventuallyDetail("users › 3 Carmen Moreau", id: 3, related: "1 todos")
                try app.session.press("2")
                let expected = try SampleData.records("posts").filter { $0["userId"] as? Int == 3 }
                try await app.eventuallyList("users › 3 Carmen Moreau › posts", count: "posts \(expected.count)")
                let path = app.home.root.appendingPathComponent("carmen posts.json").path
                try await app.command("export json \(path)")
                try await app.session.eventuallyShows("Exported \(expected.count) posts to \(path)")
                let parsed = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
                let records = try #require(parsed as? [[String: Any]])
                #expect(records.compactMap { $0["id"] as? Int } == expected.compactMap { $0["id"] as? Int })
                #expect(records.map { $0["body"] as? String } == expected.map { $0["body"] as? String })

                // A detail has no list to export.
                try app.session.press("Escape")
                try await app.eventuallyDetail("users › 3 Carmen Moreau", id: 3, related: "1 todos")
                try await app.command("export csv \(path).csv")
                try await app.session.eventuallyShows("Nothing to export here — open a list first")
                #expect(!FileManager.default.fileExists(atPath: path + ".csv"))
            }
        }

        /// Rows of RFC 4180 CSV (quoted fields may hold commas, quotes, newlines).
        static func csvRows(_ text: String) -> [[String]] {
            var rows: [[String]] = []
            var row: [String] = []
            var field = ""
            var quoted = false
            var characters = Array(text)[...]
            while let character = characters.popFirst() {
                if quoted {
                    if character == "\"" {
                        if characters.first == "\"" {
                            field.append("\"")
                            characters.removeFirst()
                        } else {
                            quoted = false
                        }
                    } else {
                        field.append(character)
                    }
                    continue
                }
                switch character {
                case "\"": quoted = true
                case ",":
                    row.append(field)
                    field = ""
                case "\n", "\r\n":
                    row.append(field)
                    rows.append(row)
                    row = []
                    field = ""
                case "\r": break
                default: field.append(character)
                }
            }
            if !field.isEmpty || !row.isEmpty {
                row.append(field)
                rows.append(row)
            }
            return rows
        }
    }
}
