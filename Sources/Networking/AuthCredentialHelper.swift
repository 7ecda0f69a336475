import Foundation
import Synchronization

/// Runs a credential helper (`pass show api/prod`, `gh auth token`) as git
/// and kubectl do: `/bin/sh -c COMMAND`, no input, its standard output
/// (trimmed) is the secret. A helper that fails, prints nothing, writes
/// more than ``outputLimit`` to either stream or runs past the time limit
/// is an ``AuthFailure`` naming the command and the first line it wrote to
/// standard error — never what it wrote to standard output.
///
/// The helper leads a process group of its own (with a clean signal mask,
/// as `TestSupport`'s `Spawn` explains); both its streams are read at once
/// on a thread of its own, so one that floods standard error cannot block.
/// However it ends — its answer, the time limit (SIGTERM to the group, then
/// SIGKILL after ``grace``), too much output — whatever is left of its
/// group is killed and the helper reaped before the caller hears the
/// outcome: a retry never adds a live helper to one still running. While it
/// runs its group is in ``HelperGroups``, which Trestle's exit kills.
enum CredentialHelper {
    /// The most bytes read from each of the helper's streams (64 KiB): a
    /// token is far shorter, and a header made of more is refused anyway.
    static let outputLimit = 64 * 1024
    /// How long a helper has between SIGTERM and SIGKILL.
    static let grace = Duration.milliseconds(500)

    /// The helper's secret; with `input`, the helper reads it on its
    /// standard input (a refresh token to store), and `emptyAllowed` takes a
    /// helper that prints nothing (``RefreshTokenStore``'s `store` and `erase`).
    static func run(
        _ command: String, environment: [String: String], timeout: Duration, input: Data? = nil,
        emptyAllowed: Bool = false
    )
        async throws(AuthFailure) -> String
    {
        let run = HelperRun()
        let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
            run.begin(continuation)
            let limit = Task {
                try? await Task.sleep(for: timeout)
                if !Task.isCancelled { run.stop() }
            }
            Thread.detachNewThread {
                let outcome = HelperProcess.run(command, environment: environment, input: input, run: run)
                limit.cancel()
                run.finish(outcome)
            }
        }
        switch outcome {
        case .output(let data):
            let secret = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            guard !secret.isEmpty || emptyAllowed else { throw .helperEmpty(command: command) }
            return secret
        case .failed(let status, let said):
            throw .helperFailed(command: command, status: status, said: said)
        case .notStarted(let reason):
            throw .helperNotStarted(command: command, reason: reason)
        case .timedOut:
            throw .helperTimedOut(command: command, seconds: Int(timeout.components.seconds))
        case .tooLarge(let stream):
            throw .helperTooLarge(command: command, limit: outputLimit, stream: stream)
        }
    }

    /// How one run ended.
    enum Outcome: Sendable {
        case output(Data)
        case failed(status: Int, said: String)
        case notStarted(String)
        case timedOut
        /// More than ``outputLimit`` bytes on `stream` (`stdout`, `stderr`).
        case tooLarge(stream: String)
    }
}

