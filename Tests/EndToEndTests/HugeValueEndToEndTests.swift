import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// A record with a 5 MB string, served by `trestle serve --data` and
    /// browsed in development: its detail opens at once, scrolls with `j`
    /// and PgDn, ends in a line saying how much of the value is not shown,
    /// `m` shows more of it, and Ctrl-C exits with the terminal restored. (Laid out in the square
    /// of its length, it never drew and Ctrl-C was ignored: issue 25.)
    @Suite
    struct HugeValueEndToEndTests {
        /// About 5 MB of words after a few accented and wide characters (so the
        /// fold meets more than ASCII; the old fold scanned the ASCII rest for every line).
        static let huge = "é 日本語 " + String(repeating: "lorem ipsum dolor sit amet ", count: 190_000)

        /// Todo 1 holds `huge` (its last field); todos 2 … 20 are plain.
        static func data() -> Data {
            var todos = [#"{"userId": 1, "id": 1, "title": "the huge one", "completed": false, "huge": "\#(huge)"}"#]
            for id in 2...20 {
                todos.append(#"{"userId": 1, "id": \#(id), "title": "todo \#(id)", "completed": false}"#)
            }
            let text = #"{"todos": ["# + todos.joined(separator: ",\n") + #"], "users": [{"id": 1, "name": "A"}]}"#
            return Data(text.utf8)
        }

        @Test func aFiveMegabyteStringOpensScrollsAndCtrlCRestoresTheTerminal() async throws {
            #expect(Self.huge.utf8.count > 5_000_000)
            let home = try TemporaryHome()
            defer { home.remove() }
            let file = home.root.appendingPathComponent("huge.json")
            try Self.data().write(to: file)
            let server = try ServeProcess(copying: file)
            defer { server.stop() }
            let app = try RunningApp(
                ["--env", "development", "--base-url", server.url.absoluteString], reportingExit: true)
            defer { app.stop() }
            try await app.session.eventually("the todos") { $0.contains("the huge one") && $0.contains("todo 2") }

            try app.session.press("Enter")
            let detail = try await app.session.eventually("the detail's first lines", timeout: 20) { screen in
                screen.contains(#""huge": "é 日本語 lorem ipsum dolor sit amet lorem"#)
            }
            #expect(Self.bodyLines(detail).first == "{", "\(detail)")
            try app.session.press("j")
            try await app.session.eventually("one line down") { Self.bodyLines($0).first == #"  "userId": 1,"# }
            try app.session.press("NPage")
            let paged = try await app.session.eventually("a page down") { screen in
                !screen.contains(#""title": "the huge one""#) && Self.bodyLines(screen).first?.hasPrefix("    ") == true
            }
            #expect(paged.contains("ipsum"), "\(paged)")
            try app.session.press("G")
            let end = try await app.session.eventually("the end of what is shown") { screen in
                screen.contains("KiB more of this value not shown")
            }
            #expect(Self.bodyLines(end).last == "}", "\(end)")
            // `m` shows 4× as much of the value: the note's count of what is left falls.
            let before = try #require(Self.notShown(end))
            try app.session.press("m")
            try await app.session.eventually("more of the value") { $0.contains("Showing up to 256 KiB of each value") }
            try app.session.press("G")
            let more = try await app.session.eventually("the end of the longer value") { screen in
                Self.notShown(screen).map { $0 < before } ?? false
            }
            #expect(Self.notShown(more) == before - 192, "\(before) → \(String(describing: Self.notShown(more)))")

            try app.session.press("C-c")
            let after = try await app.session.eventuallyShows(RunningApp.endMarker, timeout: 5)
            #expect(after.contains("exit=130"), "\(after)")
            try LifecycleEndToEndTests.expectRestored(after, app)
        }

        /// The KiB the note below a cut value says are not shown.
        static func notShown(_ screen: String) -> Int? {
            guard
                let line = screen.components(separatedBy: "\n").first(where: { $0.contains("KiB more of this value") })
            else { return nil }
            return Int(String(line.drop { !$0.isNumber }.prefix { $0.isNumber }))
        }

        /// The JSON lines on screen: below the `related` line, above the status bar.
        static func bodyLines(_ screen: String) -> [String] {
            let lines = screen.components(separatedBy: "\n")
            guard let related = lines.firstIndex(where: { $0.hasPrefix(" related ") }) else { return [] }
            return Array(lines[(related + 1)...].prefix { !$0.contains("DEVELOPMENT") })
        }
    }
}
