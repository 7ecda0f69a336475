import JSON

/// A json-server compatible engine (v0 or v1), safe to share between tasks.
///
/// Both the in-process fake API service and `trestle serve` answer through
/// this actor, so they behave the same. The logic lives in the value type
/// ``JSONServerRouter``; this actor only serialises access to it.
public actor JSONServerEngine {
    private var router: JSONServerRouter

    /// Creates an engine over `database`; `readOnly` makes writes answer 405.
    public init(database: JSONDatabase, readOnly: Bool = false, dialect: JSONServerDialect = .v0) {
        router = JSONServerRouter(database: database, readOnly: readOnly, dialect: dialect)
    }

    /// Answers one request.
    public func handle(_ request: EngineRequest) -> EngineResponse {
        router.handle(request)
    }

    /// The current data, including the effect of writes.
    public func database() -> JSONDatabase {
        router.database
    }
}
