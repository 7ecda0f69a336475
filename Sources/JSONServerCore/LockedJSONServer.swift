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
    /// The OpenAPI document's pass over the records under way, and the
    /// version of the data it reads.
    private let documentWork = Mutex<(version: UInt64, work: Task<[DescribedResource], Never>)?>(nil)
    /// The columns (and their ranks) of every collection being built off
    /// the lock, and the version of the data they are built from.
    private let columnsWork = Mutex<(version: UInt64, work: Task<[String: OutlineIndex], Never>)?>(nil)

    /// Creates an engine over `database`; `readOnly` makes writes answer 405.
    public init(database: JSONDatabase, readOnly: Bool = false, dialect: JSONServerDialect = .v0) {
        state = Mutex(State(router: JSONServerRouter(database: database, readOnly: readOnly, dialect: dialect)))
    }

    /// Does the long part of `request` before ``handleCountingWrites(_:)``
    /// takes the lock, so other requests are not held up by it: for the
    /// OpenAPI document, the pass over every record that infers the schemas
    /// (a third of a second over a million records), on a thread of its
    /// own. A sort or filter arriving while ``prepareColumns()`` builds the
    /// columns waits for that build rather than build them again, and a
    /// sort works out its keys' ranks here, not under the lock. Does
    /// nothing for other requests.
    public func prepare(for request: EngineRequest) async {
        guard request.method == "GET" || request.method == "HEAD" else { return }
        let segments = request.path.split(separator: "/").map(JSONServerRouter.decodePathSegment)
        if JSONServerRouter.isOpenAPIDocument(segments) {
            await prepareDocument()
        } else if segments.count == 1, request.query.contains(where: Self.sortsOrFilters),
            let work = columnsWork.withLock({ $0 }), work.version == state.withLock({ $0.version })
        {
            let built = await install(work.work, version: work.version)
            let fields = request.query.filter { $0.name == "_sort" }.flatMap { $0.value.split(separator: ",") }
            guard let index = built[segments[0]], !fields.isEmpty else { return }
            let v1 = state.withLock { $0.router.dialect == .v1 }
            await Self.onThread(.answer) {
                IndexedQuery.workOutRanks(
                    in: index, v1: v1, fields: fields.map { String(v1 ? $0.trimmingPrefix("-") : $0) })
            }
        }
    }

    /// What a server does as it starts, each off the lock: builds the
    /// columns (``prepareColumns()``), which the first sort or filter waits
    /// for; then the OpenAPI document's schemas (``prepareDocument()``),
    /// which clients ask for first; then the ranks of every column
    /// (``prepareRanks()``), so the first sort by any field is a counting
    /// sort of ranks already worked out.
    public func prepareAtLaunch() async {
        await prepareColumns()
        await prepareDocument()
        await prepareRanks()
    }

    /// Builds the columns every sort and filter is answered from, for
    /// every collection, off the lock, a large collection in two halves on
    /// two threads, and installs them: a server calls it when it starts,
    /// so its first sort over a million records waits for a build under
    /// way (or done), not one of its own under the lock.
    public func prepareColumns() async {
        let (version, database) = state.withLock { ($0.version, $0.router.database) }
        let work = columnsWork.withLock { current in
            if let current, current.version == version { return current.work }
            let work = Task {
                var built: [String: OutlineIndex] = [:]
                for (name, items) in database.collections { built[name] = await Self.columns(of: items) }
                return built
            }
            current = (version, work)
            return work
        }
        await install(work, version: version)
    }

    /// Works out the ranks of every column the columns build made (see
    /// ``prepareColumns()``), off the lock at a low priority; the installed
    /// columns share them.
    public func prepareRanks() async {
        let (version, v1) = state.withLock { ($0.version, $0.router.dialect == .v1) }
        guard let work = columnsWork.withLock({ $0 }), work.version == version else { return }
        let built = await work.work.value
        await Self.onThread(.parse) {
            for index in built.values { IndexedQuery.workOutRanks(in: index, v1: v1) }
        }
    }

    /// The columns of `items`: a large collection's two halves built at
    /// once on two threads, then joined.
    private static func columns(of items: [JSONValue]) async -> OutlineIndex {
        guard items.count >= 20_000 else { return await onThread(.answer) { JSONServerRouter.columnIndex(of: items) } }
        let middle = items.count / 2
        async let first = onThread(.answer) { JSONServerRouter.columnBuilder(of: items[..<middle]) }
        async let second = onThread(.answer) { JSONServerRouter.columnBuilder(of: items[middle...]) }
        return OutlineIndex(search: SearchIndex([]), columns: RecordColumns(joining: [await first, await second]))
    }

    /// `body`'s result, worked out on a thread of its own at `niceness`.
    private static func onThread<Result: Sendable>(
        _ niceness: BackgroundThread.Niceness, _ body: @escaping @Sendable () -> Result
    ) async -> Result {
        await withCheckedContinuation { done in BackgroundThread.start(niceness) { done.resume(returning: body()) } }
    }

    /// Whether a query parameter sorts or filters (a page, a search or an
    /// embed does not need the columns).
    private static func sortsOrFilters(_ item: QueryItem) -> Bool {
        item.name == "_sort" || !(item.name.hasPrefix("_") || item.name == "q")
    }

    /// Waits for a columns build and installs what it built, unless the
    /// data changed since (with room for the listed records' bytes);
    /// returns what it built.
    @discardableResult
    private func install(_ work: Task<[String: OutlineIndex], Never>, version: UInt64) async -> [String: OutlineIndex] {
        let built = await work.value
        state.withLock { state in
            guard state.version == version else { return }
            for (name, index) in built where state.router.columnIndexes[name] == nil {
                state.router.columnIndexes[name] = index
                state.router.makeRoomForEncodedItems(name, count: index.columns.count)
            }
        }
        return built
    }

    /// Works out the OpenAPI document's schemas of the current data off
    /// the lock, once per version of the data (a request for the document
    /// arriving meanwhile waits for the same pass); a server calls it when
    /// it starts, since clients ask for the document first.
    public func prepareDocument() async {
        let (version, database, dialect, prepared) = state.withLock {
            ($0.version, $0.router.database, $0.router.dialect, $0.router.describedResources != nil)
        }
        guard !prepared else { return }
        let work = documentWork.withLock { current in
            if let current, current.version == version { return current.work }
            let work = Task {
                await withCheckedContinuation { done in
                    BackgroundThread.start(.parse) {
                        done.resume(returning: OpenAPIGenerator.described(database, dialect: dialect))
                    }
                }
            }
            current = (version, work)
            return work
        }
        let resources = await work.value
        state.withLock { state in
            // A write since: its request describes the new data itself.
            if state.version == version, state.router.describedResources == nil {
                state.router.describedResources = resources
            }
        }
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