/// One helper process, from spawn to reaping, on the calling (its own) thread.
private enum HelperProcess {
    static func run(_ command: String, environment: [String: String], input: Data?, run: HelperRun)
        -> CredentialHelper.Outcome
    {
        // The input (a refresh token, far below a pipe's 64 KiB buffer) is
        // written whole before the helper is read: the write never blocks.
        var inPipe: [Int32] = [-1, -1]
        if input != nil {
            guard pipe(&inPipe) == 0 else { return .notStarted(String(cString: strerror(errno))) }
            for descriptor in inPipe { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        }
        defer {
            if inPipe[1] >= 0 { close(inPipe[1]) }
        }
        var outPipe: [Int32] = [0, 0]
        var errPipe: [Int32] = [0, 0]
        guard pipe(&outPipe) == 0 else { return .notStarted(String(cString: strerror(errno))) }
        guard pipe(&errPipe) == 0 else {
            close(outPipe[0])
            close(outPipe[1])
            return .notStarted(String(cString: strerror(errno)))
        }
        for descriptor in outPipe + errPipe { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        let pid: pid_t
        switch spawn(command, environment: environment, stdin: inPipe[0], stdout: outPipe[1], stderr: errPipe[1]) {
        case .success(let spawned): pid = spawned
        case .failure(let reason):
            for descriptor in outPipe + errPipe { close(descriptor) }
            if inPipe[0] >= 0 { close(inPipe[0]) }
            return .notStarted(reason.text)
        }
        if inPipe[0] >= 0 {
            close(inPipe[0])
            writeQuietly([UInt8](input ?? Data()), to: inPipe[1])
            close(inPipe[1])
            inPipe[1] = -1
        }
        close(outPipe[1])
        close(errPipe[1])
        HelperGroups.add(pid)
        let read = collect(outPipe[0], errPipe[0], from: pid, run: run)
        // Whatever is left of the group (a child the helper left running),
        // while the unreaped leader still holds the group's id.
        _ = kill(-pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        HelperGroups.remove(pid)
        if let stream = read.overflow { return .tooLarge(stream: stream) }
        if read.timedOut { return .timedOut }
        // WIFEXITED / WEXITSTATUS are macros Swift does not import.
        let signalled = (status & 0x7f) != 0
        let exitStatus = signalled ? 128 + (status & 0x7f) : (status >> 8) & 0xff
        guard exitStatus == 0 else {
            let line = String(decoding: read.err, as: UTF8.self).split(whereSeparator: \.isNewline).first ?? ""
            return .failed(
                status: Int(exitStatus), said: BodyExcerpt.make(from: line.trimmingCharacters(in: .whitespaces)))
        }
        return .output(read.out)
    }

    /// Writes `bytes` to `descriptor` with SIGPIPE blocked on this (the
    /// helper's own) thread: a helper that exited without reading is an
    /// EPIPE here, not the end of Trestle; a SIGPIPE left pending is taken.
    private static func writeQuietly(_ bytes: [UInt8], to descriptor: Int32) {
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, min($0.count, 64 * 1024 - 1)) }
        if written < 0 {
            var none = timespec(tv_sec: 0, tv_nsec: 0)
            while sigtimedwait(&pipeSignal, nil, &none) == SIGPIPE {}
        }
        pthread_sigmask(SIG_SETMASK, &previous, nil)
    }

    struct SpawnFailure: Error {
        let text: String
    }

    /// `/bin/sh -c command`, leading its own process group, stdin from
    /// `stdin` (or `/dev/null` when it is -1), every descriptor above stderr closed.
    private static func spawn(
        _ command: String, environment: [String: String], stdin: Int32, stdout: Int32, stderr: Int32
    ) -> Result<pid_t, SpawnFailure> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if stdin >= 0 {
            posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr, 2)
        SpawnAttributes.closeDescriptors(from: 3, in: &actions)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        SpawnAttributes.ownGroupWithDefaultSignals(&attributes)
        let arguments = ["/bin/sh", "-c", command]
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in envp { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, envp)
        guard spawned == 0 else { return .failure(SpawnFailure(text: String(cString: strerror(spawned)))) }
        return .success(pid)
    }

    struct Read {
        var out = Data()
        var err = Data()
        var overflow: String?
        var timedOut = false
    }

