import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// `v` opens the record in `$PAGER`, `V` a read-only copy in `$EDITOR`,
    /// with the real binary in tmux (the fake environment): the "pager" is a
    /// script that copies its file, the file's mode and its arguments into a
    /// folder of the test and exits; the screen then comes back as it was.
    @Suite
    struct PagerEndToEndTests {
        /// A folder with `view.sh`, which clears the screen and writes
        /// `PAGER-WAS-HERE` on it (the screen must be repainted whole after),
        /// copies its last argument to
        /// `copy.json`, writes that file's mode to `mode`, its path to
        /// `path` and its first argument to `args`, then `done` (last).
        final class Recorder {
            let folder: URL
            var script: String { folder.appendingPathComponent("view.sh").path }

            init() throws {
                folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                    "trestle-pager-test-\(UUID().uuidString)")
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                let out = folder.path
                let text = """
                    #!/bin/sh
                    printf '\\033[H\\033[2JPAGER-WAS-HERE\\n'
                    for last; do :; done
                    cp "$last" '\(out)/copy.json'
                    stat -c %a "$last" > '\(out)/mode'
                    printf '%s' "$last" > '\(out)/path'
                    printf '%s' "$1" > '\(out)/args'
                    : > '\(out)/done'

                    """
                try ExecutableScript.write(text, to: URL(fileURLWithPath: script), mode: 0o755)
            }

            func read(_ name: String) -> String {
                (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)) ?? ""
            }

            /// Waits for the script to have run (at most 30 s: without `v`, never).
            func waitForRun() async throws {
                let done = folder.appendingPathComponent("done").path
                let ran = await waitUntil(within: .seconds(30)) { FileManager.default.fileExists(atPath: done) }
                try #require(ran, "the pager never ran")
            }

            func remove() { try? FileManager.default.removeItem(at: folder) }
        }

        /// The screen without its status line (the last non-empty line), which
        /// may say how long ago the record came.
        static func body(_ screen: String) -> [String] {
            var lines = screen.components(separatedBy: "\n")
            while lines.last?.isEmpty == true { lines.removeLast() }
            return Array(lines.dropLast())
        }

        /// The record's first line on screen: the one below the `related` line.
        static func firstJSONLine(_ screen: String) -> String? {
            let lines = screen.components(separatedBy: "\n")
            guard let related = lines.firstIndex(where: { $0.hasPrefix(" related ") }), related + 1 < lines.count
            else { return nil }
            return lines[related + 1].trimmingCharacters(in: .whitespaces)
        }

        /// The fake run on user 1's detail (reached from todo 1), scrolled
        /// three lines down; returns the screen's body then.
        static func openScrolledUser(_ app: RunningApp) async throws -> [String] {
            try await app.waitForList()
            try app.session.press("Enter")
            try await app.session.eventually("todo 1") { $0.contains("\"id\": 1,") && $0.contains("related") }
            try app.session.press("1")
            // The relations' counts come late: the screen is still once they have.
            let top = try await app.session.eventually("user 1 with its relations counted") { screen in
                screen.contains("\"username\"")
                    && screen.range(of: #"3 albums \(\d+\)"#, options: .regularExpression) != nil
            }
            #expect(firstJSONLine(top) == "{", "\(top)")
            // Three lines down (`{`, `"id"`, `"name"` above): every `j` taken.
            try app.session.press("j", "j", "j")
            let scrolled = try await app.session.eventually("user 1 scrolled three lines") { screen in
                firstJSONLine(screen)?.hasPrefix("\"username\":") == true
            }
            return body(scrolled)
        }

        @Test func vOpensTheRecordInThePagerAndTheScreenComesBackAsItWas() async throws {
            let recorder = try Recorder()
            let app = try RunningApp(rows: 16, environment: ["PAGER": "\(recorder.script) --flag"])
            defer {
                app.stop()
                recorder.remove()
            }
            let before = try await Self.openScrolledUser(app)
            try app.session.press("v")
            try await recorder.waitForRun()
            let after = try await app.session.eventually("the same screen again", timeout: 30) {
                Self.body($0) == before
            }
            #expect(Self.body(after) == before)
            #expect(!after.contains("PAGER-WAS-HERE"), "\(after)")
            // The record's JSON, whole, and the pager's own argument kept.
            let copy = recorder.read("copy.json")
            let object = try JSONSerialization.jsonObject(with: Data(copy.utf8)) as? [String: Any]
            #expect(object?["id"] as? Int == 1, "\(copy)")
            #expect(object?["username"] != nil, "\(copy)")
            #expect(recorder.read("args") == "--flag")
            #expect(recorder.read("mode") == "600\n")
            // The private copy is gone once the screen is back.
            let path = recorder.read("path")
            #expect(!path.isEmpty && !FileManager.default.fileExists(atPath: path), "\(path)")
            #expect(!FileManager.default.fileExists(atPath: (path as NSString).deletingLastPathComponent))
            // The terminal takes keys again: `j` scrolls on.
            try app.session.press("j")
            try await app.session.eventually("scrolled on after the pager", timeout: 30) { Self.body($0) != before }
        }

        @Test func capitalVOpensAReadOnlyCopyInTheEditor() async throws {
            let recorder = try Recorder()
            let app = try RunningApp(
                rows: 16, environment: ["EDITOR": recorder.script, "VISUAL": "/nonexistent/visual"])
            defer {
                app.stop()
                recorder.remove()
            }
            let before = try await Self.openScrolledUser(app)
            try app.session.press("V")
            try await recorder.waitForRun()
            try await app.session.eventually("the same screen again", timeout: 30) { Self.body($0) == before }
            #expect(recorder.read("mode") == "400\n")
            let copy = recorder.read("copy.json")
            #expect(copy.contains("\"username\""), "\(copy)")
        }

        @Test func aPagerThatCannotStartIsOneLineAndTheRecordStays() async throws {
            let app = try RunningApp(rows: 16, environment: ["PAGER": "/nonexistent/pager"])
            defer { app.stop() }
            let before = try await Self.openScrolledUser(app)
            try app.session.press("v")
            let screen = try await app.session.eventually("the line naming the pager", timeout: 30) {
                $0.contains("cannot start /nonexistent/pager")
            }
            #expect(Self.body(screen) == before, "\(screen)")
        }

        @Test func vOnOneRequestOfTheInspectorOpensItsHeadersAndBody() async throws {
            let recorder = try Recorder()
            let app = try RunningApp(environment: ["PAGER": recorder.script])
            defer {
                app.stop()
                recorder.remove()
            }
            try await app.waitForList()
            try app.session.press("I")
            try await app.session.eventually("the inspector") { $0.contains("of this run, newest first") }
            try app.session.press("Enter")
            let detail = try await app.session.eventually("one request") { $0.contains("Response headers") }
            try app.session.press("v")
            try await recorder.waitForRun()
            try await app.session.eventually("the request again", timeout: 30) { Self.body($0) == Self.body(detail) }
            let copy = recorder.read("copy.json")
            #expect(copy.hasPrefix("GET /") && copy.contains("Response headers"), "\(copy)")
        }

        @Test func theRecordsHelpListsVAndCapitalV() async throws {
            let app = try RunningApp()
            defer { app.stop() }
            try await app.waitForList()
            try app.session.press("Enter")
            try await app.session.eventually("todo 1") { $0.contains("\"id\": 1,") && $0.contains("related") }
            try app.session.press("?")
            let help = try await app.session.eventually("the record's help") { $0.contains("in $PAGER") }
            let lines = help.components(separatedBy: "\n")
            #expect(lines.contains { $0.contains(" v ") && $0.contains("open what is shown in $PAGER") }, "\(help)")
            #expect(lines.contains { $0.contains(" V ") && $0.contains("read-only copy") }, "\(help)")
        }
    }
}
