import Foundation

/// A private home for one end-to-end run: `HOME` and the four XDG folders
/// point into a fresh temporary directory, so runs never share a cache,
/// config or log with each other or with the user.
public final class TemporaryHome: Sendable {
    /// The root folder (removed by ``remove()``).
    public let root: URL

    public init() throws {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("trestle-e2e-\(UUID().uuidString.prefix(8))", isDirectory: true)
        for folder in ["home", "cache", "state", "config"] {
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
    }

    /// `HOME`, `XDG_CACHE_HOME`, `XDG_STATE_HOME`, `XDG_CONFIG_HOME`.
    public var environment: [String: String] {
        [
            "HOME": root.appendingPathComponent("home").path,
            "XDG_CACHE_HOME": root.appendingPathComponent("cache").path,
            "XDG_STATE_HOME": root.appendingPathComponent("state").path,
            "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
        ]
    }

    /// The app's log file, if it wrote one (for failure messages).
    public var log: String {
        let url = root.appendingPathComponent("state/trestle/trestle.log")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? "(no log)"
    }

    public func remove() {
        try? FileManager.default.removeItem(at: root)
    }
}

/// The outcome of a process run without a terminal.
public struct ProcessOutcome: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
    /// Whether the process ended by a signal rather than `exit`.
    public var signalled: Bool
}

/// Runs programs without a terminal (stdin from `/dev/null`, output to pipes).
public enum ProcessRunner {
    /// Runs `executable` with `arguments` and waits at most `timeout` seconds
    /// (then kills it with its process group and reports status -1).
    ///
    /// Through `Spawn`, not Foundation's `Process`: see there why every child
    /// needs a clean signal mask and a process group of its own.
    public static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String],
        workingDirectory: URL? = nil, timeout: TimeInterval = 30
    ) throws -> ProcessOutcome {
        let result = try Spawn.run(
            [executable.path] + arguments, environment: environment, workingDirectory: workingDirectory?.path,
            timeout: .milliseconds(Int(timeout * 1000)))
        return ProcessOutcome(
            status: result.timedOut ? -1 : result.status,
            stdout: String(decoding: result.stdout, as: UTF8.self),
            stderr: String(decoding: result.stderr, as: UTF8.self),
            signalled: result.signalled)
    }

    /// The environment variable by which `.ci/run` recognises the processes
    /// its test run started (every child inherits it).
    public static let runMarker = "TRESTLE_TEST_RUN"

    /// A minimal environment: `PATH`, a UTF-8 locale, the run marker, plus `extra`.
    public static func baseEnvironment(_ extra: [String: String]) -> [String: String] {
        var environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "SWIFT_BACKTRACE": "interactive=no",
        ]
        // `.ci/run` marks its run's processes by this variable to find any
        // that outlive the tests; a minimal environment must carry it on.
        if let run = ProcessInfo.processInfo.environment[runMarker] { environment[runMarker] = run }
        environment.merge(extra) { _, new in new }
        return environment
    }

    /// Direct children of `pid` (from `/proc/*/stat`).
    public static func children(of pid: Int32) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> Int32? in
            guard let child = Int32(entry),
                let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return nil }
            // "pid (comm) state ppid …": comm may hold spaces, so split after ")".
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 1, Int32(fields[1]) == pid else { return nil }
            return child
        }
    }

    /// The executable name (`comm`) of `pid`, or nil when it is gone.
    public static func command(of pid: Int32) -> String? {
        (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The working directory of `pid` (`/proc/PID/cwd`), or nil.
    public static func currentDirectory(of pid: Int32) -> String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/cwd")
    }
}

extension TmuxSession {
    /// Asks tmux for a format of the pane, e.g. `#{alternate_on}`, `#{pane_dead}`.
    public func paneFormat(_ format: String) throws -> String {
        let result = try Spawn.run(["tmux", "-L", socket, "display-message", "-p", "-t", name, format])
        return String(decoding: result.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Whether the pane shows the alternate screen (a full-screen app is up).
    public func alternateScreenOn() throws -> Bool {
        try paneFormat("#{alternate_on}") == "1"
    }

    /// The pane's size as tmux sees it.
    public func paneSize() throws -> (cols: Int, rows: Int) {
        let parts = try paneFormat("#{pane_width} #{pane_height}").split(separator: " ")
        return (Int(parts.first ?? "") ?? 0, Int(parts.last ?? "") ?? 0)
    }

    /// Polls the screen until `predicate` holds, sleeping without blocking a
    /// thread of the cooperative pool (a server in the same process needs it).
    @discardableResult
    public func eventually(
        _ description: String, timeout: TimeInterval = 15, _ predicate: (String) -> Bool
    ) async throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        while Date() < deadline {
            last = try screen()
            if predicate(last) { return last }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw Failure.timeout(waitingFor: description, screen: last)
    }

    /// Waits (asynchronously) until the screen contains `text`.
    @discardableResult
    public func eventuallyShows(_ text: String, timeout: TimeInterval = 15) async throws -> String {
        try await eventually("“\(text)”", timeout: timeout) { $0.contains(text) }
    }
}
