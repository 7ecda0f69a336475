import JSON
import Services

/// Walks every resource of a catalog through a ``SnapshotSource``: each
/// collection's pages up to a limit, each object resource, then the parent
/// records the kept records point at through their foreign keys (one hop,
/// parents only: children are not chased), with at most `concurrency`
/// requests in flight across the whole walk.
///
/// Every answer goes to a ``SnapshotLedger`` (`OUT.progress`) as it
/// arrives and the walk keeps no records: only how many of each
/// collection's pages it keeps (they are a prefix of its pages, in order),
/// a hash of each id it has met (to know a repeat) and the keys of the
/// parents it added. The parent hop and the writing of OUT stream the records back
/// from the ledger (``Outcome/forEachRecord(of:_:)``).
public struct SnapshotWalker: Sendable {
    /// Pages of one collection asked ahead at most, whatever total the
    /// service states: its pages are taken in order, so a walk holds at
    /// most this many answers at once per collection.
    public static let pagesInFlight = 4
    /// `--max-records`' default: the cap on one collection's records under `--all`.
    public static let defaultMaxRecords = 1_000_000

    /// How much to take and how politely.
    public struct Options: Sendable {
        /// Records per collection at most; `nil` (`--all`) takes them all, up to `maxRecords`.
        public var limit: Int?
        /// Requests in flight at once, across the collections.
        public var concurrency: Int
        /// Records per collection at most, whatever `limit` says (`--max-records`).
        public var maxRecords: Int

        public init(limit: Int? = 1_000, concurrency: Int = 4, maxRecords: Int = SnapshotWalker.defaultMaxRecords) {
            self.limit = limit
            self.concurrency = concurrency
            self.maxRecords = maxRecords
        }
    }

    /// Why a collection's walk ended before the service's last page.
    public enum Ended: Sendable, Equatable {
        /// Page `page` held the very records of a page already read.
        case repeatedPage(page: Int)
        /// Page `page` brought a record read before, `id`.
        case repeatedID(String, page: Int)
        /// `--max-records` was reached, and the service said (or may have) more.
        case cap(Int)
    }

    /// One resource as walked.
    public struct Collected: Sendable {
        public var descriptor: ResourceDescriptor
        /// The records kept from the collection's pages: the first `walked`
        /// of pages 1, 2, … of `pageSize` records, in the service's order.
        public var walked = 0
        /// The records per page asked for.
        public var pageSize = 0
        /// The ledger keys of the parents added for other resources'
        /// records, written after the walked records, in this order.
        var parents: [String] = []
        /// An object resource's value.
        public var object: JSONValue?
        /// The service's own total, when it said.
        public var total: Int?
        /// Records added by the parent hop.
        public var parentsAdded = 0
        /// Why the resource could not be read, if it could not.
        public var failure: ServiceError?
        /// Why its walk ended early (a repeat, the cap), if it did.
        public var ended: Ended?

        public var name: String { descriptor.name }

        /// Records kept: those walked and the parents added.
        public var count: Int { walked + parents.count }

        public init(
            descriptor: ResourceDescriptor, walked: Int = 0, object: JSONValue? = nil, total: Int? = nil
        ) {
            self.descriptor = descriptor
            self.walked = walked
            self.object = object
            self.total = total
        }

        /// The ledger key of page `number`.
        func pageKey(_ number: Int) -> String {
            SnapshotLedger.key(descriptor, ListQuery(page: number, limit: pageSize))
        }
    }

    /// What the walk gave.
    public struct Outcome: Sendable {
        public var resources: [Collected]
        /// References from kept records to a parent that is in the snapshot.
        public var relationsKept: Int
        /// References whose parent could not be fetched (deleted, forbidden).
        public var dangling: Int
        public var requests: Int
        /// Where the records are (every answer of the walk).
        let ledger: SnapshotLedger
        /// The parent's id for each link followed (HAL's `_links.author.href`
        /// → the author's id), written into the walked records that hold the link.
        let linked: ParentHop.Linked
    }

    /// The source, its answers journaled to ``ledger`` (and read back from
    /// it when an earlier run had them).
    public let source: any SnapshotSource
    public let catalog: ResourceCatalog
    public let options: Options
    /// Told each resource once it is walked (before the parent hop).
    public let progress: @Sendable (Collected) -> Void
    let ledger: SnapshotLedger

    public init(
        source: any SnapshotSource, catalog: ResourceCatalog, options: Options,
        progress: @escaping @Sendable (Collected) -> Void = { _ in }
    ) {
        self.init(source: source, catalog: catalog, options: options, ledger: .scratch(), progress: progress)
    }

