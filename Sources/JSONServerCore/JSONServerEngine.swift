import Foundation
import JSON

/// A json-server compatible engine (v0 or v1), safe to share between tasks.
///
/// Both the in-process fake API service and `trestle serve` answer through
/// this actor, so they behave the same. The logic lives in the value type
/// ``JSONServerRouter``; this actor serialises access to it, and builds a
/// listed collection's ``SearchIndex`` off the actor after answering, so
/// the first search (`q=`) does not pay for it on the request path.
///
/// Over a ``LazyDatabase`` (a large file, outlined but not parsed), it
/// answers page-only list requests from the outline, and parses the whole
/// file once, on the first request that needs more (see ``materialise()``).
public actor JSONServerEngine {
    private var router: JSONServerRouter
    /// Until the whole file is parsed: answers page-only lists from its outline.
    private var front: LazyListFront?
    /// The one parse of the whole file, once a request needs it; a failure
    /// is kept, and every request that needs the data is answered with it.
    private var materialisation: Task<Result<JSONDatabase, JSONDatabase.LoadError>, Never>?
    /// Whether to start that parse in the background after the first page is answered.
    private let prefetch: Bool
    /// The collection the outline last listed (its search index is built once the file is parsed).
    private var lastListed: String?
    /// Search indexes being built in the background, by collection, with the
    /// write generation of the items they were built from.
    private var indexBuilds: [String: Task<(index: SearchIndex, generation: UInt64), Never>] = [:]

    /// Creates an engine over `database`; `readOnly` makes writes answer 405.
    public init(database: JSONDatabase, readOnly: Bool = false, dialect: JSONServerDialect = .v0) {
        router = JSONServerRouter(database: database, readOnly: readOnly, dialect: dialect)
        prefetch = false
    }

    /// Creates an engine over a large file that is parsed only as far as
    /// requests need it; `readOnly` makes writes answer 405. With `prefetch`,
    /// the whole file is parsed in the background once the first page is
    /// answered, so the first filter or search does not wait for it.
    public init(
        lazy database: LazyDatabase, readOnly: Bool = false, dialect: JSONServerDialect = .v0, prefetch: Bool = false
    ) {
        router = JSONServerRouter(database: JSONDatabase(collections: []), readOnly: readOnly, dialect: dialect)
        front = LazyListFront(database: database, dialect: dialect)
        self.prefetch = prefetch
    }

    /// Answers one request; a search first takes the indexes built meanwhile.
    public func handle(_ request: EngineRequest) async -> EngineResponse {
        if let front {
            if let (answer, collection) = front.answer(request) {
                lastListed = collection
                if prefetch, materialisation == nil {
                    materialisation = Self.parse(front.database)
                    Task { _ = await materialise() }  // installs it as soon as it is parsed
                }
                return answer
            }
            if let problem = await materialise() { return problem }
        }
        if request.query.contains(where: { $0.name == "q" }) { await installBuiltIndexes() }
        let response = router.handle(request)
        startIndexBuild()
        return response
    }

    /// The current data, including the effect of writes (a lazy file is
    /// parsed first; one that does not parse reads as no data).
    public func database() async -> JSONDatabase {
        _ = await materialise()
        return router.database
    }

    /// Whether the data is parsed whole (always, unless built over a ``LazyDatabase``).
    var isMaterialised: Bool { front == nil }

    /// Parses the whole lazy file, once, on a thread of its own; requests
    /// arriving meanwhile wait for the same parse (page-only lists are still
    /// answered from the outline). Returns the answer to give when the file
    /// does not parse.
    private func materialise() async -> EngineResponse? {
        guard let front else { return nil }
        let parse = materialisation ?? Self.parse(front.database)
        materialisation = parse
        switch await parse.value {
        case .success(let database):
            if self.front != nil {  // the first request to resume installs it
                router = JSONServerRouter(database: database, readOnly: router.readOnly, dialect: router.dialect)
                self.front = nil
                materialisation = nil
                // As after a listing by the router: the listed collection's search index.
                router.unindexedListing = lastListed
                startIndexBuild()
            }
            return nil
        case .failure(let error):
            return front.database.problem(error)
        }
    }

    private static func parse(_ database: LazyDatabase) -> Task<Result<JSONDatabase, JSONDatabase.LoadError>, Never> {
        Task {
            await withCheckedContinuation { parsed in
                // Not on the cooperative pool: a parse of seconds would hold one of its threads.
                Thread {
                    parsed.resume(returning: Result { () throws(JSONDatabase.LoadError) in try database.materialise() })
                }.start()
            }
        }
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
