import Foundation
import JSON
import TestSupport
import Testing

/// The round trip the snapshot suites share: browse a live service in tmux,
/// `trestle snapshot` it, browse the replay (`--env fake --data`) the same
/// way, and compare the screens line by line (the header and the status
/// line, which name the origin, left out).
enum SnapshotRoundTrip {
    /// One screen to compare: how to get there, and a text it shows once there.
    struct Step {
        var name: String
        var go: (RunningApp) async throws -> Void
        var shows: String
        /// Lines the replay shows that the live run did not (a foreign key
        /// the snapshot derived from a link), trimmed.
        var replayAdds: [String] = []

        static func command(_ line: String, shows: String) -> Step {
            Step(name: ":" + line, go: { try await $0.command(line) }, shows: shows)
        }

        static func press(_ key: String, shows: String, replayAdds: [String] = []) -> Step {
            Step(name: key, go: { try $0.session.press(key) }, shows: shows, replayAdds: replayAdds)
        }
    }

    /// The screen once it shows `text` and has not changed for three looks.
    private static func settled(_ app: RunningApp, showing text: String) async throws -> String {
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
    private static func screens(_ arguments: [String], _ steps: [Step]) async throws -> [[String]] {
        let app = try RunningApp(arguments)
        defer { app.stop() }
        var screens: [[String]] = []
        _ = try await settled(app, showing: "?")
        for step in steps {
            try await step.go(app)
            let screen = try await settled(app, showing: step.shows)
            let lines = trimmed(screen.components(separatedBy: "\n"))
            screens.append(Array(lines.dropFirst().dropLast()))
        }
        return screens
    }

    /// Snapshots the service at `base` (`--all`), then compares the live
    /// run's screens with the replay's; `file` is told the snapshot written.
    static func run(_ base: URL, _ steps: [Step], file check: (JSONValue) throws -> Void = { _ in }) async throws {
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
        try check(try JSONParser.parse(Data(contentsOf: URL(fileURLWithPath: file))))
        let replayScreens = try await screens(["--env", "fake", "--delay", "0", "--data", file], steps)
        for (index, step) in steps.enumerated() {
            var replay = replayScreens[index]
            for added in step.replayAdds {
                let at = replay.firstIndex { $0.trimmingCharacters(in: .whitespaces) == added }
                #expect(at != nil, "\(step.name): the replay shows \(added)")
                if let at { replay.remove(at: at) }
            }
            let live = trimmed(liveScreens[index])
            replay = trimmed(replay)
            for line in 0..<max(live.count, replay.count) {
                let expected = line < live.count ? live[line] : "(none)"
                let got = line < replay.count ? replay[line] : "(none)"
                #expect(got == expected, "\(step.name), line \(line + 2)")
            }
        }
    }

    /// `lines` without the blank lines at the end.
    private static func trimmed(_ lines: [String]) -> [String] {
        var lines = lines
        while lines.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeLast() }
        return lines
    }
}
