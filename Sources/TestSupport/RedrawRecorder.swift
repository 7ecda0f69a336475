/// Counts redraw requests and lets a test wait for the next one: the event a
/// screen raises when its async work finished, instead of sleeping.
@MainActor
public final class RedrawRecorder {
    public private(set) var count = 0
    private var waiters: [CheckedContinuation<Void, Never>] = []

    public nonisolated init() {}

    public func record() {
        count += 1
        let ready = waiters
        waiters = []
        ready.forEach { $0.resume() }
    }

    /// Waits until `condition` holds, re-checking after every redraw request.
    public func wait(until condition: () -> Bool) async {
        while !condition() {
            await withCheckedContinuation { waiters.append($0) }
        }
    }
}
