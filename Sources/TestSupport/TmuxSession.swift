import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A real terminal for end-to-end tests: a tmux session on a private socket
/// running one command, driven with `send-keys` and read with `capture-pane`.
public final class TmuxSession: @unchecked Sendable {
    public enum Failure: Error, CustomStringConvertible {
        case tmux(String)
        case timeout(waitingFor: String, screen: String)

        public var description: String {
            switch self {
            case .tmux(let message): return "tmux: \(message)"
            case .timeout(let what, let screen): return "timed out waiting for \(what); screen was:\n\(screen)"
            }
        }
    }

    public let socket: String
    public let name = "e2e"
    /// The tmux server's process id.
    public private(set) var serverPID: Int32 = 0
    /// The pane's first process: `sh -c command`, leader of the pane's
    /// process group (tmux makes it a session leader).
    public private(set) var panePID: Int32 = 0
    private let ended = NSLock()
    private var isEnded = false

    /// Starts `command` (run by `sh -c`) in a `cols`x`rows` session; the pane
    /// stays after the command ends so its last screen can be read.
    ///
    /// The caller must call ``kill()`` when done, however the test ends
    /// (`defer`): a `deinit` is no place for it, as a test that throws or
    /// crashes may never get there, and the leftover check fails the suite.
    public init(command: String, cols: Int = 120, rows: Int = 40, environment: [String: String] = [:]) throws {
        socket = "trestle-e2e-\(UUID().uuidString.prefix(8))"
        var env = ""
        for (key, value) in environment.sorted(by: { $0.key < $1.key }) {
            env += "\(key)=\(Self.quote(value)) "
        }
        // remain-on-exit is set before the pane exists: set afterwards, a
        // command that ends at once (a refusal, a crash) takes the session
        // with it and the set-option fails with "no server running".
        try tmux([
            "-f", "/dev/null", "start-server", ";", "set-option", "-g", "remain-on-exit", "on", ";",
            "new-session", "-d", "-s", name, "-x", "\(cols)", "-y", "\(rows)",
            "env TERM=xterm-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 SWIFT_BACKTRACE=interactive=no \(env)sh -c \(Self.quote(command))",
        ])
        do {
            let pids = try tmux(["display-message", "-p", "-t", name, "#{pid} #{pane_pid}"])
                .split(separator: " ").map { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            guard pids.count == 2, let server = pids[0], let pane = pids[1] else {
                throw Failure.tmux("display-message: no server and pane pid")
            }
            serverPID = server
            panePID = pane
        } catch {
            // Without the server's pid kill() cannot confirm it gone; a
            // kill-server still ends a healthy server.
            _ = try? tmux(["kill-server"])
            throw error
        }
        SpawnedProcesses.shared.add(serverPID, "tmux server -L \(socket)")
        SpawnedProcesses.shared.add(panePID, "pane of tmux -L \(socket): \(command)")
    }

    /// Sends tmux key names (`j`, `Enter`, `Escape`, `Space`, `C-c`, `NPage`).
    public func press(_ keys: String...) throws {
        try tmux(["send-keys", "-t", name] + keys)
    }

    /// Types text literally.
    public func type(_ text: String) throws {
        try tmux(["send-keys", "-t", name, "-l", text])
    }

    /// The visible screen as text.
    public func screen() throws -> String {
        try tmux(["capture-pane", "-p", "-t", name])
    }

    /// The screen with colour escapes (`capture-pane -e`).
    public func screenWithStyles() throws -> String {
        try tmux(["capture-pane", "-p", "-e", "-t", name])
    }

    public func resize(cols: Int, rows: Int) throws {
        try tmux(["resize-window", "-t", name, "-x", "\(cols)", "-y", "\(rows)"])
    }

    /// Ends the pane's command with its whole process group, then the server,
    /// waits until both are gone, and only then removes the socket file (tmux
    /// leaves it behind, one stale file in /tmp/tmux-UID per test otherwise).
    /// Safe to call more than once.
    ///
    /// A server that is still running keeps its socket: without it nothing
    /// could reach the server again, and the suite's leftover check reports it.
    public func kill() {
        let first = ended.withLock {
            defer { isEnded = true }
            return !isEnded
        }
        guard first else { return }
        // The pane's command may ignore the SIGHUP the server sends on exit
        // (a shell's trap, a child that blocked it), so the group goes first.
        if getpgid(panePID) == panePID { Glibc.kill(-panePID, SIGKILL) }
        _ = try? tmux(["kill-server"])
        if !ProcessState.waitForExit(serverPID, timeout: .seconds(5)) {
            Glibc.kill(serverPID, SIGKILL)
            ProcessState.waitForExit(serverPID, timeout: .seconds(5))
        }
        if ProcessState.waitForExit(panePID, timeout: .seconds(5)) { SpawnedProcesses.shared.remove(panePID) }
        guard !ProcessState.isAlive(serverPID) else { return }
        SpawnedProcesses.shared.remove(serverPID)
        let folder = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
        try? FileManager.default.removeItem(atPath: "\(folder)/tmux-\(getuid())/\(socket)")
    }

    /// Runs one tmux command on this session's socket (through `Spawn`, not
    /// `Process`: see there why the server must not inherit Foundation's socket).
    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        let result = try Spawn.run(["tmux", "-L", socket] + arguments)
        guard result.status == 0 else {
            throw Failure.tmux("\(arguments.first ?? ""): \(String(decoding: result.stderr, as: UTF8.self))")
        }
        return String(decoding: result.stdout, as: UTF8.self)
    }

    /// Single-quotes `text` for `sh`.
    public static func quote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
