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
/// answers page-only list requests from the outline, and filters, sorts
/// and (in v0) searches (`q=`) and record reads from an ``OutlineIndex``
/// built from the file in the background once the collection is first
/// asked for (the records are parsed and dropped: only their texts and
/// scalar fields stay; see ``IndexedQuery``). It parses the whole file
/// once, on the first request that needs more (see ``materialise(indexing:)``).
public actor JSONServerEngine {
    private var router: JSONServerRouter
    /// Until the whole file is parsed: answers page-only lists from its outline.
    private var front: LazyListFront?
    /// The one parse of the whole file, once a request needs it; a failure
    /// is kept, and every request that needs the data is answered with it.
    private var materialisation: Task<Result<JSONDatabase, JSONDatabase.LoadError>, Never>?
    /// The collection the outline last listed (its search index is built once the file is parsed).
    private var lastListed: String?
    /// Search indexes being built in the background, by collection, with the
    /// write generation of the items they were built from.
    private var indexBuilds: [String: Task<(index: SearchIndex, generation: UInt64), Never>] = [:]
    /// Until the whole file is parsed: the indexes of outlined collections,
    /// built from the file after their first listing.
    private var outlineIndexes: [String: Task<Result<OutlineIndex, JSONParseError>, Never>] = [:]

    /// Creates an engine over `database`; `readOnly` makes writes answer 405.
    public init(database: JSONDatabase, readOnly: Bool = false, dialect: JSONServerDialect = .v0) {
        router = JSONServerRouter(database: database, readOnly: readOnly, dialect: dialect)
    }

    /// An engine over `database` that answers every sort and filter by
    /// comparing the records themselves, never from columns: what tests
    /// compare the columns' answers with.
    init(plain database: JSONDatabase, dialect: JSONServerDialect = .v0) {
        router = JSONServerRouter(database: database, dialect: dialect)
        router.answersFromColumns = false
    }

    /// Creates an engine over a large file that is parsed only as far as
    /// requests need it; `readOnly` makes writes answer 405. The whole
    /// parse waits for a request that needs it (not started in the
    /// background: it would hold hundreds of megabytes from then on).
    public init(lazy database: LazyDatabase, readOnly: Bool = false, dialect: JSONServerDialect = .v0) {
        router = JSONServerRouter(database: JSONDatabase(collections: []), readOnly: readOnly, dialect: dialect)
        front = LazyListFront(database: database, dialect: dialect)
    }

    /// Answers one request; a search first takes the indexes built meanwhile.
    public func handle(_ request: EngineRequest) async -> EngineResponse {
        let isSearch = request.query.contains { $0.name == "q" }
        if let front {
            if let (answer, collection) = front.answer(request) {
                lastListed = collection
                indexOutline(collection)
                return answer
            }
            if let absent = front.absent(request) { return absent }
            if let collection = front.indexedCollection(for: request),
                let answer = await answerFromIndex(request, collection: collection)
            {
                return answer
            }
            // A search builds its index itself, at once, rather than wait for the background build.
            if let problem = await materialise(indexing: !isSearch) { return problem }
        }
        if isSearch { await installBuiltIndexes() }
        let response = router.handle(request)
        startIndexBuild()
        return response
    }

    /// Gets a lazy file ready for a search of the collection last listed,
    /// without waiting: a search is coming (the filter prompt opened). In
    /// v0 that is its index from the outline (started at its listing, so
    /// usually under way or done); in v1, whose searches need the whole
    /// data, the whole parse and then the index. Does nothing once the data
    /// is parsed.
    public func prepareToSearch() {
        guard let front, materialisation == nil, front.database.changedOnDisk == nil else { return }
        if front.dialect == .v0, let lastListed, indexOutline(lastListed) != nil { return }
        materialisation = Self.parse(front.database)
        Task { _ = await self.materialise(indexing: true) }
    }

    /// Whether collection `name` of a lazy file has a search index from its
    /// outline, built or under way.
    func isIndexingOutline(_ name: String) -> Bool { outlineIndexes[name] != nil }

    /// Starts building the index of outlined collection `name` from the
    /// file, once, on a thread of its own at the lowest priority (the answer
    /// that listed it goes to the screen first). Returns the build.
    @discardableResult
    private func indexOutline(_ name: String) -> Task<Result<OutlineIndex, JSONParseError>, Never>? {
        if let build = outlineIndexes[name] { return build }
        guard let front, let elements = front.database.collections[name],
            front.database.changedOnDisk == nil
        else { return nil }
        let database = front.database
        let build = Task {
            await withCheckedContinuation { built in
                BackgroundThread.start(.index) {
                    built.resume(
                        returning: Result { () throws(JSONParseError) in try database.index(of: elements) })
                }
            }
        }
        outlineIndexes[name] = build
        return build
    }

    /// The answer to `request` from the index of outlined collection
    /// `collection` (waiting for the build under way); `nil` when the full
    /// engine must answer (the index cannot tell, or the file was parsed
    /// whole meanwhile).
    private func answerFromIndex(_ request: EngineRequest, collection: String) async -> EngineResponse? {
        guard let build = indexOutline(collection) else { return nil }
        let built = await build.value
        // Parsed whole while waiting: writes may have come since, so the router answers.
        guard let front else { return nil }
        switch built {
        case .success(let index):
            // Off the actor: a first sort works out its order (tens of
            // milliseconds over a million records) while pages are answered.
            return await withCheckedContinuation { answered in
                BackgroundThread.start(.answer) {
                    answered.resume(returning: front.answer(request, indexed: index, in: collection))
                }
            }
        case .failure(let error): return front.database.problem(.malformed(error))
        }
    }

    /// Whether the whole parse of a lazy file is under way.
    var isParsingWhole: Bool { materialisation != nil }

    /// The current data, including the effect of writes (a lazy file is
    /// parsed first; one that does not parse reads as no data).
    public func database() async -> JSONDatabase {
        _ = await materialise(indexing: true)
        return router.database
    }

    /// Whether the data is parsed whole (always, unless built over a ``LazyDatabase``).
    var isMaterialised: Bool { front == nil }

    /// Whether collection `name` has a search index, once the builds under way are done.
    func hasSearchIndex(_ name: String) async -> Bool {
        await installBuiltIndexes()
        return router.searchIndexes[name] != nil
    }

    /// Parses the whole lazy file, once, on a thread of its own; requests
    /// arriving meanwhile wait for the same parse (page-only lists are still
    /// answered from the outline). Returns the answer to give when the file
    /// does not parse.
    /// With `indexing`, the search index of the collection the outline
    /// last listed is then built in the background, as after a listing.
    private func materialise(indexing: Bool) async -> EngineResponse? {
        guard let front else { return nil }
        if materialisation == nil, let changed = front.database.changedOnDisk { return changed }
        let parse = materialisation ?? Self.parse(front.database)
        materialisation = parse
        switch await parse.value {
        case .success(let database):
            if self.front != nil {  // the first request to resume installs it
                router = JSONServerRouter(database: database, readOnly: router.readOnly, dialect: router.dialect)
                self.front = nil
                materialisation = nil
                // The indexes from the outline index the same items (of the
                // first generation): installed as the router's own builds are.
                let fromOutline = outlineIndexes
                outlineIndexes = [:]
                for (name, build) in fromOutline {
                    indexBuilds[name] = Task {
                        // An empty index (installed nowhere) only if it failed, which the whole parse rules out.
                        ((try? await build.value.get())?.search ?? SearchIndex([]), 0)
                    }
                }
                if indexing, let lastListed, fromOutline[lastListed] == nil {
                    router.unindexedListing = lastListed
                    startIndexBuild()
                }
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
                BackgroundThread.start(.parse) {
                    parsed.resume(returning: Result { () throws(JSONDatabase.LoadError) in try database.materialise() })
                }
            }
        }
    }

    /// Builds the index of the collection just listed without one, off the actor.
    private func startIndexBuild() {
        guard let name = router.unindexedListing else { return }
        router.unindexedListing = nil
        guard indexBuilds[name] == nil, let items = router.database.collections[name],
            router.searchIndexes[name]?.count != items.count  // a search just built it
        else { return }
        let generation = router.writeGeneration
        // On a thread of its own at the lowest priority, not the cooperative
        // pool: the client's answer goes to the screen first, on the same cores.
        indexBuilds[name] = Task {
            await withCheckedContinuation { built in
                BackgroundThread.start(.index) {
                    built.resume(returning: (SearchIndex(items), generation))
                }
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
