import Synchronization

/// A thread-safe count of requests in flight, for a busy indicator, and of
/// the bytes their answers have brought so far (a long load shows progress).
///
/// Observe it with ``updates()`` (an `AsyncStream` that starts with the
/// current count) or with an `onChange` callback given at init, which is
/// called synchronously, in order, on the thread that changed the count.
public final class ActivityTracker: Sendable {
    private struct State {
        var count = 0
        /// Bytes received since the tracker was last idle.
        var received = 0
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

    /// Bytes of answers received since the tracker was last idle (no
    /// request in flight): what the current loads have brought so far.
    public var receivedBytes: Int {
        state.withLock { $0.received }
    }

    /// Counts `bytes` more of an answer received (the transport, per chunk).
    public func receive(bytes: Int) {
        state.withLock { state in
            if state.count > 0 { state.received += bytes }
        }
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
            if count == 0 { state.received = 0 }
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
