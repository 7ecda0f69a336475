import Foundation
import OpenAPIKit
import Services

/// The description of a document read in slices, made slice by slice with
/// no merged document: each slice, once decoded, is catalogued at once (its
/// collections with their record routes and descriptors, nested routes,
/// operations, paths left out), and its decoded paths are dropped. What
/// crosses slices is kept small until the end: the components (a slice
/// holds only those no earlier slice held, and its `$ref`s resolve against
/// all those seen so far), each collection's descriptor and summary
/// (``OpenAPICatalogBuilder/CollectionSummary``), the nested routes, the
/// operations — each by its path's place in the document.
///
/// ``description()`` then does what needs every slice, as a whole
/// document's cataloguing would: collection names first-wins in the
/// document's order, nested routes into their collections' routes,
/// relations both ways, operations but the collections' reads, auth schemes.
/// A collection's record routes sit in its slice (``DocumentSlices`` keeps
/// them together), so its descriptor is whole when its slice is catalogued.
struct SlicedCatalog {
    let location: String
    let order: KeyOrder
    let base: URL?
    /// The components of every slice so far.
    private var components = OpenAPI.Components()
    /// Each path's place among the document's (as written), by its text.
    private let rank: [String: Int]
    /// Places given to paths the written order does not know, after those.
    private var unranked: [String: Int] = [:]

    /// A collection catalogued, by its path's place.
    private struct Candidate {
        var position: Int
        var descriptor: ResourceDescriptor
        var summary: OpenAPICatalogBuilder.CollectionSummary
    }
    private var candidates: [Candidate] = []
    /// The place of the first collection of each name so far.
    private var holders: [String: Int] = [:]
    private var nested: [(position: Int, nested: OpenAPICatalogBuilder.Nested)] = []
    private var skipped: [(position: Int, line: String)] = []
    /// Every operation, collection reads too (known only at the end).
    private var operations: [(position: Int, operation: ServiceOperation)] = []

    init(location: String, order: KeyOrder, base: URL?) {
        self.location = location
        self.order = order
        self.base = base
        let keys = order.keys(at: ["paths"]) ?? []
        rank = Dictionary(keys.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }

    private mutating func position(_ path: String) -> Int {
        if let known = rank[path] { return known }
        if let known = unranked[path] { return known }
        let new = rank.count + unranked.count
        unranked[path] = new
        return new
    }

    /// Catalogues one slice's document.
    mutating func add(_ slice: OpenAPI.Document) throws(OpenAPIProblem) {
        OpenAPIDocumentReader.merge(slice.components, into: &components)
        var document = slice
        document.components = components
        var builder = OpenAPICatalogBuilder(document: document, source: location, order: order)
        builder.placement = PathPlacement(document, location: location, base: base)
        let (entries, skipped) = try builder.pathEntries()
        for line in skipped { self.skipped.append((position(line.path), line.line)) }
        let records = OpenAPICatalogBuilder.records(entries)
        for entry in entries {
            let at = position(entry.text)
            switch try builder.found(entry) {
            case .collection(let name, let shape, let get)?:
                // A name taken by a collection earlier in the document.
                if let holder = holders[name], holder < at { continue }
                let collection = try builder.collection(entry, name: name, shape: shape, get: get, records: records)
                let descriptor = try builder.descriptor(collection, nested: [])
                let summary = try builder.summary(collection, idField: descriptor.idField)
                holders[name] = at
                candidates.append(Candidate(position: at, descriptor: descriptor, summary: summary))
            case .nested(let found)?:
                nested.append((at, found))
            case nil:
                continue
            }
        }
        for (path, operation) in OperationCatalogBuilder(builder: builder).operations(skipping: []) {
            operations.append((position(path), operation))
        }
    }

    /// The description of the slices catalogued so far.
    func description() -> OpenAPIDescription {
        var names: Set<String> = []
        let kept = candidates.sorted { $0.position < $1.position }.filter { names.insert($0.summary.name).inserted }
        let nested = self.nested.enumerated().sorted {
            ($0.element.position, $0.offset) < ($1.element.position, $1.offset)
        }
        .map(\.element.nested)
        var descriptors = kept.map(\.descriptor)
        let positions = Dictionary(
            descriptors.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        for found in nested {
            guard let at = positions[found.name] else { continue }
            descriptors[at].route?.nestedRoutes[found.foreignKey] = found.template
        }
        OpenAPICatalogBuilder.addRelations(&descriptors, collections: kept.map(\.summary), nested: nested)
        let reads = OperationCatalogBuilder.collectionReads(descriptors)
        let operations = self.operations.enumerated()
            .sorted { ($0.element.position, $0.offset) < ($1.element.position, $1.offset) }
            .map(\.element.operation).filter { !OperationCatalogBuilder.isCollectionRead($0, reads: reads) }
        var description = OpenAPIDescription(
            catalog: ResourceCatalog(descriptors, source: OpenAPIDescription.sourceName(location)),
            authSchemes: OpenAPIDescription.authSchemes(components),
            credential: OpenAPIDescription.credential(components),
            warnings: skipped.enumerated().sorted {
                ($0.element.position, $0.offset) < ($1.element.position, $1.offset)
            }
            .map(\.element.line))
        description.operations = OperationCatalog(operations)
        return description
    }
}
