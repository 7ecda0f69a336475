import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// `trestle snapshot` of a real test server, replayed offline with
    /// `--env fake --data`: the start screen, a list's first page, a record
    /// and a relation are the live run's, line by line (the header and the
    /// status line, which name the origin, left out).
    @Suite
    struct SnapshotEndToEndTests {
        /// One screen to compare: how to get there, and a text it shows once there.
        struct Step {
            var name: String
            var go: (RunningApp) async throws -> Void
            var shows: String

            static func command(_ line: String, shows: String) -> Step {
                Step(name: ":" + line, go: { try await $0.command(line) }, shows: shows)
            }

            static func press(_ key: String, shows: String) -> Step {
                Step(name: key, go: { try $0.session.press(key) }, shows: shows)
            }
        }

        /// The screen once it shows `text` and has not changed for three looks.
        private func settled(_ app: RunningApp, showing text: String) async throws -> String {
            _ = try await app.session.eventuallyShows(text, timeout: 60)
            var last = try app.session.screen()
            var same = 0
            let deadline = Date().addingTimeInterval(60)
            while same < 3, Date() < deadline {
                try await Task.sleep(for: .milliseconds(250))
                let now = try app.session.screen()
                same = now == last && now.contains(text) ? same + 1 : 0
                last = now
            }
            return last
        }

        /// The screens of `steps`, without the first (header) and last (status) lines.
        private func screens(_ arguments: [String], _ steps: [Step]) async throws -> [[String]] {
            let app = try RunningApp(arguments)
            defer { app.stop() }
            var screens: [[String]] = []
            _ = try await settled(app, showing: "?")
            for step in steps {
                try await step.go(app)
                let screen = try await settled(app, showing: step.shows)
                var lines = screen.components(separatedBy: "\n")
                while lines.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeLast() }
                screens.append(Array(lines.dropFirst().dropLast()))
            }
            return screens
        }

        /// Snapshots the service at `base` (`--all`), then compares the live run's screens with the replay's.
        private func roundTrip(_ base: URL, _ steps: [Step]) async throws {
            let live = ["--env", "production", "--base-url", base.absoluteString]
            let liveScreens = try await screens(live, steps)
            let home = try TemporaryHome()
            defer { home.remove() }
            let file = home.root.appendingPathComponent("snap.json").path
            let outcome = try await ProcessRunner.runOnThread(
                BuiltProducts.trestle, ["snapshot", file, "--all"] + live,
                environment: ProcessRunner.baseEnvironment(home.environment), timeout: 120)
            #expect(outcome.status == 0, "\(outcome.stderr)")
            #expect(outcome.stdout.contains("Snapshot: "))
            let replayScreens = try await screens(["--env", "fake", "--delay", "0", "--data", file], steps)
            for (index, step) in steps.enumerated() {
                let live = liveScreens[index]
                let replay = replayScreens[index]
                for line in 0..<max(live.count, replay.count) {
                    let expected = line < live.count ? live[line] : "(none)"
                    let got = line < replay.count ? replay[line] : "(none)"
                    #expect(got == expected, "\(step.name), line \(line + 2)")
                }
            }
        }

        @Test func aJSONServerIsReplayedAsItWasBrowsed() async throws {
            let server = try await EngineTestServer.start(
                file: BuiltProducts.packageRoot.appendingPathComponent("sample-data/db.json"))
            try await roundTrip(
                server.baseURL,
                [
                    .command("resources", shows: "photos"), .command("posts", shows: "posts 100"),
                    .command("users 3", shows: "\"id\": 3"), .press("1", shows: "› todos"),
                ])
            await server.stop()
        }

        @Test func anOpenAPIServiceIsReplayedAsItWasBrowsed() async throws {
            let server = try await LibraryTestServer.start()
            try await roundTrip(
                server.baseURL,
                [
                    .command("resources", shows: "reviews"), .command("authors", shows: "Ursula K. Le Guin"),
                    .command("authors italo-calvino", shows: "books (2)"),
                    .press("1", shows: "Book 25 of Italo Calvino"),
                ])
            await server.stop()
        }

        @Test func aHALServiceIsReplayedAsItWasBrowsed() async throws {
            let server = try await HALTestServer.start()
            try await roundTrip(
                server.apiRoot,
                [
                    .command("resources", shows: "books"), .command("books", shows: "Book 1 "),
                    // (Its author relation is a link URL, which the replay cannot follow: not compared.)
                    .press("Enter", shows: "\"title\": \"Book 1\""),
                ])
            await server.stop()
        }

        @Test func aDjangoRESTServiceIsReplayedAsItWasBrowsed() async throws {
            let server = try await DjangoTestServer.start()
            try await roundTrip(
                server.apiRoot,
                [
                    .command("resources", shows: "publishers"), .command("books", shows: "books"),
                    .press("Enter", shows: "\"title\""),
                ])
            await server.stop()
        }
    }
}
