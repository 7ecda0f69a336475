import Foundation
import JSON

/// A json-server engine behind a lock: the same router as
/// ``JSONServerEngine``, answered synchronously on the caller's thread.
///
/// For HTTP servers, where the request already runs in a task and an actor
/// hop per request would cost two executor switches; requests are short
/// (microseconds), so a lock is cheaper than queueing on an actor.
public final class LockedJSONServer: @unchecked Sendable {
    // @unchecked: `router` is only touched while `lock` is held.
    private let lock = NSLock()
    private var router: JSONServerRouter

    /// Creates an engine over `database`; `readOnly` makes writes answer 405.
    public init(database: JSONDatabase, readOnly: Bool = false) {
        router = JSONServerRouter(database: database, readOnly: readOnly)
    }

    /// Answers one request.
    public func handle(_ request: EngineRequest) -> EngineResponse {
        lock.lock()
        defer { lock.unlock() }
        return router.handle(request)
    }

    /// The current data, including the effect of writes.
    public func database() -> JSONDatabase {
        lock.lock()
        defer { lock.unlock() }
        return router.database
    }
}
