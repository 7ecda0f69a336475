import Synchronization

/// A one-way gate for tests: tasks ``wait()`` until someone ``open()``s it,
/// and pass at once afterwards. A test server's handler that waits on one
/// holds its answer until the test has made its assertions, so the test
/// asserts an order instead of hoping that the answer is slow.
public final class Gate: Sendable {
    private struct State {
        var open = false
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    public init() {}

    /// Lets every waiting task (and every later one) through.
    public func open() {
        let waiting = state.withLock { state in
            state.open = true
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }

    /// Whether ``open()`` was called.
    public var isOpen: Bool { state.withLock { $0.open } }

    /// Returns once the gate is open.
    public func wait() async {
        await withCheckedContinuation { continuation in
            let passes = state.withLock { state in
                if !state.open { state.waiting.append(continuation) }
                return state.open
            }
            if passes { continuation.resume() }
        }
    }
}
