import JSON

/// The resources of one service, in the order the start screen lists them.
public struct ResourceCatalog: Sendable, Hashable, Codable {
    public var resources: [ResourceDescriptor]
    /// Where the description came from, for the start screen: `catalog`
    /// (built in), `config`, or the API document (`openapi.json`).
    public var source: String?
    /// Which screen a plain start (no launch target) opens on: the
    /// catalog's own choice, made where the catalog is made.
    public var opening: Opening
    /// What the start screen says when the service described nothing: a
    /// line for each place discovery tried (bounded where it is made).
    public var notes: [String] = []

    /// Which screen a plain start opens on, and why.
    public enum Opening: Sendable, Hashable, Codable {
        /// The list of the first resource: the config file's order, a catalog listed by hand.
        case firstResource
        /// The list of the named collection: JSONPlaceholder's todos, or a
        /// found catalog's todos (a service like it opens like it).
        case resource(String)
        /// The start screen: a found catalog without todos shows what was found, to choose from.
        case startScreen
    }

    public init(_ resources: [ResourceDescriptor], source: String? = nil, opening: Opening = .firstResource) {
        self.resources = resources
        self.source = source
        self.opening = opening
    }

    /// The opening of a catalog found on the service (its API document,
    /// its root's convention, a snapshot's description): its todos when it
    /// has them, as JSONPlaceholder opens; else the start screen.
    public var foundOpening: Opening { self["todos"] != nil ? .resource("todos") : .startScreen }

    /// The collection whose list a plain start opens; `nil` for the start screen.
    public var openingResource: ResourceDescriptor? {
        switch opening {
        case .firstResource: resources.first
        case .resource(let name): self[name]
        case .startScreen: nil
        }
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
        self[name] ?? Self.undescribed(name)
    }

    /// The plain descriptor of a collection nobody described, known by its
    /// name alone: its columns come with its first records, its writes
    /// from what the service says (``ResourceDescriptor/learnsWrites``).
    public static func undescribed(_ name: String) -> ResourceDescriptor {
        var descriptor = inferred(name: name, from: [])
        descriptor.learnsWrites = true
        return descriptor
    }

    /// The most columns a list infers from its records: room for a wide
    /// terminal to show them all, since the list draws each at the width of
    /// its data and drops the rightmost first when the row is too narrow.
    public static let inferredColumns = 12

    /// A plain descriptor for an undescribed collection: `id` first, then
    /// the first record's scalar fields, up to ``inferredColumns``. Without a sample
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
        let columns = fields.prefix(inferredColumns).map { field in
            ResourceDescriptor.Column(field, kind: field == "id" ? .identifier : nil)
        }
        let label = fields.first { ["name", "title", "label"].contains($0) }
        return ResourceDescriptor(name: name, labelField: label, columns: Array(columns))
    }
}
