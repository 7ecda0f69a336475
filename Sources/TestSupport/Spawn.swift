import Foundation
import Networking

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a program with `posix_spawn` and collects its output.
///
/// Foundation's `Process` on Linux learns that a child exited when a socket
/// it hands to the child reaches end-of-file. A child that forks a daemon —
/// `tmux` starting its server — passes that socket on to the daemon, and
/// `waitUntilExit()` then waits as long as the daemon lives (the first
/// `tmux new-session` of a test hung for ever). Here every descriptor above
/// stderr is closed in the child and the exit is collected with `waitpid`.
///
/// Every child also starts with an empty signal mask and default signal
/// dispositions. A test that spawns from a dispatch worker thread, where
/// every signal is blocked, would otherwise hand that mask down: a tmux
/// server started so never acts on the SIGTERM its own `kill-server` sends
/// it, and the pane's command ignores the SIGHUP, so each test left a server
/// and an app running (63 and 53 after one CI run). And every child leads its
/// own process group, so a timeout ends it with whatever it started.
///
/// swift-subprocess does all of this too, but only behind `async` functions;
/// the tmux driver's short commands (`send-keys`, `capture-pane`) are called
/// synchronously, from `defer` too, so the spawn stays here, small and
/// synchronous. Anything that may wait long runs it on a thread of its own
/// (``OwnThread``, `ProcessRunner.runOnThread`), never on the cooperative pool.
public enum Spawn {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public struct Result: Sendable {
        /// The exit status, or 128 + the signal's number when a signal ended it.
        public var status: Int32
        public var stdout: Data
        public var stderr: Data
        /// Whether a signal rather than `exit` ended the process.
        public var signalled: Bool
        /// Whether the process was killed for running past its timeout.
        public var timedOut: Bool
    }

