import JSON
import Services

/// A parent named by a link rather than an id (HAL's `_links.author.href`,
/// `/books/1/author`): the snapshot follows each link once, keeps the
/// record it answers and writes that record's id (its self link's last
/// segment, as the convention derived it) into the linking record under
/// the link's name (`author`), which the description's relation then reads
/// as a plain foreign key: the replay has no link to follow.
extension ParentHop {
    /// The field a link-valued foreign key is kept under (`_links.author.href` → `author`); `nil` for a plain key.
    static func derivedKey(_ foreignKey: String) -> String? {
        let parts = foreignKey.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "_links", parts[2] == "href", !parts[1].isEmpty else { return nil }
        return String(parts[1])
    }

    /// Follows every link-valued key of the kept records (each link once,
    /// through `gate`), writes the parent's id into the linking records,
    /// adds the parents not kept yet to their collections and returns how
    /// many, per collection.
    mutating func resolveLinks(source: any SnapshotSource, gate: RequestGate) async -> [String: Int] {
        var wanted: [String: String] = [:]
        for resource in resources {
            for link in Self.links(of: resource.descriptor, in: catalog) where Self.derivedKey(link.foreignKey) != nil {
                for record in resource.records {
                    if let url = record.recordID(link.foreignKey), url.contains("/") { wanted[url] = link.target }
                }
            }
        }
        guard !wanted.isEmpty else { return [:] }
        let parents = await fetch(wanted, source: source, gate: gate)
        for index in resources.indices {
            for link in Self.links(of: resources[index].descriptor, in: catalog) {
                guard let key = Self.derivedKey(link.foreignKey), let target = catalog[link.target] else { continue }
                resources[index].records = resources[index].records.map { record in
                    guard let url = record.recordID(link.foreignKey), let parent = parents[url],
                        let id = parent.value(atPath: target.idField)
                    else { return record }
                    return Self.setting(key, to: id, in: record, after: resources[index].descriptor.idField)
                }
            }
        }
        var kept = keptIDs()
        var added: [String: Int] = [:]
        for url in wanted.keys.sorted() {
            guard let target = wanted[url], let parent = parents[url], kept[target] != nil,
                let id = parent.recordID(catalog[target]?.idField ?? "id"),
                kept[target, default: []].insert(id).inserted,
                let index = resources.firstIndex(where: { $0.name == target })
            else { continue }
            resources[index].records.append(parent)
            added[target, default: 0] += 1
        }
        return added
    }

    /// The records the links answer, by link.
    private func fetch(_ wanted: [String: String], source: any SnapshotSource, gate: RequestGate) async
        -> [String: JSONValue]
    {
        await withTaskGroup(of: (String, JSONValue?).self) { group in
            for (url, target) in wanted {
                guard let descriptor = catalog[target] else { continue }
                group.addTask {
                    let record = try? await gate.run { () throws(ServiceError) in
                        try await source.record(descriptor, id: url)
                    }
                    return (url, record)
                }
            }
            var parents: [String: JSONValue] = [:]
            for await (url, record) in group { parents[url] = record }
            return parents
        }
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
