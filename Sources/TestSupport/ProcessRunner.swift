import Foundation

/// Runs programs without a terminal (stdin from `/dev/null`, output to pipes).
public enum ProcessRunner {
    /// Runs `executable` with `arguments` and waits at most `timeout` seconds
    /// (then kills it with its process group and reports status -1).
    ///
    /// Through `Spawn`, not Foundation's `Process`: see there why every child
    /// needs a clean signal mask and a process group of its own.
    public static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String],
        workingDirectory: URL? = nil, timeout: TimeInterval = 120
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
