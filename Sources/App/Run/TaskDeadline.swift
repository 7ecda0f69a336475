import Synchronization

extension Task where Failure == Never {
    /// Returns once this task has finished or `limit` has passed, whichever
    /// is first. Nothing is cancelled: the task runs on either way.
    func finished(orAfter limit: Duration) async {
        let gate = Gate()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            gate.hold(continuation)
            let timer = Task<Void, Never> {
                try? await Task<Never, Never>.sleep(for: limit)
                gate.open()
            }
            Task<Void, Never> {
                _ = await self.value
                gate.open()
                timer.cancel()
            }
        }
    }
}

/// Resumes the one continuation it holds once, whichever side opens first.
private final class Gate: Sendable {
    private let waiting = Mutex<CheckedContinuation<Void, Never>?>(nil)

    func hold(_ continuation: CheckedContinuation<Void, Never>) {
        waiting.withLock { $0 = continuation }
    }

    func open() {
        waiting.withLock { waiting in
            waiting?.resume()
            waiting = nil
        }
    }
}
