/// Runs a screen's async work, each task under an id: starting work under
/// an id cancels the task already running under it (a new load replaces
/// the old), tasks under different ids run side by side, and `stopAll`
/// cancels every one.
///
/// Every screen's presenter runs its state's effects through one. A task that finishes leaves the runner by itself; one
/// that was cancelled should report nothing (check `Task.isCancelled`
/// before sending its result: the check and the send happen in one turn of
/// the main actor, where cancelling happens too).
@MainActor
final class EffectRunner<ID: Hashable> {
    /// The running task under each id, and the number it was started with
    /// (a finished task removes itself only if it was not replaced since).
    private var tasks: [ID: (number: Int, task: Task<Void, Never>)] = [:]
    private var started = 0

    init() {}

    /// The ids with work running, for tests and for `cancel(where:)`.
    var runningIDs: Set<ID> { Set(tasks.keys) }

    /// The task running under `id`, if any (a test may wait for its value).
    func task(_ id: ID) -> Task<Void, Never>? { tasks[id]?.task }

    /// Starts `work` under `id`, cancelling the task already under it;
    /// returns the task (a test may wait for it).
    @discardableResult
    func run(_ id: ID, _ work: @escaping @MainActor @Sendable () async -> Void) -> Task<Void, Never> {
        cancel(id)
        started += 1
        let number = started
        let task = Task { [weak self] in
            await work()
            self?.finished(id, number)
        }
        tasks[id] = (number, task)
        return task
    }

    /// Cancels the task under `id`, if one runs.
    func cancel(_ id: ID) {
        tasks.removeValue(forKey: id)?.task.cancel()
    }

    /// Cancels every task whose id passes `test`.
    func cancel(where test: (ID) -> Bool) {
        for id in tasks.keys where test(id) { cancel(id) }
    }

    /// Cancels every task (the screen is gone).
    func stopAll() {
        cancel { _ in true }
    }

    private func finished(_ id: ID, _ number: Int) {
        if tasks[id]?.number == number { tasks[id] = nil }
    }
}
