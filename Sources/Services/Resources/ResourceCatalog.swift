import JSON

/// The resources of one service, in the order the start screen lists them.
public struct ResourceCatalog: Sendable, Hashable {
    public var resources: [ResourceDescriptor]
    /// Where the description came from, for the start screen: `catalog`
    /// (built in), `config`, or the API document (`openapi.json`).
    public var source: String?

    public init(_ resources: [ResourceDescriptor], source: String? = nil) {
        self.resources = resources
        self.source = source
    }

    /// Whether the resources were read from an API document.
    public var isFromDocument: Bool {
        guard let source else { return false }
        return !["catalog", "config", "none"].contains(source)
    }

    public subscript(name: String) -> ResourceDescriptor? {
        resources.first { $0.name == name }
    }

    public var names: [String] { resources.map(\.name) }

    /// The descriptor for `name`, or for a collection nobody described, a
    /// plain one whose columns its list infers from the first records.
    public func descriptor(for name: String) -> ResourceDescriptor {
        self[name] ?? Self.inferred(name: name, from: [])
    }

    /// A plain descriptor for an undescribed collection: `id` first, then
    /// the first record's scalar fields, up to six columns. Without a sample
    /// it has no columns yet: the list infers them when its first page comes.
    public static func inferred(name: String, from sample: [JSONValue]) -> ResourceDescriptor {
        var fields: [String] = []
        if let object = sample.first?.objectValue {
            for (key, value) in object where value.objectValue == nil && value.arrayValue == nil {
                fields.append(key)
            }
        }
        guard !fields.isEmpty else { return ResourceDescriptor(name: name, columns: []) }
        if let index = fields.firstIndex(of: "id"), index > 0 { fields.insert(fields.remove(at: index), at: 0) }
        let columns = fields.prefix(6).map { field in
            field == "id"
                ? ResourceDescriptor.Column(field, width: .fixed(6), alignment: .right, priority: 9)
                : ResourceDescriptor.Column(field)
        }
        let label = fields.first { ["name", "title", "label"].contains($0) }
        return ResourceDescriptor(name: name, labelField: label, columns: Array(columns))
    }
}
