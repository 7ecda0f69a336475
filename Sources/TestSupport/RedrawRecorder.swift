/// Counts redraw requests and lets a test wait for the next one: the event a
/// screen raises when its async work finished, instead of sleeping.
@MainActor
public final class RedrawRecorder {
    public private(set) var count = 0
    private var waiters: [CheckedContinuation<Void, Never>] = []

    public nonisolated init() {}

    public func record() {
        count += 1
        wakeWaiters()
    }

    /// Waits until `condition` holds, re-checking after every redraw request;
    /// gives up after `timeout` (a broken screen fails its test instead of
    /// hanging it). Returns whether `condition` held. The default is long:
    /// it only bounds a failure, and a test process beside two CPU-bound
    /// processes, with hundreds of tests started at once, was seen to take
    /// over 30 s for what takes 0.5 s alone.
    @discardableResult
    public func wait(timeout: Duration = .seconds(120), until condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        let alarm = Task { @MainActor [weak self] in
            guard (try? await Task.sleep(until: deadline)) != nil else { return }
            self?.wakeWaiters()
        }
        defer { alarm.cancel() }
        while !condition() {
            if ContinuousClock.now >= deadline { return false }
            await withCheckedContinuation { waiters.append($0) }
        }
        return true
    }

    private func wakeWaiters() {
        let ready = waiters
        waiters = []
        ready.forEach { $0.resume() }
    }
}
