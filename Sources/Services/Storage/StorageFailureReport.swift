import Synchronization

/// The first storage failure of a run, said once: the cache stops working
/// (disk full, read-only folder, another program broke the file) and the
/// user hears it in the status line, while browsing goes on and every
/// later failure only reaches the log.
public final class StorageFailureReport: Sendable {
    private struct State {
        var first: String?
        var listener: (@Sendable (String) -> Void)?
        var told = false
    }

    private let state = Mutex(State())

    public init() {}

    /// The first failure recorded, if any.
    public var first: String? { state.withLock { $0.first } }

    /// Records a failure; only the run's first reaches the listener (now,
    /// or when one is set), unless it was `alreadySaid` another way (the
    /// start-up warning).
    public func record(_ message: String, alreadySaid: Bool = false) {
        let tell = state.withLock { state -> (@Sendable (String) -> Void)? in
            guard state.first == nil else { return nil }
            state.first = message
            state.told = alreadySaid
            guard !alreadySaid, let listener = state.listener else { return nil }
            state.told = true
            return listener
        }
        tell?(message)
    }

    /// Sets who hears the first failure; one recorded earlier reaches it at once.
    public func listen(_ listener: @escaping @Sendable (String) -> Void) {
        let pending = state.withLock { state -> String? in
            state.listener = listener
            guard let first = state.first, !state.told else { return nil }
            state.told = true
            return first
        }
        if let pending { listener(pending) }
    }
}
