import Foundation
import JSON
import Synchronization

/// A json-server engine behind a lock: the same router as
/// ``JSONServerEngine``, answered synchronously on the caller's thread.
///
/// For HTTP servers, where the request already runs in a task and an actor
/// hop per request would cost two executor switches; requests are short
/// (microseconds), so a lock is cheaper than queueing on an actor.
public final class LockedJSONServer: Sendable {
    /// The router and the version of the data it holds.
    private struct State {
        var router: JSONServerRouter
        var version: UInt64 = 0
    }

    private let state: Mutex<State>

    /// Creates an engine over `database`; `readOnly` makes writes answer 405.
    public init(database: JSONDatabase, readOnly: Bool = false, dialect: JSONServerDialect = .v0) {
        state = Mutex(State(router: JSONServerRouter(database: database, readOnly: readOnly, dialect: dialect)))
    }

    /// Answers one request.
    public func handle(_ request: EngineRequest) -> EngineResponse {
        handleCountingWrites(request).response
    }

    /// Answers one request and says which version of the data it left: a
    /// successful write (2xx) makes a new version, and `changed` is `true`.
    ///
    /// A caller that keeps the data on disk saves at least that version
    /// before it answers, so every acknowledged write is durable.
    public func handleCountingWrites(_ request: EngineRequest) -> (
        response: EngineResponse, version: UInt64, changed: Bool
    ) {
        state.withLock { state in
            let response = state.router.handle(request)
            let changed = Self.isWrite(request.method) && (200..<300).contains(response.status)
            if changed { state.version &+= 1 }
            return (response, state.version, changed)
        }
    }

    /// The current data, including the effect of writes.
    public func database() -> JSONDatabase {
        snapshot().database
    }

    /// The current data and its version, read together.
    public func snapshot() -> (version: UInt64, database: JSONDatabase) {
        state.withLock { ($0.version, $0.router.database) }
    }

    /// Serves `database` from now on (the data file changed outside);
    /// cached answers of the old data are dropped.
    public func replace(with database: JSONDatabase) {
        state.withLock { state in
            let old = state.router
            state.router = JSONServerRouter(database: database, readOnly: old.readOnly, dialect: old.dialect)
            state.version &+= 1
        }
    }

    private static func isWrite(_ method: String) -> Bool {
        method == "POST" || method == "PUT" || method == "PATCH" || method == "DELETE"
    }
}
