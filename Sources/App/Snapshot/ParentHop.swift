import JSON
import Services

/// The one hop to parents: every record a kept record points at through a
/// foreign key (a `.parent(foreignKey:)` relation of its resource, or a
/// `.children(foreignKey:)` relation of the parent's) that the walk did
/// not keep is fetched by id and added to its collection, so no kept
/// reference dangles. Parents fetched are not followed further.
struct ParentHop {
    /// A field of a resource's records that holds the id of a record of `target`.
    struct Link: Hashable {
        var foreignKey: String
        var target: String
    }

    var resources: [SnapshotWalker.Collected]
    let catalog: ResourceCatalog
    /// References whose parent is in the snapshot.
    var kept = 0
    /// References whose parent could not be fetched.
    var dangling = 0

    init(resources: [SnapshotWalker.Collected], catalog: ResourceCatalog) {
        self.resources = resources
        self.catalog = catalog
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
    func run(source: any SnapshotSource, gate: RequestGate) async -> ParentHop {
        var result = self
        let linked = await result.resolveLinks(source: source, gate: gate)
        let missing = result.missingParents()
        let fetched = await withTaskGroup(of: (String, JSONValue?).self) { group in
            for (target, ids) in missing {
                guard let descriptor = catalog[target] else { continue }
                for id in ids {
                    group.addTask {
                        let record = try? await gate.run { () throws(ServiceError) in
                            try await source.record(descriptor, id: id)
                        }
                        return (target, record)
                    }
                }
            }
            var fetched: [String: [JSONValue]] = [:]
            for await (target, record) in group {
                if let record { fetched[target, default: []].append(record) }
            }
            return fetched
        }
        for index in result.resources.indices {
            let name = result.resources[index].name
            let idField = result.resources[index].descriptor.idField
            let added = (fetched[name] ?? []).sorted { ($0.recordID(idField) ?? "") < ($1.recordID(idField) ?? "") }
            result.resources[index].records += added
            result.resources[index].parentsAdded = added.count + (linked[name] ?? 0)
        }
        (result.kept, result.dangling) = result.references()
        return result
    }

    /// Parent ids referenced but not kept, per target collection, in a stable order.
    private func missingParents() -> [(String, [String])] {
        let ids = keptIDs()
        var missing: [String: Set<String>] = [:]
        for resource in resources {
            for link in Self.keyLinks(of: resource.descriptor, in: catalog) {
                for record in resource.records {
                    guard let id = Self.key(record, link), ids[link.target]?.contains(id) == false else { continue }
                    missing[link.target, default: []].insert(id)
                }
            }
        }
        return missing.keys.sorted().map { ($0, (missing[$0] ?? []).sorted()) }
    }

    /// The ids kept per collection (a collection that failed has none).
    func keptIDs() -> [String: Set<String>] {
        var ids: [String: Set<String>] = [:]
        for resource in resources where !resource.descriptor.isObject && resource.failure == nil {
            ids[resource.name] = Set(resource.records.compactMap { $0.recordID(resource.descriptor.idField) })
        }
        return ids
    }

    /// References to a parent in the snapshot, and to one that is not.
    private func references() -> (kept: Int, dangling: Int) {
        let ids = keptIDs()
        var kept = 0
        var dangling = 0
        for resource in resources {
            for link in Self.keyLinks(of: resource.descriptor, in: catalog) {
                guard let parents = ids[link.target] else { continue }
                for record in resource.records {
                    guard let id = Self.key(record, link) else { continue }
                    if parents.contains(id) { kept += 1 } else { dangling += 1 }
                }
            }
        }
        return (kept, dangling)
    }
}
