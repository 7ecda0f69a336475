import Dispatch
import Foundation

/// Ctrl-C (SIGINT) during a snapshot's walk: instead of dying at once,
/// the run keeps what it has read (``stop`` writes the progress beside
/// OUT and says how to resume) and ends with status 130, as a shell
/// expects of a program stopped by Ctrl-C.
struct SnapshotInterrupt {
    private let source: any DispatchSourceSignal

    /// Catches SIGINT from now on; `stop` runs once, on a dispatch queue, then the process exits 130.
    init(stop: @escaping @Sendable () -> Void) {
        signal(SIGINT, SIG_IGN)
        source = DispatchSource.makeSignalSource(signal: SIGINT, queue: DispatchQueue(label: "trestle.snapshot.sigint"))
        source.setEventHandler {
            stop()
            exit(130)
        }
        source.resume()
    }

    /// SIGINT ends the process again, as before the walk.
    func cancel() {
        source.cancel()
        signal(SIGINT, SIG_DFL)
    }
}
