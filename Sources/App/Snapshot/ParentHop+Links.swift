import JSON
import Services

/// A parent named by a link rather than an id (HAL's `_links.author.href`,
/// `/books/1/author`): the snapshot follows each link once, keeps the
/// record it answers and writes that record's id (its self link's last
/// segment, as the convention derived it) into the linking record under
/// the link's name (`author`), which the description's relation then reads
/// as a plain foreign key: the replay has no link to follow. The hop keeps
/// each link's parent id (``Linked``), not the records: a walked record
/// takes its parent's id as it is read back from the ledger.
extension ParentHop {
    /// The field a link-valued foreign key is kept under (`_links.author.href` → `author`); `nil` for a plain key.
    static func derivedKey(_ foreignKey: String) -> String? {
        let parts = foreignKey.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "_links", parts[2] == "href", !parts[1].isEmpty else { return nil }
        return String(parts[1])
    }

    /// The id of the parent each link followed answered, and how a walked record takes them.
    struct Linked: Sendable {
        let catalog: ResourceCatalog
        /// Link (a URL) → the parent's id (its value at its collection's id field).
        var ids: [String: JSONValue] = [:]

        /// What completes a record of `resource` (`nil` when no link was
        /// followed): its links' parent ids written beside them.
        func completer(for resource: ResourceDescriptor) -> ((JSONValue) -> JSONValue)? {
            guard !ids.isEmpty else { return nil }
            let fields = ParentHop.links(of: resource, in: catalog).compactMap { link -> (String, String)? in
                guard let key = ParentHop.derivedKey(link.foreignKey), catalog[link.target] != nil else { return nil }
                return (link.foreignKey, key)
            }
            guard !fields.isEmpty else { return nil }
            let ids = ids
            let idField = resource.idField
            return { record in
                var record = record
                for (foreignKey, key) in fields {
                    guard let url = record.recordID(foreignKey), let id = ids[url] else { continue }
                    record = ParentHop.setting(key, to: id, in: record, after: idField)
                }
                return record
            }
        }
    }

    /// Follows every link-valued key of the kept records (each link once,
    /// through `gate`, at most `width` at once), notes the parent's id of
    /// each (``linked``: the records take it as they are read back), adds
    /// the parents not kept yet to their collections and returns the ids
    /// kept per collection.
    mutating func resolveLinks(source: any SnapshotSource, gate: RequestGate, width: Int) async
        -> [String: Set<String>]
    {
        var wanted: [String: String] = [:]
        var kept: [String: Set<String>] = [:]
        // Only a collection a link points at needs its ids; only one with link-valued keys has links to follow.
        let targets = Set(resources.flatMap { Self.links(of: $0.descriptor, in: catalog).map(\.target) })
        for resource in resources where resource.failure == nil {
            let links = Self.links(of: resource.descriptor, in: catalog).filter {
                Self.derivedKey($0.foreignKey) != nil
            }
            let target = targets.contains(resource.name) && !resource.descriptor.isObject
            guard target || !links.isEmpty else { continue }
            let idField = resource.descriptor.idField
            var ids: Set<String> = []
            try? Self.forEachRecord(of: resource, ledger: ledger, linked: nil) { record in
                if target, let id = record.recordID(idField) { ids.insert(id) }
                for link in links {
                    if let url = record.recordID(link.foreignKey), url.contains("/") { wanted[url] = link.target }
                }
            }
            if target { kept[resource.name] = ids }
        }
        guard !wanted.isEmpty else { return kept }
        let answers = await Self.bounded(Array(wanted), width: width) {
            [catalog] job -> (String, JSONValue?, String?)? in
            let (url, target) = (job.key, job.value)
            guard let descriptor = catalog[target],
                let parent = try? await gate.run({ () throws(ServiceError) in
                    try await source.record(descriptor, id: url)
                })
            else { return nil }
            return (url, parent.value(atPath: descriptor.idField), parent.recordID(descriptor.idField))
        }
        var parents: [String: String?] = [:]
        for case let (url, id, recordID)? in answers {
            if let id { linked.ids[url] = id }
            parents.updateValue(recordID, forKey: url)
        }
        for url in wanted.keys.sorted() {
            guard let target = wanted[url], let descriptor = catalog[target], let found = parents[url],
                let id = found, kept[target] != nil, kept[target, default: []].insert(id).inserted,
                let index = resources.firstIndex(where: { $0.name == target })
            else { continue }
            resources[index].parents.append(SnapshotLedger.key(descriptor, id: url))
        }
        return kept
    }

    /// `record` with `key` set to `value`, placed after its id field (so a
    /// record shows the one line more), unless it has a `key` of its own.
    static func setting(_ key: String, to value: JSONValue, in record: JSONValue, after idField: String) -> JSONValue {
        guard case .object(let object) = record, object[key] == nil else { return record }
        var members: [(String, JSONValue)] = []
        for (name, member) in object {
            members.append((name, member))
            if name == idField { members.append((key, value)) }
        }
        if members.count == object.count { members.append((key, value)) }
        return .object(JSONObject(members))
    }
}
