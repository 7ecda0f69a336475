import JSON
import Services

/// The one hop to parents: every record a kept record points at through a
/// foreign key (a `.parent(foreignKey:)` relation of its resource, or a
/// `.children(foreignKey:)` relation of the parent's) that the walk did
/// not keep is fetched by id and added to its collection, so no kept
/// reference dangles. Parents fetched are not followed further.
///
/// It holds no records: it streams the kept records back from the ledger
/// (a pass for the ids and links, one for the parents missing, one to count
/// the references) and keeps only ids, the links followed and the ledger
/// keys of the parents it adds — bounded by the records kept, a few bytes
/// each, never their bodies. Parents are fetched at most `width` at once.
struct ParentHop {
    /// A field of a resource's records that holds the id of a record of `target`.
    struct Link: Hashable {
        var foreignKey: String
        var target: String
    }

    var resources: [SnapshotWalker.Collected]
    let catalog: ResourceCatalog
    let ledger: SnapshotLedger
    /// The parent's id of each link followed.
    var linked: Linked
    /// References whose parent is in the snapshot.
    var kept = 0
    /// References whose parent could not be fetched.
    var dangling = 0

    init(resources: [SnapshotWalker.Collected], catalog: ResourceCatalog, ledger: SnapshotLedger) {
        self.resources = resources
        self.catalog = catalog
        self.ledger = ledger
        self.linked = Linked(catalog: catalog)
    }

    /// The links of `resource`'s records to parents, from both sides' relations.
    static func links(of resource: ResourceDescriptor, in catalog: ResourceCatalog) -> [Link] {
        var links: [Link] = []
        for relation in resource.relations {
            if case .parent(let key) = relation.kind { links.append(Link(foreignKey: key, target: relation.target)) }
        }
        for other in catalog.resources where !other.isObject {
            for relation in other.relations where relation.target == resource.name {
                if case .children(let key) = relation.kind {
                    links.append(Link(foreignKey: key, target: other.name))
                }
            }
        }
        var seen: Set<Link> = []
        return links.filter { link in
            guard let target = catalog[link.target], !target.isObject else { return false }
            return seen.insert(link).inserted
        }
    }

    /// ``links(of:in:)`` as the snapshot keeps them: a link-valued key as
    /// the field its parent's id is written to (``derivedKey(_:)``), each once.
    static func keyLinks(of resource: ResourceDescriptor, in catalog: ResourceCatalog) -> [Link] {
        var seen: Set<Link> = []
        return links(of: resource, in: catalog).compactMap { link in
            let kept = Link(foreignKey: derivedKey(link.foreignKey) ?? link.foreignKey, target: link.target)
            return seen.insert(kept).inserted ? kept : nil
        }
    }

    /// The parent's id in `record`'s foreign key; for a link (a HAL
    /// relation's URL, which names no id of the parent collection) the id
    /// ``resolveLinks(source:gate:)`` wrote beside it, if any.
    static func key(_ record: JSONValue, _ link: Link) -> String? {
        if let derived = derivedKey(link.foreignKey) { return record.recordID(derived) }
        guard let id = record.recordID(link.foreignKey), !id.contains("/") else { return nil }
        return id
    }

    /// Fetches the missing parents through `gate` and counts the references.
    func run(source: any SnapshotSource, gate: RequestGate, width: Int) async -> ParentHop {
        var result = self
        var ids = await result.resolveLinks(source: source, gate: gate, width: width)
        let missing = result.missingParents(ids)
        var jobs: [(String, String)] = []
        for (target, wanted) in missing where catalog[target] != nil {
            for id in wanted { jobs.append((target, id)) }
        }
        let catalog = catalog
        let fetched = await Self.bounded(jobs, width: width) { job -> (String, String, String?)? in
            guard let descriptor = catalog[job.0],
                let record = try? await gate.run({ () throws(ServiceError) in
                    try await source.record(descriptor, id: job.1)
                })
            else { return nil }
            return (job.0, SnapshotLedger.key(descriptor, id: job.1), record.recordID(descriptor.idField))
        }
        var added: [String: [(key: String, id: String)]] = [:]
        for case let (target, key, id)? in fetched {
            added[target, default: []].append((key, id ?? ""))
            if let id, ids[target] != nil { ids[target]?.insert(id) }
        }
        for index in result.resources.indices {
            let name = result.resources[index].name
            let linkedCount = result.resources[index].parents.count
            let parents = (added[name] ?? []).sorted { $0.id < $1.id }
            result.resources[index].parents += parents.map(\.key)
            result.resources[index].parentsAdded = parents.count + linkedCount
        }
        (result.kept, result.dangling) = result.references(ids)
        return result
    }

