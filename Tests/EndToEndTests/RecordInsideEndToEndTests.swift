import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// Inside a 2 MB record served by `trestle serve --data`, browsed in
    /// development: `/` searches it (the count on the status line, `n`/`N`
    /// round the ends, Esc ends it), `z`/`Z` fold it (a search opens the
    /// folds that hide a match), `:jq` narrows it and a list.
    @Suite
    struct RecordInsideEndToEndTests {
        /// Items in the big record: about 2 MB of JSON.
        static let itemCount = 26_000

        /// Todo 1 holds `items`, 26,000 objects; 17 of their words hold
        /// `needle` (items 500, 1500 … 16500). Todos 2 … 5 are plain.
        static func data() -> Data {
            var items: [String] = []
            items.reserveCapacity(itemCount)
            for number in 0..<itemCount {
                let word =
                    number % 1_000 == 500 && number < 17_000
                    ? "needle \(number)" : "lorem ipsum dolor sit amet consectetur adipiscing \(number)"
                items.append(#"{"n": \#(number), "word": "\#(word)"}"#)
            }
            var todos = [
                #"{"userId": 1, "id": 1, "title": "the big one", "completed": false, "items": ["#
                    + items.joined(separator: ",\n") + "]}"
            ]
            for id in 2...5 {
                todos.append(#"{"userId": 1, "id": \#(id), "title": "todo \#(id)", "completed": false}"#)
            }
            let text = #"{"todos": ["# + todos.joined(separator: ",\n") + #"], "users": [{"id": 1, "name": "A"}]}"#
            return Data(text.utf8)
        }

        /// A development run over the data, on the big record's detail.
        static func openBigRecord() async throws -> (RunningApp, ServeProcess, TemporaryHome) {
            #expect(data().count > 2_000_000)
            let home = try TemporaryHome()
            let file = home.root.appendingPathComponent("big.json")
            try data().write(to: file)
            let server = try ServeProcess(copying: file)
            let app = try RunningApp(["--env", "development", "--base-url", server.url.absoluteString])
            try await app.session.eventually("the todos") { $0.contains("the big one") && $0.contains("todo 2") }
            try app.session.press("Enter")
            try await app.session.eventually("the big record", timeout: 60) { screen in
                screen.contains(#""title": "the big one""#)
            }
            return (app, server, home)
        }

        /// The JSON lines on screen: below the `related` line, above the status bar.
        static func bodyLines(_ screen: String) -> [String] {
            let lines = screen.components(separatedBy: "\n")
            guard let start = lines.firstIndex(where: { $0.hasPrefix(" related ") }) else { return [] }
            return Array(lines[(start + 1)...].prefix { !$0.contains("DEVELOPMENT") })
        }

        @Test func slashSearchesTheRecordAndNMovesBetweenTheMatches() async throws {
            let (app, server, home) = try await Self.openBigRecord()
            defer {
                app.stop()
                server.stop()
                home.remove()
            }
            try app.session.press("/")
            try app.session.type("NEEDLE")
            try app.session.press("Enter")
            let first = try await app.session.eventually("the first of 17 matches") { screen in
                screen.contains("1 of 17") && Self.bodyLines(screen).contains { $0.contains(#""needle 500""#) }
            }
            #expect(first.contains("/NEEDLE  1 of 17"), "\(first)")
            // The match is marked: a style starts where `needle` does.
            let styled = try app.session.screenWithStyles()
            let marked = StyledScreen.line(containing: #""needle 500""#, in: styled) ?? ""
            #expect(marked.range(of: "\u{1B}\\[[0-9;]*mneedle\u{1B}", options: .regularExpression) != nil, "\(marked)")

            try app.session.press("n")
            try await app.session.eventually("the second match") { screen in
                screen.contains("2 of 17") && Self.bodyLines(screen).contains { $0.contains(#""needle 1500""#) }
            }
            try app.session.press("N")
            try app.session.press("N")
            try await app.session.eventually("round the start to the last match") { screen in
                screen.contains("17 of 17") && Self.bodyLines(screen).contains { $0.contains(#""needle 16500""#) }
            }
            try app.session.press("Escape")
            let ended = try await app.session.eventually("the search ended") { !$0.contains("of 17") }
            #expect(ended.contains(#""needle 16500""#), "the record stays where the search left it")
            // Without a search `n` is not a search key: the record stays as it is.
            try app.session.press("n")
            try app.session.press("C-l")
            let after = try await app.session.eventually("the record still shown") { $0.contains(#""needle 16500""#) }
            #expect(!after.contains("of 17"), "\(after)")
        }

        @Test func zFoldsTheNodeUnderTheCursorZAllAndASearchOpensTheFoldsHidingAMatch() async throws {
            let (app, server, home) = try await Self.openBigRecord()
            defer {
                app.stop()
                server.stop()
                home.remove()
            }
            // Down to the first item's `{` (the lines: `{`, four fields, `"items": [`).
            for _ in 0..<6 { try app.session.press("j") }
            try await app.session.eventually("the first item on top") { screen in
                Self.bodyLines(screen).first == "    {" && Self.bodyLines(screen).dropFirst().first == #"      "n": 0,"#
            }
            try app.session.press("z")
            try await app.session.eventually("the first item folded") { screen in
                Self.bodyLines(screen).first == "    {…} 2 keys," && Self.bodyLines(screen).dropFirst().first == "    {"
            }
            try app.session.press("k")
            try app.session.press("z")
            // Folded, the record fits the screen: the view shows it from its first line.
            let items = try await app.session.eventually("the items folded") { screen in
                screen.contains(#"  "items": […] 26,000 items"#)
            }
            let body = Self.bodyLines(items)
            #expect(body.firstIndex(of: #"  "items": […] 26,000 items"#).map { body[$0 + 1] } == "}", "\(items)")
            try app.session.press("Z")
            try await app.session.eventually("every fold opened") { screen in
                Self.bodyLines(screen).dropFirst().first == "    {"
            }
            try app.session.press("Z")
            try await app.session.eventually("every node folded") { screen in
                screen.contains(#""items": […] 26,000 items"#) && !screen.contains(#""n": 0"#)
            }
            try app.session.press("/")
            try app.session.type("needle 2500")
            try app.session.press("Enter")
            let found = try await app.session.eventually("the fold hiding the match opened") { screen in
                screen.contains("1 of 1") && Self.bodyLines(screen).contains { $0.contains(#""needle 2500""#) }
            }
            #expect(!found.contains("[…] 26,000 items"), "\(found)")
            #expect(found.contains("{…} 2 keys"), "the items without a match stay folded: \(found)")
        }

        @Test func jqNarrowsTheRecordAndAList() async throws {
            let (app, server, home) = try await Self.openBigRecord()
            defer {
                app.stop()
                server.stop()
                home.remove()
            }
            try app.session.type(":jq (.items[] | select(.word == \"needle 1500\") | .n), .title")
            try app.session.press("Enter")
            let narrowed = try await app.session.eventually("what the expression selects") { screen in
                Self.bodyLines(screen).prefix(2) == ["1500", #""the big one""#]
            }
            #expect(narrowed.contains("2 results"), "\(narrowed)")
            try app.session.type(":jq .items[0]]")
            try app.session.press("Enter")
            try await app.session.eventuallyShows("jq: unexpected `]` at column 10")
            try app.session.type(":jq")
            try app.session.press("Enter")
            try await app.session.eventually("the whole record again") { screen in
                screen.contains(#""title": "the big one""#) && screen.contains("the whole record again")
            }
            try app.session.type(":jq .title")
            try app.session.press("Enter")
            try await app.session.eventually("narrowed again") { Self.bodyLines($0).first == #""the big one""# }
            try app.session.press("Escape")
            try await app.session.eventually("Esc shows the whole record") { $0.contains(#""title": "the big one""#) }
            try app.session.press("Escape")
            try await app.session.eventually("back on the list") { $0.contains("todo 2") && $0.contains("Title") }
            try app.session.type(":jq [.[] | select(.id >= 4) | .title]")
            try app.session.press("Enter")
            let list = try await app.session.eventually("the list's answer") { screen in
                screen.contains(#""todo 4","#) && screen.contains(#""todo 5""#)
            }
            #expect(list.contains("over the loaded todos"), "\(list)")
        }
    }
}