    /// Runs `arguments[0]` (looked up in `PATH` unless it holds a `/`) with
    /// stdin from /dev/null, waiting for it to exit.
    ///
    /// - Parameters:
    ///   - environment: the child's whole environment; nil passes ours on.
    ///   - workingDirectory: where the child starts; nil keeps ours.
    ///   - timeout: after this long the child's process group is killed
    ///     (`SIGKILL`) and the result says `timedOut`; nil waits for ever.
    public static func run(
        _ arguments: [String], environment: [String: String]? = nil, workingDirectory: String? = nil,
        timeout: Duration? = nil
    ) throws -> Result {
        guard let program = arguments.first else { throw Failure(description: "no program to run") }
        var outPipe: [Int32] = [0, 0]
        var errPipe: [Int32] = [0, 0]
        guard pipe(&outPipe) == 0 else { throw Failure(description: "pipe failed") }
        guard pipe(&errPipe) == 0 else {
            close(outPipe[0])
            close(outPipe[1])
            throw Failure(description: "pipe failed")
        }
        // Close-on-exec (Swift does not import pipe2), so that a spawn racing
        // on another thread does not keep our pipes open; the dup2 below
        // clears the flag on the child's 1 and 2.
        for descriptor in outPipe + errPipe { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        if let workingDirectory { try changeDirectory(to: workingDirectory, in: &actions) }
        closeDescriptors(from: 3, in: &actions)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        resetSignals(in: &attributes)

        var pid: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let envp: [UnsafeMutablePointer<CChar>?] = (environment ?? [:]).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in envp { free(pointer) } }
        let spawned =
            environment == nil
            ? posix_spawnp(&pid, program, &actions, &attributes, argv, environ)
            : posix_spawnp(&pid, program, &actions, &attributes, argv, envp)
        close(outPipe[1])
        close(errPipe[1])
        guard spawned == 0 else {
            close(outPipe[0])
            close(errPipe[0])
            throw Failure(description: "posix_spawnp \(program) failed: \(String(cString: strerror(spawned)))")
        }
        SpawnedProcesses.shared.add(pid, arguments.joined(separator: " "))
        defer { SpawnedProcesses.shared.remove(pid) }

        let deadline = timeout.map { ContinuousClock.now + $0 }
        let (out, err, timedOut) = collect(outPipe[0], errPipe[0], from: pid, until: deadline)

        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw Failure(description: "waitpid failed: \(errno)") }
        }
        // WIFEXITED / WEXITSTATUS are macros Swift does not import.
        let signalled = (status & 0x7f) != 0
        let exitStatus = signalled ? 128 + (status & 0x7f) : (status >> 8) & 0xff
        return Result(status: exitStatus, stdout: out, stderr: err, signalled: signalled, timedOut: timedOut)
    }

    /// Reads both pipes to end-of-file; past `deadline`, kills the child's
    /// process group and gives the pipes two more seconds to close (a
    /// grandchild that left the group could hold them open for ever).
    private static func collect(
        _ outFD: Int32, _ errFD: Int32, from pid: pid_t, until deadline: ContinuousClock.Instant?
    ) -> (Data, Data, Bool) {
        var out = Data()
        var err = Data()
        var timedOut = false
        var deadline = deadline
        var fds = [
            pollfd(fd: outFD, events: Int16(POLLIN), revents: 0),
            pollfd(fd: errFD, events: Int16(POLLIN), revents: 0),
        ]
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while fds.contains(where: { $0.fd >= 0 }) {
            var wait: Int32 = -1
            if let deadline {
                let left = deadline - ContinuousClock.now
                wait = Int32(
                    clamping: max(
                        0, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
            }
            let ready = poll(&fds, nfds_t(fds.count), wait)
            if ready < 0 {
                if errno == EINTR { continue }
                break
            }
            if ready == 0 {
                if timedOut { break }
                timedOut = true
                kill(-pid, SIGKILL)
                deadline = .now + .seconds(2)
                continue
            }
            for index in fds.indices where fds[index].fd >= 0 && fds[index].revents != 0 {
                let count = read(fds[index].fd, &buffer, buffer.count)
                if count > 0 {
                    if index == 0 {
                        out.append(contentsOf: buffer[..<count])
                    } else {
                        err.append(contentsOf: buffer[..<count])
                    }
                } else if count == 0 || errno != EINTR {
                    close(fds[index].fd)
                    fds[index].fd = -1
                }
            }
        }
        for descriptor in fds where descriptor.fd >= 0 { close(descriptor.fd) }
        return (out, err, timedOut)
    }

    /// An empty signal mask, every catchable signal back to its default, and
    /// a process group of the child's own.
    static func resetSignals(in attributes: inout posix_spawnattr_t) {
        SpawnAttributes.ownGroupWithDefaultSignals(&attributes)
    }

    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32
    private typealias AddChdir =
        @convention(c) (
            UnsafeMutablePointer<posix_spawn_file_actions_t>?, UnsafePointer<CChar>?
        ) -> Int32

    /// `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34+; Swift does not
    /// import it), else a close action per descriptor open now.
    static func closeDescriptors(from lowest: Int32, in actions: inout posix_spawn_file_actions_t) {
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") {
            let closeFrom = unsafeBitCast(symbol, to: CloseFrom.self)
            if closeFrom(&actions, lowest) == 0 { return }
        }
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for descriptor in open.compactMap(Int32.init) where descriptor >= lowest && fcntl(descriptor, F_GETFD) >= 0 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
    }

    /// `posix_spawn_file_actions_addchdir_np` (glibc 2.29+; not imported either).
    private static func changeDirectory(to path: String, in actions: inout posix_spawn_file_actions_t) throws {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addchdir_np")
        else { throw Failure(description: "this libc cannot set a spawned child's working directory") }
        let addChdir = unsafeBitCast(symbol, to: AddChdir.self)
        guard addChdir(&actions, path) == 0 else { throw Failure(description: "cannot change to \(path)") }
    }
}