    /// Parent ids referenced but not kept, per target collection, in a stable order.
    private func missingParents(_ ids: [String: Set<String>]) -> [(String, [String])] {
        var missing: [String: Set<String>] = [:]
        for resource in resources where resource.failure == nil {
            let links = Self.keyLinks(of: resource.descriptor, in: catalog)
            guard !links.isEmpty else { continue }
            try? forEachRecord(of: resource) { record in
                for link in links {
                    guard let id = Self.key(record, link), ids[link.target]?.contains(id) == false else { continue }
                    missing[link.target, default: []].insert(id)
                }
            }
        }
        return missing.keys.sorted().map { ($0, (missing[$0] ?? []).sorted()) }
    }

    /// References to a parent in the snapshot, and to one that is not.
    private func references(_ ids: [String: Set<String>]) -> (kept: Int, dangling: Int) {
        var kept = 0
        var dangling = 0
        for resource in resources where resource.failure == nil {
            let links = Self.keyLinks(of: resource.descriptor, in: catalog).filter { ids[$0.target] != nil }
            guard !links.isEmpty else { continue }
            try? forEachRecord(of: resource) { record in
                for link in links {
                    guard let id = Self.key(record, link) else { continue }
                    if ids[link.target]?.contains(id) == true { kept += 1 } else { dangling += 1 }
                }
            }
        }
        return (kept, dangling)
    }

    /// Each record `resource` keeps so far, in OUT's order: the walked ones
    /// (with the ids of the links followed written in), then the parents added.
    func forEachRecord(of resource: SnapshotWalker.Collected, _ body: (JSONValue) throws -> Void) throws {
        try Self.forEachRecord(of: resource, ledger: ledger, linked: linked, body)
    }

    /// Each record `resource` keeps, read back from `ledger`: the first
    /// `walked` of its pages, as ``Linked/apply(to:of:)`` completes them, then its parents.
    static func forEachRecord(
        of resource: SnapshotWalker.Collected, ledger: SnapshotLedger, linked: Linked?, walked: Bool = true,
        _ body: (JSONValue) throws -> Void
    ) throws {
        let complete = linked?.completer(for: resource.descriptor)
        var left = walked ? resource.walked : 0
        var number = 1
        while left > 0 {
            let key = resource.pageKey(number)
            let items = try ledger.items(key)
            guard !items.isEmpty else { throw SnapshotLedger.Missing(key: key) }
            for item in items.prefix(left) { try body(complete?(item) ?? item) }
            left -= min(left, items.count)
            number += 1
        }
        for key in resource.parents { try body(try ledger.value(key)) }
    }

    /// Runs `fetch` on each of `jobs`, at most `width` at once; the results, as they came.
    static func bounded<Job: Sendable, Answer: Sendable>(
        _ jobs: [Job], width: Int, _ fetch: @escaping @Sendable (Job) async -> Answer
    ) async -> [Answer] {
        await withTaskGroup(of: Answer.self, returning: [Answer].self) { group in
            var next = 0
            var answers: [Answer] = []
            while next < min(max(1, width), jobs.count) {
                let job = jobs[next]
                group.addTask { await fetch(job) }
                next += 1
            }
            while let answer = await group.next() {
                answers.append(answer)
                if next < jobs.count {
                    let job = jobs[next]
                    group.addTask { await fetch(job) }
                    next += 1
                }
            }
            return answers
        }
    }
}