    /// Reads both streams at once until both end or the leader exits; on
    /// the time limit sends the group SIGTERM, then SIGKILL after the grace;
    /// past ``CredentialHelper/outputLimit`` on either stream kills the group.
    private static func collect(_ outFD: Int32, _ errFD: Int32, from pid: pid_t, run: HelperRun) -> Read {
        var read = Read()
        var fds = [
            pollfd(fd: outFD, events: Int16(POLLIN), revents: 0),
            pollfd(fd: errFD, events: Int16(POLLIN), revents: 0),
        ]
        for descriptor in [outFD, errFD] { _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK) }
        defer { for descriptor in fds where descriptor.fd >= 0 { close(descriptor.fd) } }
        var buffer = [UInt8](repeating: 0, count: 16_384)
        var terminated: ContinuousClock.Instant?
        var leaderGone = false
        while fds.contains(where: { $0.fd >= 0 }) {
            if run.isStopped, terminated == nil {
                read.timedOut = true
                terminated = .now
                _ = kill(-pid, SIGTERM)
            }
            if let terminated, ContinuousClock.now - terminated >= CredentialHelper.grace {
                _ = kill(-pid, SIGKILL)
                // A grandchild outside the group may hold the pipes: stop reading.
                if leaderExited(pid) { break }
            }
            // A short tick: the time limit and the leader's exit are looked at between reads.
            let ready = poll(&fds, nfds_t(fds.count), 50)
            if ready < 0, errno != EINTR { break }
            for index in fds.indices where fds[index].fd >= 0 && (ready > 0 || leaderGone) {
                while true {
                    let count = Foundation.read(fds[index].fd, &buffer, buffer.count)
                    if count > 0 {
                        if index == 0 {
                            read.out.append(contentsOf: buffer[..<count])
                        } else {
                            read.err.append(contentsOf: buffer[..<count])
                        }
                        if (index == 0 ? read.out.count : read.err.count) > CredentialHelper.outputLimit {
                            read.overflow = index == 0 ? "stdout" : "stderr"
                            _ = kill(-pid, SIGKILL)
                            return read
                        }
                        continue
                    }
                    if count == 0 || (errno != EAGAIN && errno != EINTR) {
                        close(fds[index].fd)
                        fds[index].fd = -1
                    }
                    break
                }
            }
            if leaderGone { break }
            // The leader ended but something it started holds a pipe open:
            // read what is there once more, then stop.
            if ready == 0, leaderExited(pid) { leaderGone = true }
        }
        return read
    }

    /// Whether `pid` has exited (it stays unreaped: its group id stays ours).
    private static func leaderExited(_ pid: pid_t) -> Bool {
        var info = siginfo_t()
        guard waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 else { return true }
        return info._sifields._sigchld.si_pid == pid
    }
}

/// One helper run: the waiting caller, and whether the time limit passed.
private final class HelperRun: Sendable {
    private struct State {
        var continuation: CheckedContinuation<CredentialHelper.Outcome, Never>?
        var stopped = false
    }

    private let state = Mutex(State())

    func begin(_ continuation: CheckedContinuation<CredentialHelper.Outcome, Never>) {
        state.withLock { $0.continuation = continuation }
    }

    /// The time limit passed: the helper's thread ends its group.
    func stop() {
        state.withLock { $0.stopped = true }
    }

    var isStopped: Bool { state.withLock { $0.stopped } }

    func finish(_ outcome: CredentialHelper.Outcome) {
        let continuation = state.withLock { state in
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(returning: outcome)
    }
}

/// The process groups of the credential helpers running now. Trestle's
/// exit kills them: `exit` through an `atexit` hook, and SIGINT, SIGTERM
/// and SIGHUP through a handler installed where the signal's action is
/// still the default (the CLI's commands; the TUI handles those signals
/// itself and leaves through `exit`, or through `_exit` after calling
/// ``killAll()``).
public enum HelperGroups {
    /// The most groups remembered at once (one helper runs at a time per service).
    static let capacity = 64
    /// Read by the signal handler without a lock; written under `lock`.
    nonisolated(unsafe) private static let slots: UnsafeMutablePointer<Int32> = {
        let slots = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
        slots.initialize(repeating: 0, count: capacity)
        return slots
    }()
    private static let lock = Mutex(false)

    static func add(_ pid: pid_t) {
        let first = lock.withLock { installed in
            defer { installed = true }
            if let free = (0..<capacity).first(where: { slots[$0] == 0 }) { slots[free] = pid }
            return !installed
        }
        if first { installHooks() }
    }

    static func remove(_ pid: pid_t) {
        lock.withLock { _ in
            for index in 0..<capacity where slots[index] == pid { slots[index] = 0 }
        }
    }

    /// The groups running now (for tests).
    static var live: [pid_t] { lock.withLock { _ in (0..<capacity).map { slots[$0] }.filter { $0 != 0 } } }

    /// Sends SIGKILL to every live helper's group; async-signal-safe.
    public static func killAll() {
        for index in 0..<capacity {
            let pid = slots[index]
            if pid > 0 { _ = kill(-pid, SIGKILL) }
        }
    }

    private static func installHooks() {
        _ = atexit { HelperGroups.killAll() }
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            var current = sigaction()
            guard sigaction(signalNumber, nil, &current) == 0, current.__sigaction_handler.sa_handler == nil,
                current.sa_flags & SA_SIGINFO == 0
            else { continue }
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signalNumber in
                HelperGroups.killAll()
                // Then the default action, as if no handler had been here.
                _ = signal(signalNumber, SIG_DFL)
                _ = raise(signalNumber)
            }
            _ = sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            _ = sigaction(signalNumber, &action, nil)
        }
    }
}
