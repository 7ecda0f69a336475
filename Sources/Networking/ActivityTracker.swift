import Synchronization

/// A thread-safe count of requests in flight, for a busy indicator.
///
/// Observe it with ``updates()`` (an `AsyncStream` that starts with the
/// current count) or with an `onChange` callback given at init, which is
/// called synchronously, in order, on the thread that changed the count.
public final class ActivityTracker: Sendable {
    private struct State {
        var count = 0
        var observers = Observers<Int>()
    }

    private let state = Mutex(State())
    private let onChange: (@Sendable (Int) -> Void)?

    /// Creates a tracker at zero; `onChange` receives every new count and
    /// must not call back into the tracker (it runs under its lock).
    public init(onChange: (@Sendable (Int) -> Void)? = nil) {
        self.onChange = onChange
    }

    /// The number of requests in flight.
    public var inFlight: Int {
        state.withLock { $0.count }
    }

    /// The count now and after every change; ends when the tracker is released.
    public func updates() -> AsyncStream<Int> {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingNewest(64))
        let id = state.withLock { $0.observers.add(continuation, current: $0.count) }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { $0.observers.remove(id) }
        }
        return stream
    }

    /// Counts one more request in flight.
    public func begin() {
        change(by: 1)
    }

    /// Counts one fewer; never goes below zero.
    public func end() {
        change(by: -1)
    }

    private func change(by delta: Int) {
        // The callback runs inside the lock so observers see counts in order.
        state.withLock { state in
            let count = max(0, state.count + delta)
            guard count != state.count else { return }
            state.count = count
            state.observers.yield(count)
            onChange?(count)
        }
    }

    deinit {
        state.withLock { state in
            state.observers.finish()
        }
    }
}
