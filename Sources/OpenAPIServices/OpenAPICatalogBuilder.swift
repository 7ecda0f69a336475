import Foundation
import OpenAPIKit
import Services

/// Turns an OpenAPI document into the resource descriptors every screen
/// works from: its collections (a `GET /x` answering an array of records,
/// or an envelope holding one), their record routes, columns, labels,
/// relations both ways, paging, forms and toggles.
public struct OpenAPICatalogBuilder {
    let document: OpenAPI.Document
    let reader: SchemaReader
    /// Where the document's paths are asked below the base URL (its `servers`).
    var placement: PathPlacement = .identity

    /// - Parameters:
    ///   - source: names the document in problems (`http://…/openapi.json`).
    ///   - order: the order of the document's keys as written, where the decoder lost it.
    init(document: OpenAPI.Document, source: String, order: KeyOrder) {
        self.document = document
        self.reader = SchemaReader(components: document.components, source: source, order: order)
    }

    /// - Parameter source: names the document in problems (`http://…/openapi.json`).
    public init(document: OpenAPI.Document, source: String) {
        self.init(document: document, source: source, order: .none)
    }

    /// One documented path: its text, segments and operations. A class: an
    /// `OpenAPI.PathItem` is kilobytes inline, and a collection, its record
    /// route and the lookups of a catalog of thousands of paths each hold
    /// one (a struct copied into each multiplied a 26 MB document's peak).
    final class PathEntry {
        let text: String
        let segments: [String]
        let item: OpenAPI.PathItem
        var pointer: [String] { ["paths", text] }

        init(text: String, segments: [String], item: OpenAPI.PathItem) {
            self.text = text
            self.segments = segments
            self.item = item
        }

        static func isTemplate(_ segment: String) -> Bool { segment.hasPrefix("{") && segment.hasSuffix("}") }
        var templates: [String] { segments.filter(Self.isTemplate).map { String($0.dropFirst().dropLast()) } }
    }

    /// A top-level collection found, before it becomes a descriptor.
    struct Collection {
        var name: String
        var entry: PathEntry
        var shape: ListShape
        var parameters: QueryParameters
        var record: PathEntry?
    }

    /// A collection under a record of another (`/authors/{author_id}/books`).
    struct Nested {
        var name: String
        var parentPath: String
        var foreignKey: String
        var template: String
    }

    /// The descriptors, in the document's path order.
    public func resources() throws(OpenAPIProblem) -> [ResourceDescriptor] {
        try catalog().resources
    }

    /// `trestle serve`'s `GET /db` (`getDatabase`): every collection at
    /// once, no collection of its own, though one of a single collection
    /// looks like an envelope holding it.
    static func isJSONServerDatabase(_ entry: PathEntry, _ get: OpenAPI.Operation) -> Bool {
        entry.segments == ["db"] && get.operationId == "getDatabase"
    }

    /// The descriptors, in the document's path order, and a line for each
    /// path left out (one that steps out of the base URL with `..`).
    func catalog() throws(OpenAPIProblem) -> (resources: [ResourceDescriptor], skipped: [String]) {
        let (entries, skipped) = try pathEntries()
        let records = Self.records(entries)
        var collections: [Collection] = []
        var names: Set<String> = []
        var nested: [Nested] = []
        for entry in entries {
            switch try found(entry) {
            case .collection(let name, let shape, let get)?:
                guard names.insert(name).inserted else { continue }
                collections.append(try collection(entry, name: name, shape: shape, get: get, records: records))
            case .nested(let found)?:
                nested.append(found)
            case nil:
                continue
            }
        }
        let nestedByName = Dictionary(grouping: nested, by: \.name)
        var descriptors: [ResourceDescriptor] = []
        var summaries: [CollectionSummary] = []
        for collection in collections {
            let descriptor = try descriptor(collection, nested: nestedByName[collection.name] ?? [])
            summaries.append(try summary(collection, idField: descriptor.idField))
            descriptors.append(descriptor)
        }
        Self.addRelations(&descriptors, collections: summaries, nested: nested)
        return (descriptors, skipped.map(\.line))
    }

