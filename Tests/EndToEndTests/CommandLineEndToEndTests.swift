import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// `trestle get` from a pipe, fault injection, and finding the shipped data
    /// from any working directory.
    @Suite
    struct CommandLineEndToEndTests {
        @Test func getPrintsTheTodosAsCSVWithoutATerminal() async throws {
            let home = try TemporaryHome()
            defer { home.remove() }
            let outcome = try await ProcessRunner.runOnThread(
                BuiltProducts.trestle, ["get", "todos", "--format", "csv", "--delay", "0"],
                environment: ProcessRunner.baseEnvironment(home.environment), timeout: 60)
            #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
            let lines = outcome.stdout.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.hasSuffix("\r") ? String($0.dropLast()) : String($0) }
            let nonEmpty = lines.last == "" ? Array(lines.dropLast()) : lines
            #expect(nonEmpty.count == 201, "header + 200 rows, got \(nonEmpty.count)")
            let header = nonEmpty.first?.lowercased() ?? ""
            #expect(
                header.contains("id") && header.contains("title") && header.contains("completed"), "header: \(header)")
            #expect(
                nonEmpty.dropFirst().first?.hasPrefix("1,") == true
                    || nonEmpty.dropFirst().first?.contains(",1,") == true)
            #expect(!outcome.stdout.contains("\u{1B}"))
        }

        @Test func getPrintsTheTodosAsAJSONArray() async throws {
            let home = try TemporaryHome()
            defer { home.remove() }
            let outcome = try await ProcessRunner.runOnThread(
                BuiltProducts.trestle, ["get", "todos", "--format", "json", "--delay", "0"],
                environment: ProcessRunner.baseEnvironment(home.environment), timeout: 60)
            #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
            let parsed = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8))
            let todos = try #require(parsed as? [[String: Any]])
            #expect(todos.count == 200)
            #expect(todos.first?["id"] as? Int == 1)
            #expect(todos.allSatisfy { $0["title"] is String && $0["completed"] is Bool })
        }

        @Test func aFakeFailureShowsTheStatusInlineWithRetryHint() async throws {
            let app = try RunningApp(["--delay", "0", "--fake-fail-with", "503"])
            defer { app.stop() }
            let screen = try await app.session.eventuallyShows("r to retry")
            let errorLine = try #require(screen.components(separatedBy: "\n").first { $0.contains("r to retry") })
            #expect(errorLine.contains("503"), "error line: \(errorLine)")
            #expect(screen.contains(" FAKE "))
            // Still alive and retrying on r: the error stays (every request fails).
            try app.session.press("r")
            try await app.session.eventuallyShows("r to retry")
            #expect(try app.session.paneFormat("#{pane_dead}") == "0")
        }

        @Test func findsTheSampleDataFromAnotherWorkingDirectory() async throws {
            let elsewhere = FileManager.default.temporaryDirectory
                .appendingPathComponent("trestle-e2e-cwd-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: elsewhere) }
            let app = try RunningApp(directory: elsewhere.path)
            defer { app.stop() }
            let screen = try await app.waitForList()
            #expect(TableRows.ids(in: screen).prefix(3) == [1, 2, 3])
            #expect(
                try ProcessRunner.currentDirectory(of: app.trestlePID()) == elsewhere.resolvingSymlinksInPath().path)
        }

        /// A closed option's wrong value is refused by the parser before
        /// anything starts, in one line naming the choices; `--lang` is
        /// refused the same way. Neither touches the terminal.
        @Test(arguments: [
            (["--env", "staging"], "'fake', 'development' or 'production'"),
            (["--dialect", "v2"], "'v0' and 'v1'"),
            (["--catalog", "some"], "'builtin' and 'none'"),
            (["--log-level", "loud"], "- critical"),
            (["serve", "--dialect", "v3"], "'v0' and 'v1'"),
            (["--lang", "fr"], "no translations for 'fr'"),
        ])
        func aWrongOptionValueIsRefusedWithItsChoices(arguments: [String], choices: String) async throws {
            let home = try TemporaryHome()
            defer { home.remove() }
            let outcome = try await ProcessRunner.runOnThread(
                BuiltProducts.trestle, arguments,
                environment: ProcessRunner.baseEnvironment(home.environment), timeout: 60)
            #expect(outcome.status == 64, "status \(outcome.status), stderr: \(outcome.stderr)")
            #expect(outcome.stderr.contains(choices), "stderr: \(outcome.stderr)")
            #expect(outcome.stdout.isEmpty && !outcome.stderr.contains("\u{1B}["))
        }
    }
}
