/// The streams that follow a value (`updates()` of ``ActivityTracker`` and
/// ``RequestJournal``): kept inside their owner's lock, so a new observer's
/// first value and every later one arrive in order.
struct Observers<Value: Sendable>: Sendable {
    private var nextID = 0
    private var continuations: [Int: AsyncStream<Value>.Continuation] = [:]

    /// Adds `continuation`, gives it `current`, and returns its id for ``remove(_:)``.
    mutating func add(_ continuation: AsyncStream<Value>.Continuation, current: Value) -> Int {
        let id = nextID
        nextID += 1
        continuations[id] = continuation
        continuation.yield(current)
        return id
    }

    mutating func remove(_ id: Int) {
        continuations.removeValue(forKey: id)
    }

    func yield(_ value: Value) {
        for continuation in continuations.values { continuation.yield(value) }
    }

    func finish() {
        for continuation in continuations.values { continuation.finish() }
    }
}
