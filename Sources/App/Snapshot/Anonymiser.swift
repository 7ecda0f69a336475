import JSON
import Services

/// `--anonymise`: personal values — names, e-mail addresses, phone numbers,
/// street addresses, free text — replaced by fakes of the same shape. A
/// keyed hash of the value picks the fake (``FakeValues``), so the same
/// input always gives the same output and repeated values still line up.
/// Ids, foreign keys, numbers, booleans and dates stay; so do one-word
/// values of fields whose name says nothing personal (`genre`, `status`).
/// Absolute URLs of the service itself become paths (``ServiceLinks``);
/// other absolute URLs are personal (a user's website) and faked. It holds
/// no records: each is anonymised as it is written, and what it keeps is
/// the tally of what it replaced, per resource and field.
struct Anonymiser {
    /// What was done to one field of one resource.
    struct Replacement: Sendable, Hashable {
        var resource: String
        var field: String
        var kind: String
        var count: Int
        /// An id or key that looks personal (a slug), kept so relations hold.
        var kept = false
    }

    /// Fields left alone (`--keep`), by name or dotted path.
    let keep: Set<String>
    let catalog: ResourceCatalog
    /// The service's `scheme://host[:port]`, whose URLs become paths; `nil` when unknown.
    let origin: String?
    private var tally: [Key: Int] = [:]
    private var order: [Key] = []
    private var keptIDs: [Key] = []
    /// ``keyFields(of:)`` of each resource met.
    private var keyFields: [String: Set<String>] = [:]

    private struct Key: Hashable {
        var resource: String
        var field: String
        var kind: FakeValues.Kind
    }

    init(keep: Set<String>, catalog: ResourceCatalog, baseURL: String? = nil) {
        self.keep = keep
        self.catalog = catalog
        self.origin = baseURL.flatMap(ServiceLinks.origin)
    }

    /// `--anonymise`'s change to the description: its base URL dropped
    /// and its source made relative. The records are anonymised one by one
    /// as OUT is written (``anonymise(_:of:)``), in OUT's order.
    func anonymise(_ description: inout SnapshotDescription) {
        description.baseURL = nil
        if let origin, let source = description.catalog.source,
            let relative = ServiceLinks.relative(source, origin: origin)
        {
            description.catalog.source = relative
        }
    }

    /// What was replaced, field by field, in the order first met; then the ids kept.
    var replacements: [Replacement] {
        order.map { Replacement(resource: $0.resource, field: $0.field, kind: $0.kind.rawValue, count: tally[$0] ?? 0) }
            + keptIDs.map { Replacement(resource: $0.resource, field: $0.field, kind: "slugs", count: 0, kept: true) }
    }

    /// A record (or an object resource's value) of `resource` with its personal values replaced.
    mutating func anonymise(_ record: JSONValue, of resource: ResourceDescriptor) -> JSONValue {
        let keys: Set<String>
        if let known = keyFields[resource.name] {
            keys = known
        } else {
            keys = keyFields(of: resource)
            keyFields[resource.name] = keys
        }
        return value(record, path: "", resource: resource.name, keys: keys)
    }

    /// The id field and foreign keys of `resource`: never replaced.
    private func keyFields(of resource: ResourceDescriptor) -> Set<String> {
        var keys: Set<String> = [resource.idField]
        for link in ParentHop.links(of: resource, in: catalog) { keys.insert(link.foreignKey) }
        for relation in resource.relations {
            if case .children(let key) = relation.kind { keys.insert(key) }
        }
        return keys
    }

    private mutating func value(_ value: JSONValue, path: String, resource: String, keys: Set<String>) -> JSONValue {
        switch value {
        case .object(let object):
            var result = JSONObject()
            for (key, member) in object {
                let field = path.isEmpty ? key : path + "." + key
                result[key] = self.value(member, path: field, resource: resource, keys: keys)
            }
            return .object(result)
        case .array(let items):
            return .array(items.map { self.value($0, path: path, resource: resource, keys: keys) })
        case .string(let text):
            return .string(string(text, path: path, resource: resource, keys: keys))
        default:
            return value
        }
    }

    private mutating func string(_ text: String, path: String, resource: String, keys: Set<String>) -> String {
        let name = String(path.split(separator: ".").last ?? Substring(path))
        var text = text
        if let origin, let relative = ServiceLinks.relative(text, origin: origin) {
            note(Key(resource: resource, field: path, kind: .serviceLink), kept: false)
            // A link of the service is a path now, not a personal value.
            if relative.hasPrefix("/") { return relative }
            text = relative
        }
        if keep.contains(path) || keep.contains(name) { return text }
        if keys.contains(path) || FakeValues.isKeyName(name) {
            if FakeValues.looksLikeSlug(text) { note(Key(resource: resource, field: path, kind: .name), kept: true) }
            return text
        }
        guard let kind = FakeValues.kind(field: name, value: text) else { return text }
        note(Key(resource: resource, field: path, kind: kind), kept: false)
        return FakeValues.fake(kind, for: text)
    }

    private mutating func note(_ key: Key, kept: Bool) {
        if kept {
            if !keptIDs.contains(key) { keptIDs.append(key) }
            return
        }
        if tally[key] == nil { order.append(key) }
        tally[key, default: 0] += 1
    }
}
