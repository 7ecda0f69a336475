import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The data task of one transfer, which a cancellation may reach before or
/// after it starts.
final class PendingTask: Sendable {
    private enum State {
        case waiting
        case running(URLSessionDataTask)
        case cancelled
    }

    private let state = Mutex<State>(.waiting)

    /// Starts `task` and returns `true`, or returns `false` without starting
    /// it if cancellation came first.
    func start(_ task: URLSessionDataTask) -> Bool {
        let cancelled = state.withLock { state -> Bool in
            if case .cancelled = state { return true }
            state = .running(task)
            return false
        }
        if !cancelled { task.resume() }
        return !cancelled
    }

    func cancel() {
        let task = state.withLock { state -> URLSessionDataTask? in
            defer { state = .cancelled }
            if case .running(let task) = state { return task }
            return nil
        }
        task?.cancel()
    }
}
