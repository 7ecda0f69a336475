import Foundation
import JSON
import TestSupport
import Testing

extension EndToEnd {
    /// A large `--data` file is outlined at start and its records parsed as
    /// pages need them (`TRESTLE_LAZY_THRESHOLD=0` makes a small file take
    /// that path): the first page shows at once, a search is answered over
    /// the whole file (from its search index, built from the file after the
    /// first listing), and a record that does not parse is one line naming the file and the
    /// position, without stopping the app.
    @Suite
    struct LargeDataEndToEndTests {
        static let count = 3_000
        static let lazily = ["TRESTLE_LAZY_THRESHOLD": "0"]

        /// One todo a line; todo `broken` (if any) holds a number with a leading zero.
        static func text(breaking broken: Int? = nil) -> String {
            var lines: [String] = []
            for id in 1...count {
                let word = id % 250 == 0 ? "lantern" : "candle"
                let user = id == broken ? "01" : String(id % 10 + 1)
                lines.append(
                    #"{"userId": \#(user), "id": \#(id), "title": "todo \#(id) \#(word)", "completed": false}"#)
            }
            return "{\"todos\": [\n" + lines.joined(separator: ",\n") + "\n]}\n"
        }

        static func write(_ text: String, in home: TemporaryHome) throws -> URL {
            let file = home.root.appendingPathComponent("db.json")
            try Data(text.utf8).write(to: file)
            return file
        }

        @Test func theFirstPageShowsAndASearchFindsMatchesInTheWholeFile() async throws {
            let home = try TemporaryHome()
            let file = try Self.write(Self.text(), in: home)
            let app = try RunningApp(["--delay", "0", "--data", file.path], environment: Self.lazily, home: home)
            defer {
                app.stop()
                home.remove()
            }
            let first = try await app.session.eventually("the first page") { screen in
                screen.contains(" 500 of ") && screen.contains(" loaded") && screen.contains("todo 1 candle")
            }
            #expect(ResourceScreen.ids(in: first).prefix(3) == [1, 2, 3])
            try app.session.press("/")
            try app.session.type("lantern")
            let searched = try await app.session.eventually("the server's search") { screen in
                ResourceScreen.status(screen).contains("12 matching “lantern”")
            }
            #expect(ResourceScreen.ids(in: searched).prefix(3) == [250, 500, 750])
        }

        @Test func aRecordThatDoesNotParseIsOneLineAndTheAppGoesOn() async throws {
            let home = try TemporaryHome()
            let text = Self.text(breaking: 2_000)
            let expected = #expect(throws: JSONParseError.self) { try JSONParser.parse(text) }
            let position = try #require(expected.map { "at line \($0.line), column \($0.column)" })
            #expect(position.hasPrefix("at line 2001, "))
            let file = try Self.write(text, in: home)
            let app = try RunningApp(
                ["--delay", "0", "--data", file.path], cols: 200, environment: Self.lazily, home: home)
            defer {
                app.stop()
                home.remove()
            }
            // Todo 2000 is not on the first page: the app starts.
            try await app.session.eventuallyShows("todo 1 candle")
            try app.session.press("/")
            try app.session.type("lantern")
            let failed = try await app.session.eventually("the data file's error") { screen in
                screen.contains("leading zeros are not allowed \(position)")
            }
            let line = failed.split(separator: "\n").first { $0.contains("leading zeros") } ?? ""
            #expect(line.contains("db.json"), "\(line)")
            // Still running: Esc clears the search and the first page is there.
            try app.session.press("Escape")
            try await app.session.eventuallyShows("todo 2 candle")
        }

        /// Brackets that do not close are found by the outline, at start,
        /// with the line and column a whole parse names.
        @Test func aStructuralErrorStopsTheStartWithOneLine() async throws {
            let home = try TemporaryHome()
            defer { home.remove() }
            let text = Self.text().replacingOccurrences(
                of: "\"todo 1501 candle\", \"completed\": false}", with: "\"todo 1501 candle\", \"completed\": false]")
            #expect(text != Self.text())
            let expected = try #require(#expect(throws: JSONParseError.self) { try JSONParser.parse(text) })
            let file = try Self.write(text, in: home)
            let outcome = try await ProcessRunner.runOnThread(
                BuiltProducts.trestle, ["get", "todos", "--format", "csv", "--delay", "0", "--data", file.path],
                environment: ProcessRunner.baseEnvironment(home.environment.merging(Self.lazily) { $1 }),
                timeout: 120)
            #expect(!outcome.signalled && outcome.status != 0, "status \(outcome.status): \(outcome.stderr)")
            let lines = outcome.stderr.split(separator: "\n", omittingEmptySubsequences: true)
            #expect(lines.count == 1, "stderr: \(outcome.stderr)")
            // At start, as a configuration error (not a record's error met later).
            #expect(
                outcome.stderr.hasPrefix("trestle: data file \(file.path): invalid JSON: \(expected)"),
                "\(outcome.stderr)")
            #expect(outcome.stdout.isEmpty)
        }

        @Test func getOfAFileWithABrokenRecordSaysWhereInOneLine() async throws {
            let home = try TemporaryHome()
            defer { home.remove() }
            let file = try Self.write(Self.text(breaking: 2_000), in: home)
            let outcome = try await ProcessRunner.runOnThread(
                BuiltProducts.trestle, ["get", "todos", "--format", "csv", "--delay", "0", "--data", file.path],
                environment: ProcessRunner.baseEnvironment(home.environment.merging(Self.lazily) { $1 }),
                timeout: 120)
            #expect(!outcome.signalled && outcome.status != 0, "status \(outcome.status): \(outcome.stderr)")
            let lines = outcome.stderr.split(separator: "\n", omittingEmptySubsequences: true)
            #expect(lines.count == 1, "stderr: \(outcome.stderr)")
            #expect(
                outcome.stderr.contains("\(file.path): invalid JSON: leading zeros are not allowed at line 2001"),
                "stderr: \(outcome.stderr)")
        }
    }
}