    /// What a path is to the catalog.
    enum Found {
        /// A top-level collection (`GET /books` answering records), named by its last segment.
        case collection(name: String, shape: ListShape, get: OpenAPI.Operation)
        /// A collection under a record of another (`/authors/{author_id}/books`).
        case nested(Nested)
    }

    /// What `entry` is to the catalog, if anything.
    func found(_ entry: PathEntry) throws(OpenAPIProblem) -> Found? {
        guard let get = entry.item.get, let last = entry.segments.last, !PathEntry.isTemplate(last),
            !Self.isJSONServerDatabase(entry, get),
            let shape = try ListShape.of(get, reader: reader, at: entry.pointer + ["get"])
        else { return nil }
        let templates = entry.templates
        if templates.isEmpty { return .collection(name: last, shape: shape, get: get) }
        guard templates.count == 1, entry.segments.count >= 3,
            let position = entry.segments.firstIndex(where: PathEntry.isTemplate),
            position == entry.segments.count - 2
        else { return nil }
        let parentPath = "/" + entry.segments[..<position].joined(separator: "/")
        let template = placement.place(entry.text.replacingOccurrences(of: entry.segments[position], with: "{}"))
        return .nested(Nested(name: last, parentPath: parentPath, foreignKey: templates[0], template: template))
    }

    /// The collection at `entry`, with its record route from `records` (``records(_:)``).
    func collection(
        _ entry: PathEntry, name: String, shape: ListShape, get: OpenAPI.Operation, records: [[String]: PathEntry]
    )
        throws(OpenAPIProblem) -> Collection
    {
        let parameters = try QueryParameters(entry.item, get, reader: reader, at: entry.pointer + ["get"])
        return Collection(
            name: name, entry: entry, shape: shape, parameters: parameters, record: records[entry.segments])
    }

    /// Each collection's record route, by the collection's segments: the
    /// first `GET /x/{id}` under it, else the first `/x/{id}` that takes a
    /// write (`PATCH`, `PUT`, `DELETE`) and no read — a service whose
    /// records are changed one by one and only read in the list.
    static func records(_ entries: [PathEntry]) -> [[String]: PathEntry] {
        var records: [[String]: PathEntry] = [:]
        for entry in entries {
            let item = entry.item
            guard item.get != nil || item.patch != nil || item.put != nil || item.delete != nil,
                let last = entry.segments.last, PathEntry.isTemplate(last)
            else { continue }
            let parent = Array(entry.segments.dropLast())
            if let found = records[parent], found.item.get != nil || item.get == nil { continue }
            records[parent] = entry
        }
        return records
    }

    /// The document's paths in order, but those with a `.` or `..` segment
    /// (percent-encoded too): asked under a base URL with a path
    /// (`/api/v1`), `/api/v1/../../etc/passwd` would leave it. They are
    /// never asked; each is said in a line (in the document's order).
    func pathEntries() throws(OpenAPIProblem) -> (entries: [PathEntry], skipped: [(path: String, line: String)]) {
        var entries: [PathEntry] = []
        var skipped: [(path: String, line: String)] = []
        for (path, either) in document.paths {
            guard let item = reader.components[either] else {
                throw OpenAPIProblem(
                    source: reader.source, pointer: OpenAPIProblem.pointer(["paths", path.rawValue]),
                    reason: "the path item's reference cannot be resolved")
            }
            if path.components.contains(where: Self.isDotSegment) {
                let problem = OpenAPIProblem(
                    source: reader.source, pointer: OpenAPIProblem.pointer(["paths", path.rawValue]),
                    reason: "a `.` or `..` segment would leave the base URL's path; this path is not used")
                skipped.append((path.rawValue, problem.description))
                continue
            }
            entries.append(PathEntry(text: path.rawValue, segments: path.components, item: item))
        }
        return (
            reader.order.ordered(entries, at: ["paths"]) { $0.text },
            reader.order.ordered(skipped, at: ["paths"]) { $0.path }
        )
    }

    /// `.`, `..`, `%2e%2E` and the like: a segment that moves in the path.
    static func isDotSegment(_ segment: String) -> Bool {
        let decoded = segment.removingPercentEncoding ?? segment
        return decoded == "." || decoded == ".."
    }
}
