import Foundation
import Synchronization

/// What every module gets from the app besides its services: a way to ask
/// for a redraw when async work finishes, the time, the key map and
/// whether writes may go out.
public struct ScreenContext: Sendable {
    /// Schedules a redraw (coalesced by the app).
    public let setNeedsDisplay: @MainActor @Sendable () -> Void
    /// The current time (injected so tests control ages like "cached 5 min ago").
    public let now: @Sendable () -> Date
    /// Which key does what (defaults, or the config file's `keys:`).
    public let bindings: KeyBindings
    /// Things said once per run, whichever screen says them first.
    public let notices = Notices()
    /// Whether writes go out, are refused (`--read-only`) or wait for a
    /// `yes` (production), shared by every screen of the run.
    public let writeGuard: WriteGuard
    /// Whether the service answers on this machine (the in-process fake or a
    /// loopback server): a list's server search then goes out on every
    /// filter keystroke instead of after the typing pause.
    public let searchesLocally: Bool
    /// Bytes the answers in flight have brought so far (what a stopped load
    /// says it had received).
    public let receivedBytes: @Sendable () -> Int

    public init(
        setNeedsDisplay: @escaping @MainActor @Sendable () -> Void,
        now: @escaping @Sendable () -> Date = Date.init, bindings: KeyBindings = .defaults,
        writeAccess: WriteAccess = .open, searchesLocally: Bool = false,
        receivedBytes: @escaping @Sendable () -> Int = { 0 }
    ) {
        self.setNeedsDisplay = setNeedsDisplay
        self.now = now
        self.bindings = bindings
        self.writeGuard = WriteGuard(writeAccess)
        self.searchesLocally = searchesLocally
        self.receivedBytes = receivedBytes
    }
}

/// Remembers which one-time notices were given (that a server forgets
/// writes is said once per run, not once per screen).
public final class Notices: Sendable {
    private let given = Mutex<Set<String>>([])

    public init() {}

    /// `true` the first time `notice` is asked for, `false` after.
    public func first(_ notice: String) -> Bool {
        given.withLock { $0.insert(notice).inserted }
    }
}
