import Foundation
import Synchronization
import Translations

/// Whether a screen may send a write now: freely, never (`--read-only`), or
/// only after the user typed `yes` (the production environment's first
/// write of a run).
public enum WriteAccess: Equatable, Sendable {
    /// Writes go out as they are asked for.
    case open
    /// Every write is refused before anything is sent; `source` names what
    /// made the run read-only (`--read-only`, `TRESTLE_READ_ONLY`, …).
    case readOnly(source: String)
    /// The next write waits for the user to type `yes`.
    case confirmFirst

    /// The one line a refused write says.
    static func refusal(_ source: String) -> String {
        Texts.Write.readOnly(source: source)
    }
}

/// The run's write access, shared by every screen: once a production write
/// is confirmed on one screen, no screen asks again in this run.
public final class WriteGuard: Sendable {
    private let current: Mutex<WriteAccess>

    public init(_ access: WriteAccess = .open) {
        current = Mutex(access)
    }

    /// The access a screen starts (or shows again) with.
    public var access: WriteAccess {
        current.withLock { $0 }
    }

    /// The user typed `yes`: later writes of the run go without asking.
    public func confirm() {
        current.withLock { current in
            if current == .confirmFirst { current = .open }
        }
    }
}