    /// A walk whose answers go to `ledger` (`OUT.progress`), each page told to `watch`.
    init(
        source: any SnapshotSource, catalog: ResourceCatalog, options: Options, ledger: SnapshotLedger,
        watch: SnapshotProgress? = nil, progress: @escaping @Sendable (Collected) -> Void = { _ in }
    ) {
        self.source = LedgerSource(inner: source, ledger: ledger, watch: watch)
        self.catalog = catalog
        self.options = options
        self.ledger = ledger
        self.progress = progress
    }

    /// Walks the catalog; a resource that fails is kept with its failure.
    public func walk() async -> Outcome {
        let gate = RequestGate(width: options.concurrency)
        var resources = await withTaskGroup(of: (Int, Collected).self) { group in
            for (index, descriptor) in catalog.resources.enumerated() {
                group.addTask {
                    let collected = await collect(descriptor, gate: gate)
                    progress(collected)
                    return (index, collected)
                }
            }
            var collected: [(Int, Collected)] = []
            for await item in group { collected.append(item) }
            return collected.sorted { $0.0 < $1.0 }.map(\.1)
        }
        let hop = await ParentHop(resources: resources, catalog: catalog, ledger: ledger).run(
            source: source, gate: gate, width: options.concurrency)
        resources = hop.resources
        return Outcome(
            resources: resources, relationsKept: hop.kept, dangling: hop.dangling, requests: await gate.sent,
            ledger: ledger, linked: hop.linked)
    }

    /// One resource: an object's value, or a collection's pages.
    private func collect(_ descriptor: ResourceDescriptor, gate: RequestGate) async -> Collected {
        var collected = Collected(descriptor: descriptor)
        do throws(ServiceError) {
            if descriptor.isObject {
                collected.object = try await gate.run { [source] () throws(ServiceError) in
                    try await source.record(descriptor, id: "")
                }
            } else {
                try await pages(of: &collected, gate: gate)
            }
        } catch {
            collected.failure = error
        }
        return collected
    }

    /// Records per collection at most: the limit, never over `--max-records`.
    private var cap: Int { min(options.limit ?? options.maxRecords, max(1, options.maxRecords)) }

    /// Whether ``cap`` is `--max-records` rather than the limit.
    private var capIsMaxRecords: Bool { options.limit.map { $0 > options.maxRecords } ?? true }

    /// The records per page asked for: the descriptor's (an API document's
    /// own maximum, where it says one), at most the limit.
    private func pageSize(_ descriptor: ResourceDescriptor) -> Int {
        let size = descriptor.pageSize > 0 ? descriptor.pageSize : ResourceDescriptor.defaultPageSize
        return min(size, cap)
    }

    /// A collection's pages: the first, then the rest in page order —
    /// ``pagesInFlight`` asked ahead when the service said its total and
    /// pages by number, else one after the other — until the page the total
    /// names, an empty or (without a total) short page, a repeated page or
    /// id (``Ended``), or the cap.
    private func pages(of collected: inout Collected, gate: RequestGate) async throws(ServiceError) {
        let descriptor = collected.descriptor
        let size = pageSize(descriptor)
        collected.pageSize = size
        let first = try await page(1, size: size, of: descriptor, gate: gate)
        collected.total = first.totalCount
        let served = first.items.count
        var walk = PageWalk(
            kept: KeptRecords(idField: descriptor.idField, limit: cap), served: served, total: first.totalCount,
            capIsMaxRecords: capIsMaxRecords)
        walk.take(first.items, number: 1)
        guard served > 0, !walk.isOver, descriptor.route?.paging != ResourceRoute.Paging.none else {
            collected.walked = walk.kept.count
            collected.ended = walk.ended
            return
        }
        var last = Int.max
        var ahead = 1
        if let total = first.totalCount, !isCursor(descriptor) {
            last = (min(total, cap) + served - 1) / served
            ahead = Self.pagesInFlight
        }
        if last > 1 {
            walk = try await rest(walk, through: last, ahead: ahead, size: size, of: descriptor, gate: gate)
        }
        collected.walked = walk.kept.count
        collected.ended = walk.ended
    }

