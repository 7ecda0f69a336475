import JSON
import Services

/// Walks every resource of a catalog through a ``SnapshotSource``: each
/// collection's pages up to a limit, each object resource, then the parent
/// records the kept records point at through their foreign keys (one hop,
/// parents only: children are not chased), with at most `concurrency`
/// requests in flight across the whole walk.
public struct SnapshotWalker: Sendable {
    /// How much to take and how politely.
    public struct Options: Sendable {
        /// Records per collection at most; `nil` takes them all.
        public var limit: Int?
        /// Requests in flight at once.
        public var concurrency: Int

        public init(limit: Int? = 1_000, concurrency: Int = 4) {
            self.limit = limit
            self.concurrency = concurrency
        }
    }

    /// One resource as walked.
    public struct Collected: Sendable {
        public var descriptor: ResourceDescriptor
        /// The records kept, in the service's order (parents fetched for
        /// other resources' records last).
        public var records: [JSONValue]
        /// An object resource's value.
        public var object: JSONValue?
        /// The service's own total, when it said.
        public var total: Int?
        /// Records added by the parent hop.
        public var parentsAdded = 0
        /// Why the resource could not be read, if it could not.
        public var failure: ServiceError?

        public var name: String { descriptor.name }
    }

    /// What the walk gave.
    public struct Outcome: Sendable {
        public var resources: [Collected]
        /// References from kept records to a parent that is in the snapshot.
        public var relationsKept: Int
        /// References whose parent could not be fetched (deleted, forbidden).
        public var dangling: Int
        public var requests: Int
    }

    public let source: any SnapshotSource
    public let catalog: ResourceCatalog
    public let options: Options
    /// Told each resource once it is walked (before the parent hop).
    public let progress: @Sendable (Collected) -> Void

    public init(
        source: any SnapshotSource, catalog: ResourceCatalog, options: Options,
        progress: @escaping @Sendable (Collected) -> Void = { _ in }
    ) {
        self.source = source
        self.catalog = catalog
        self.options = options
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
        let hop = await ParentHop(resources: resources, catalog: catalog).run(source: source, gate: gate)
        resources = hop.resources
        return Outcome(
            resources: resources, relationsKept: hop.kept, dangling: hop.dangling, requests: await gate.sent)
    }

    /// One resource: an object's value, or a collection's pages.
    private func collect(_ descriptor: ResourceDescriptor, gate: RequestGate) async -> Collected {
        var collected = Collected(descriptor: descriptor, records: [])
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

    /// The records per page asked for: the descriptor's (an API document's
    /// own maximum, where it says one), at most the limit.
    private func pageSize(_ descriptor: ResourceDescriptor) -> Int {
        let size = descriptor.pageSize > 0 ? descriptor.pageSize : ResourceDescriptor.defaultPageSize
        return min(size, options.limit ?? size)
    }

    /// A collection's pages: the first, then — when the service said its
    /// total and pages by number — the rest at once (through the gate), or
    /// one after the other until a page is short, empty or brings nothing new.
    private func pages(of collected: inout Collected, gate: RequestGate) async throws(ServiceError) {
        let descriptor = collected.descriptor
        let size = pageSize(descriptor)
        let first = try await page(1, size: size, of: descriptor, gate: gate)
        collected.total = first.totalCount
        var kept = KeptRecords(idField: descriptor.idField, limit: options.limit)
        kept.add(first.items)
        let served = first.items.count
        guard served > 0, !kept.isFull, descriptor.route?.paging != ResourceRoute.Paging.none else {
            collected.records = kept.records
            return
        }
        if let total = first.totalCount, !isCursor(descriptor) {
            let wanted = min(total, options.limit ?? total)
            let count = (wanted + served - 1) / served
            if count > 1 {
                let rest = try await pages(2...count, size: size, of: descriptor, gate: gate)
                for items in rest { kept.add(items) }
            }
        } else {
            var number = 2
            while !kept.isFull {
                let items = try await page(number, size: size, of: descriptor, gate: gate).items
                guard kept.add(items) > 0, items.count >= served else { break }
                number += 1
            }
        }
        collected.records = kept.records
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

    /// Pages `numbers` asked together (each waits for its place at the gate), in page order.
    private func pages(
        _ numbers: ClosedRange<Int>, size: Int, of descriptor: ResourceDescriptor, gate: RequestGate
    ) async throws(ServiceError) -> [[JSONValue]] {
        let answers = await withTaskGroup(of: (Int, Result<[JSONValue], ServiceError>).self) { group in
            for number in numbers {
                group.addTask {
                    do throws(ServiceError) {
                        return (number, .success(try await page(number, size: size, of: descriptor, gate: gate).items))
                    } catch {
                        return (number, .failure(error))
                    }
                }
            }
            var answers: [(Int, Result<[JSONValue], ServiceError>)] = []
            for await answer in group { answers.append(answer) }
            return answers.sorted { $0.0 < $1.0 }
        }
        var pages: [[JSONValue]] = []
        for (_, answer) in answers {
            switch answer {
            case .success(let items): pages.append(items)
            case .failure(let error): throw error
            }
        }
        return pages
    }
}

/// A collection's records as they come, each id once, up to the limit.
struct KeptRecords {
    let idField: String
    let limit: Int?
    private(set) var records: [JSONValue] = []
    private var ids: Set<String> = []

    init(idField: String, limit: Int?) {
        self.idField = idField
        self.limit = limit
    }

    var isFull: Bool { limit.map { records.count >= $0 } ?? false }

    /// Adds what is new of `items` (up to the limit); returns how many.
    @discardableResult
    mutating func add(_ items: [JSONValue]) -> Int {
        var added = 0
        for item in items where !isFull {
            if let id = item.recordID(idField), !ids.insert(id).inserted { continue }
            records.append(item)
            added += 1
        }
        return added
    }
}
