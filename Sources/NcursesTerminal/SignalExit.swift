import CNcursesw
import Dispatch
import Glibc
import Synchronization

/// Ends the process on SIGTERM, SIGHUP and SIGINT within a second, with
/// the terminal restored, whether or not the main actor is free.
///
/// The signal sources run on a queue of their own, never the main queue, so
/// a main actor busy for minutes (a huge layout, a sort) cannot hold a
/// Ctrl-C back. A signal first asks the main actor for the normal exit
/// (`normalExit`: the app's last words, `endwin`, `exit(128 + n)`), and
/// gives it `grace` to get there. When it does not (the main actor is busy),
/// or when a second signal comes, the exit happens here instead:
///
/// 1. fd 1 is pointed at `/dev/null` (`dup2`), so whatever the busy main
///    thread still writes (a frame half drawn) goes nowhere, not after the
///    restored screen;
/// 2. the tty modes saved before ncurses changed them are set again
///    (`tcsetattr` on fd 0);
/// 3. the strings `endwin` would send (leave the alternate screen, show the
///    cursor, plain colours, keypad and mouse off), read from terminfo at
///    start, go out through a duplicate of the terminal's fd;
/// 4. `beforeExit` (the app's own last resort: its credential helpers'
///    process groups killed), then `_exit(128 + n)`.
///
/// Why not `endwin` from this queue: ncurses is not thread-safe, and the
/// main thread may be inside `doupdate` (or any call) on the same SCREEN
/// at that moment; `endwin` would race it over ncurses' buffers and state.
/// The steps above touch no ncurses state, only system calls on fds,
/// so there is nothing to race with but the bytes on fd 1, which step 1
/// diverts. `_exit` skips the atexit hooks (whose `endwin` could race the
/// same way) and the app's flushes; the cache is SQLite, whose last
/// committed transaction stands.
final class SignalExit: Sendable {
    /// How long the main actor has to start and finish the normal exit.
    static let grace: DispatchTimeInterval = .milliseconds(700)

    private let queue = DispatchQueue(label: "trestle.signal-exit")
    private let restore: EmergencyRestore
    /// What the app does before `_exit`, which skips its atexit hooks: no
    /// ncurses, no main actor (system calls such as `kill`).
    private let beforeExit: @Sendable () -> Void
    /// A signal was received: a second one exits here at once.
    private let signalled = Atomic<Bool>(false)
    /// A child has the terminal (the pager): SIGINT is its Ctrl-C, not ours.
    private let interruptsHeld = Atomic<Bool>(false)

    init(restore: EmergencyRestore, beforeExit: @escaping @Sendable () -> Void = {}) {
        self.restore = restore
        self.beforeExit = beforeExit
    }

    /// Watches `signals` until the sources returned are cancelled;
    /// `normalExit` runs on the main queue with the signal number.
    func install(
        _ signals: [Int32], normalExit: @escaping @Sendable @MainActor (Int32) -> Void
    ) -> [any DispatchSourceProtocol] {
        signals.map { signalNumber in
            // Dispatch delivers the signal; its default action must not end the process first.
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
            source.setEventHandler { [self] in received(signalNumber, normalExit: normalExit) }
            source.resume()
            return source
        }
    }

    /// While held, SIGINT is ignored (the foreground child's Ctrl-C reaches
    /// Trestle too: both are in one process group); SIGTERM and SIGHUP still end it.
    func holdInterrupts(_ held: Bool) {
        interruptsHeld.store(held, ordering: .sequentiallyConsistent)
    }

    private func received(_ signalNumber: Int32, normalExit: @escaping @Sendable @MainActor (Int32) -> Void) {
        if signalNumber == SIGINT, interruptsHeld.load(ordering: .sequentiallyConsistent) { return }
        guard !signalled.exchange(true, ordering: .sequentiallyConsistent) else {
            // A second signal: the user does not want to wait.
            exitNow(signalNumber)
        }
        DispatchQueue.main.async {
            MainActor.assumeIsolated { normalExit(signalNumber) }
        }
        queue.asyncAfter(deadline: .now() + Self.grace) { [self] in exitNow(signalNumber) }
    }

    private func exitNow(_ signalNumber: Int32) -> Never {
        restore.run()
        beforeExit()
        _exit(128 + signalNumber)
    }
}

/// What puts the terminal back without ncurses (see `SignalExit`): the tty
/// modes before ncurses, and the bytes `endwin` would write.
struct EmergencyRestore: Sendable {
    /// The tty modes of fd 0 before `newterm` changed them, if fd 0 had any.
    let modes: termios?
    /// A duplicate of the terminal's fd 1, for writing after fd 1 is diverted.
    let output: Int32
    /// `/dev/null`, put over fd 1 before restoring.
    let sink: Int32
    let bytes: [UInt8]

    /// Call on the main actor before `newterm`, while fd 0 has the user's modes.
    static func savedModes() -> termios? {
        var modes = termios()
        return tcgetattr(0, &modes) == 0 ? modes : nil
    }

    /// Call after `newterm`, when terminfo describes the terminal.
    @MainActor
    static func prepare(modes: termios?, mouse: Bool) -> EmergencyRestore {
        var bytes: [UInt8] = []
        if mouse { bytes += Array("\u{1B}[?1000l\u{1B}[?1006l".utf8) }
        for name in ["sgr0", "rmkx", "cnorm", "rmcup"] { bytes += capability(name) }
        return EmergencyRestore(modes: modes, output: dup(1), sink: open("/dev/null", O_WRONLY), bytes: bytes)
    }

    /// A terminfo string without its padding (`$<5>`), or nothing.
    @MainActor
    static func capability(_ name: String) -> [UInt8] {
        guard let value = tigetstr(name), Int(bitPattern: value) != -1 else { return [] }
        let raw = Array(String(cString: value).utf8)
        var result: [UInt8] = []
        var index = 0
        while index < raw.count {
            if raw[index] == UInt8(ascii: "$"), index + 1 < raw.count, raw[index + 1] == UInt8(ascii: "<") {
                index = (raw[index...].firstIndex(of: UInt8(ascii: ">")) ?? raw.count - 1) + 1
                continue
            }
            result.append(raw[index])
            index += 1
        }
        return result
    }

    /// The four steps of `SignalExit`'s own exit, but `_exit`.
    func run() {
        if sink >= 0 { dup2(sink, 1) }
        if var modes { tcsetattr(0, TCSANOW, &modes) }
        let fd = output >= 0 ? output : 1
        bytes.withUnsafeBufferPointer { buffer in
            var offset = 0
            while offset < buffer.count, let base = buffer.baseAddress {
                let written = write(fd, base + offset, buffer.count - offset)
                if written <= 0 { break }
                offset += written
            }
        }
    }
}
