import Synchronization

/// The stop of a ``TestHTTPServer`` as its pending answers see it: each
/// races its handler against the stop, so that a handler that never returns
/// (or a long delay) cannot hold the server's graceful shutdown.
final class TestHTTPServerStop: Sendable {
    private struct State {
        var stopped = false
        var pending: [Int: @Sendable () -> Void] = [:]
        var next = 0
    }

    private let state = Mutex(State())

    /// Ends every pending race (they answer nil), and every later one at once.
    func stop() {
        let pending = state.withLock { state in
            state.stopped = true
            defer { state.pending = [:] }
            return Array(state.pending.values)
        }
        for end in pending { end() }
    }

    /// `body`'s value, or nil when the server stops first (the body's task is
    /// then cancelled and left to end by itself).
    func unlessStopped<T: Sendable>(_ body: @escaping @Sendable () async -> T) async -> T? {
        await withCheckedContinuation { (continuation: CheckedContinuation<T?, Never>) in
            let answer = Mutex<CheckedContinuation<T?, Never>?>(continuation)
            let id = state.withLock { state in
                defer { state.next += 1 }
                return state.next
            }
            let work = Task {
                let value = await body()
                state.withLock { _ = $0.pending.removeValue(forKey: id) }
                answer.withLock { $0.take() }?.resume(returning: value)
            }
            let end: @Sendable () -> Void = {
                work.cancel()
                answer.withLock { $0.take() }?.resume(returning: nil)
            }
            let stopped = state.withLock {
                if !$0.stopped { $0.pending[id] = end }
                return $0.stopped
            }
            if stopped { end() }
        }
    }
}