    /// Pages `2...last`, at most `ahead` asked at once (each also waits for
    /// its place at the gate), taken in page order until `walk` is over.
    private func rest(
        _ walk: PageWalk, through last: Int, ahead: Int, size: Int, of descriptor: ResourceDescriptor,
        gate: RequestGate
    ) async throws(ServiceError) -> PageWalk {
        let result = await withTaskGroup(
            of: (Int, Result<[JSONValue], ServiceError>).self, returning: Result<PageWalk, ServiceError>.self
        ) { group in
            var walk = walk
            var next = 2
            var wanted = 2
            var arrived: [Int: Result<[JSONValue], ServiceError>] = [:]
            while wanted <= last, !walk.isOver {
                while next <= last, next < wanted + ahead {
                    let number = next
                    group.addTask {
                        do throws(ServiceError) {
                            return (
                                number, .success(try await page(number, size: size, of: descriptor, gate: gate).items)
                            )
                        } catch {
                            return (number, .failure(error))
                        }
                    }
                    next += 1
                }
                guard let (number, answer) = await group.next() else { break }
                arrived[number] = answer
                while !walk.isOver, let answer = arrived.removeValue(forKey: wanted) {
                    switch answer {
                    case .success(let items): walk.take(items, number: wanted)
                    case .failure(let error):
                        group.cancelAll()
                        return .failure(error)
                    }
                    wanted += 1
                }
            }
            group.cancelAll()
            return .success(walk)
        }
        return try result.get()
    }

    private func isCursor(_ descriptor: ResourceDescriptor) -> Bool {
        if case .cursor? = descriptor.route?.paging { return true }
        return false
    }

    private func page(_ number: Int, size: Int, of descriptor: ResourceDescriptor, gate: RequestGate)
        async throws(ServiceError) -> Listing<JSONValue>
    {
        try await gate.run { [source] () throws(ServiceError) in
            try await source.records(descriptor, ListQuery(page: number, limit: size))
        }
    }
}

/// One collection's walk over its pages, taken in page order: the records
/// kept, and why it ended early, if it did.
struct PageWalk {
    var kept: KeptRecords
    /// The first page's length: a shorter page is the last, when the service said no total.
    let served: Int
    let total: Int?
    /// Whether the cap is `--max-records` (a line says it was reached), not `--limit`.
    let capIsMaxRecords: Bool
    private(set) var ended: SnapshotWalker.Ended?
    /// An empty page, or without a total a short one: the collection's end.
    private(set) var atEnd = false
    /// A hash of each page's records taken so far (to know a page served again).
    private var seenPages: Set<Int> = []

    init(kept: KeptRecords, served: Int, total: Int?, capIsMaxRecords: Bool) {
        self.kept = kept
        self.served = served
        self.total = total
        self.capIsMaxRecords = capIsMaxRecords
    }

    var isOver: Bool { ended != nil || atEnd || kept.isFull }

    /// Takes page `number`'s records.
    mutating func take(_ items: [JSONValue], number: Int) {
        guard !items.isEmpty else {
            atEnd = true
            return
        }
        guard seenPages.insert(items.hashValue).inserted, !kept.holdsAll(items) else {
            ended = .repeatedPage(page: number)
            return
        }
        if let repeated = kept.add(items) {
            ended = .repeatedID(repeated, page: number)
            return
        }
        if kept.isFull, capIsMaxRecords, let limit = kept.limit, total.map({ $0 > limit }) ?? true {
            ended = .cap(limit)
        } else if total == nil, items.count < served {
            atEnd = true
        }
    }
}

/// A collection's records as they come, each id once, up to the limit:
/// counted, not kept (they are in the ledger). To know a record served
/// again it keeps a 64-bit hash of each id (8 bytes a record, bounded by
/// `--max-records`; two ids of one hash, about one chance in 10⁷ at a
/// million records, would end the walk early with its line).
struct KeptRecords {
    let idField: String
    let limit: Int?
    private(set) var count = 0
    private var ids: Set<Int> = []

    init(idField: String, limit: Int?) {
        self.idField = idField
        self.limit = limit
    }

    var isFull: Bool { limit.map { count >= $0 } ?? false }

    /// Whether every one of `items` has an id, kept already.
    func holdsAll(_ items: [JSONValue]) -> Bool {
        items.allSatisfy { item in item.recordID(idField).map { ids.contains($0.hashValue) } ?? false }
    }

    /// Adds `items` (up to the limit) until one whose id is kept already:
    /// then stops there and returns that id.
    mutating func add(_ items: [JSONValue]) -> String? {
        for item in items where !isFull {
            if let id = item.recordID(idField), !ids.insert(id.hashValue).inserted { return id }
            count += 1
        }
        return nil
    }
}
