import Dispatch
import Foundation
import Synchronization

/// Ctrl-C (SIGINT) or SIGTERM during a snapshot's walk: instead of dying
/// at once, the run keeps what it has read (``stop`` closes the progress
/// beside OUT, whose answers are already written, and says how to resume)
/// and ends with status 128 + the signal (130, 143), as a shell expects of
/// a program stopped by it.
struct SnapshotInterrupt {
    /// The signals a snapshot stops on, keeping what it read.
    static let signals = [SIGINT, SIGTERM]

    private let sources: [any DispatchSourceSignal]

    /// Catches ``signals`` from now on; `stop` runs once, on a dispatch queue, then the process exits.
    init(stop: @escaping @Sendable () -> Void) {
        let queue = DispatchQueue(label: "trestle.snapshot.signals")
        let once = Once()
        sources = Self.signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                guard once.first() else { return }
                stop()
                exit(128 + number)
            }
            source.resume()
            return source
        }
    }

    /// The signals end the process again, as before the walk.
    func cancel() {
        for source in sources { source.cancel() }
        for number in Self.signals { signal(number, SIG_DFL) }
    }
}

/// True the first time only: a second signal while stopping does nothing.
private final class Once: Sendable {
    private let done = Mutex(false)

    /// Whether this is the first call.
    func first() -> Bool {
        done.withLock { done in
            defer { done = true }
            return !done
        }
    }
}
