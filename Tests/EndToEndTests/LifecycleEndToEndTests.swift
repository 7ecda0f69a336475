import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// Starting and leaving: quitting restores the user's terminal; without a
    /// usable terminal the UI refuses with one line and a non-zero status.
    @Suite
    struct LifecycleEndToEndTests {
        @Test func qQuitsAndRestoresTheTerminal() async throws {
            let app = try RunningApp(reportingExit: true)
            defer { app.stop() }
            try await app.waitForList()
            #expect(try app.session.alternateScreenOn())
            try app.session.press("q")
            let after = try await app.session.eventuallyShows(RunningApp.endMarker)
            #expect(after.contains("exit=0"))
            try Self.expectRestored(after, app)
        }

        @Test func qOnTheStartScreenQuitsAndRestoresTheTerminal() async throws {
            let app = try RunningApp(reportingExit: true)
            defer { app.stop() }
            try await app.waitForList()
            try app.session.press("Escape")
            try await app.eventuallyStartScreen()
            try app.session.press("q")
            let after = try await app.session.eventuallyShows(RunningApp.endMarker)
            #expect(after.contains("exit=0"))
            try Self.expectRestored(after, app)
        }

        @Test func qDeeperGoesBackOneLevel() async throws {
            let app = try RunningApp(reportingExit: true)
            defer { app.stop() }
            try await app.waitForList()
            try app.session.press("Enter")
            try await app.eventuallyDetail("todos › 1 ", id: 1, related: "1 user → 1")
            try app.session.press("1")
            try await app.eventuallyDetail("todos › 1 ", id: 1, related: "1 todos (")
            try app.session.press("q")
            try await app.eventuallyDetail("todos › 1 ", id: 1, related: "1 user → 1")
            try app.session.press("q")
            try await app.waitForList()
            #expect(try app.session.alternateScreenOn())
            try app.session.press("q")
            let after = try await app.session.eventuallyShows(RunningApp.endMarker)
            #expect(after.contains("exit=0"))
            try Self.expectRestored(after, app)
        }

        @Test func sigtermQuitsAndRestoresTheTerminal() async throws {
            let app = try RunningApp(reportingExit: true)
            defer { app.stop() }
            try await app.waitForList()
            let pid = try app.trestlePID()
            try #require(pid > 0, "no trestle process under the pane")
            #expect(kill(pid, SIGTERM) == 0)
            let after = try await app.session.eventuallyShows(RunningApp.endMarker)
            #expect(after.contains("exit=143"), "expected exit=143 (128 + SIGTERM)")
            try Self.expectRestored(after, app)
        }

        @Test func ctrlCQuitsFromTheDetailAndRestoresTheTerminal() async throws {
            let app = try RunningApp(reportingExit: true)
            defer { app.stop() }
            try await app.waitForList()
            try app.session.press("Enter")
            try await app.session.eventuallyShows("todos › 1")
            try app.session.press("C-c")
            let after = try await app.session.eventuallyShows(RunningApp.endMarker)
            #expect(after.range(of: #"exit=(0|130)\b"#, options: .regularExpression) != nil)
            try Self.expectRestored(after, app)
        }

        @Test func refusesWhenStdinIsNotATerminal() async throws {
            let home = try TemporaryHome()
            defer { home.remove() }
            let outcome = try await ProcessRunner.runOnThread(
                BuiltProducts.trestle, ["--delay", "0"],
                environment: ProcessRunner.baseEnvironment(home.environment.merging(["TERM": "xterm-256color"]) { $1 }),
                timeout: 60)
            #expect(outcome.status != 0 && outcome.status != -1, "status \(outcome.status)")
            #expect(!outcome.signalled)
            let lines = outcome.stderr.split(separator: "\n", omittingEmptySubsequences: true)
            #expect(lines.count == 1, "stderr: \(outcome.stderr)")
            #expect(
                lines.first?.hasPrefix("trestle: stdin/stdout is not a terminal") == true, "stderr: \(outcome.stderr)")
            // No escape codes written into the pipe.
            #expect(!outcome.stdout.contains("\u{1B}"))
        }

        @Test func refusesADumbTerminal() async throws {
            let app = try RunningApp(reportingExit: true, shellPrefix: "TERM=dumb")
            defer { app.stop() }
            let screen = try await app.session.eventuallyShows(RunningApp.endMarker)
            #expect(screen.contains("trestle: terminal type 'dumb' cannot position the cursor"))
            #expect(screen.range(of: #"exit=[1-9]\d*"#, options: .regularExpression) != nil)
            #expect(Self.refusalLines(in: screen) == 1)
        }

        @Test func refusesWhenTermIsUnset() async throws {
            let app = try RunningApp(reportingExit: true, shellPrefix: "env -u TERM")
            defer { app.stop() }
            let screen = try await app.session.eventuallyShows(RunningApp.endMarker)
            #expect(screen.contains("trestle: TERM is not set"))
            #expect(screen.range(of: #"exit=[1-9]\d*"#, options: .regularExpression) != nil)
            #expect(Self.refusalLines(in: screen) == 1)
        }

        /// Lines before `exit=` that the refusal printed.
        static func refusalLines(in screen: String) -> Int {
            let lines = screen.components(separatedBy: "\n")
            let end = lines.firstIndex { $0.hasPrefix("exit=") } ?? lines.count
            return lines[..<end].filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.count
        }

        /// After the app: the shell's `stty -a` shows a cooked terminal and tmux
        /// is back on the normal screen.
        static func expectRestored(
            _ screen: String, _ app: RunningApp, sourceLocation: SourceLocation = #_sourceLocation
        ) throws {
            let flags = screen.replacingOccurrences(of: "\n", with: " ")
            #expect(flags.contains(" icanon "), "stty: \(screen)", sourceLocation: sourceLocation)
            #expect(!flags.contains("-icanon"), "stty: \(screen)", sourceLocation: sourceLocation)
            #expect(flags.contains(" echo "), "stty: \(screen)", sourceLocation: sourceLocation)
            #expect(!flags.contains(" -echo "), "stty: \(screen)", sourceLocation: sourceLocation)
            #expect(flags.contains(" isig "), "stty: \(screen)", sourceLocation: sourceLocation)
            #expect(
                try !app.session.alternateScreenOn(), "still on the alternate screen", sourceLocation: sourceLocation)
            #expect(!screen.contains("Title"), "the app's screen is still shown", sourceLocation: sourceLocation)
        }
    }
}
