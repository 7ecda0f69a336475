import Synchronization

/// Facts about the call in progress, visible to middleware through
/// ``current`` while ``NetworkClient`` runs it (e.g. to log a duration or to
/// correlate log lines).
public struct RequestTrace: Sendable, Hashable {
    /// A number unique within the process.
    public let id: UInt64
    /// When the call started (after `prepare`).
    public let startedAt: ContinuousClock.Instant

    /// The trace of the call running in this task, if any.
    @TaskLocal public static var current: RequestTrace?

    /// Starts a trace with a fresh id.
    public static func start() -> RequestTrace {
        RequestTrace(id: counter.add(1, ordering: .relaxed).newValue, startedAt: .now)
    }

    private static let counter = Atomic<UInt64>(0)

    /// Time since ``startedAt``.
    public var elapsed: Duration { .now - startedAt }
}
