import Foundation
import JSON

/// A json-server compatible engine (v0 or v1), safe to share between tasks.
///
/// Both the in-process fake API service and `trestle serve` answer through
/// this actor, so they behave the same. The logic lives in the value type
/// ``JSONServerRouter``; this actor serialises access to it, and builds a
/// listed collection's ``SearchIndex`` off the actor after answering, so
/// the first search (`q=`) does not pay for it on the request path.
public actor JSONServerEngine {
    private var router: JSONServerRouter
    /// Search indexes being built in the background, by collection, with the
    /// write generation of the items they were built from.
    private var indexBuilds: [String: Task<(index: SearchIndex, generation: UInt64), Never>] = [:]

    /// Creates an engine over `database`; `readOnly` makes writes answer 405.
    public init(database: JSONDatabase, readOnly: Bool = false, dialect: JSONServerDialect = .v0) {
        router = JSONServerRouter(database: database, readOnly: readOnly, dialect: dialect)
    }

    /// Answers one request; a search first takes the indexes built meanwhile.
    public func handle(_ request: EngineRequest) async -> EngineResponse {
        if request.query.contains(where: { $0.name == "q" }) { await installBuiltIndexes() }
        let response = router.handle(request)
        startIndexBuild()
        return response
    }

    /// The current data, including the effect of writes.
    public func database() -> JSONDatabase {
        router.database
    }

    /// Builds the index of the collection just listed without one, off the actor.
    private func startIndexBuild() {
        guard let name = router.unindexedListing else { return }
        router.unindexedListing = nil
        guard indexBuilds[name] == nil, let items = router.database.collections[name] else { return }
        let generation = router.writeGeneration
        // On a thread of its own at the lowest priority, not the cooperative
        // pool: the client's answer goes to the screen first, on the same cores.
        indexBuilds[name] = Task {
            await withCheckedContinuation { built in
                let thread = Thread {
                    #if os(Linux)
                        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)  // this thread only
                    #endif
                    built.resume(returning: (SearchIndex(items), generation))
                }
                thread.start()
            }
        }
    }

    /// Waits for the builds under way and installs them; one built from
    /// items a write has changed since is dropped (the router rebuilds).
    private func installBuiltIndexes() async {
        for (name, build) in indexBuilds {
            let built = await build.value
            indexBuilds[name] = nil
            router.install(built.index, for: name, generation: built.generation)
        }
    }
}
