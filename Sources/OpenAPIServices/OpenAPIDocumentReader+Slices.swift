import Foundation
import JSON
import OpenAPIKit
import OpenAPIKit30
import OpenAPIKitCompat

/// How far the reading of a document has come: its name, its size, and
/// how many of its paths are decoded.
public struct OpenAPIReadProgress: Sendable, Equatable {
    /// The document's name (`openapi.json`, `v3/api-docs`).
    public var source: String
    public var bytes: Int
    public var paths: Int
    public var totalPaths: Int

    public init(source: String, bytes: Int, paths: Int, totalPaths: Int) {
        self.source = source
        self.bytes = bytes
        self.paths = paths
        self.totalPaths = totalPaths
    }
}

/// What a reading tells as it goes: its progress, and the description of
/// the document's first collections as soon as they are catalogued (before
/// the rest is decoded). Both are called on the reading's thread.
public struct OpenAPIReadObserver: Sendable {
    public var progress: @Sendable (OpenAPIReadProgress) -> Void
    public var firstCollections: @Sendable (OpenAPIDescription) -> Void
    /// How many collections the first description holds at most (a screenful).
    public var firstCount: Int
    /// Paths decoded at a time, between two looks at whether to stop.
    public var sliceSize: Int

    public init(
        firstCount: Int = 60, sliceSize: Int = 200,
        progress: @escaping @Sendable (OpenAPIReadProgress) -> Void = { _ in },
        firstCollections: @escaping @Sendable (OpenAPIDescription) -> Void = { _ in }
    ) {
        self.firstCount = firstCount
        self.sliceSize = sliceSize
        self.progress = progress
        self.firstCollections = firstCollections
    }
}

extension OpenAPIProblem {
    /// The reason of a reading stopped (its task cancelled) between two slices.
    static let stoppedReason = "reading stopped"

    /// Whether the reading was stopped rather than the document wrong.
    public var isStopped: Bool { reason == Self.stoppedReason }
}

extension OpenAPIDocumentReader {
    /// Decodes a parsed document (JSON or YAML) slice by slice
    /// (``DocumentSlices``), handing each slice's document to `observer`
    /// as it is decoded and telling its progress. Stops
    /// (``OpenAPIProblem/isStopped``) between two slices once the task is cancelled.
    static func decodeSliced<Tree: SlicedTree>(
        _ slices: consuming DocumentSlices<Tree>, bytes: Int, source: String, version: String?, swagger: String?,
        observer: SliceObserver
    ) throws(OpenAPIProblem) {
        let total = slices.paths.count
        var all = (consume slices).slices(firstCollections: observer.firstCount, size: observer.sliceSize)
        let hasMorePaths = all.hasMorePaths
        var decoded = 0
        var count = 0
        let name = OpenAPIDescription.sourceName(source)
        observer.progress(OpenAPIReadProgress(source: name, bytes: bytes, paths: 0, totalPaths: total))
        while true {
            if Task.isCancelled {
                throw OpenAPIProblem(source: source, pointer: "#", reason: OpenAPIProblem.stoppedReason)
            }
            guard let slice = all.next() else { break }
            let part = try decodeDocument(source: source, version: version, swagger: swagger) { type in
                try Tree.decode(type, from: slice.document)
            }
            decoded += slice.paths
            try observer.slice(part, count == 0 && hasMorePaths)
            count += 1
            observer.progress(OpenAPIReadProgress(source: name, bytes: bytes, paths: decoded, totalPaths: total))
        }
        if count == 0 {
            throw OpenAPIProblem(source: source, pointer: "#", reason: "the document holds nothing to read")
        }
    }

    /// What ``decodeSliced(_:bytes:source:version:swagger:observer:)`` tells as it goes.
    struct SliceObserver {
        var firstCount = 60
        var sliceSize = 200
        var progress: (OpenAPIReadProgress) -> Void = { _ in }
        /// Each slice's document as it is decoded (its paths, and the
        /// components they refer to that no earlier slice held), and whether
        /// it is the first of several that hold paths (the first collections).
        var slice: (OpenAPIKit.OpenAPI.Document, _ firstOfMore: Bool) throws(OpenAPIProblem) -> Void
    }

    /// Adds the paths and components of `part` that `whole` does not hold.
    static func merge(_ part: OpenAPIKit.OpenAPI.Document, into whole: inout OpenAPIKit.OpenAPI.Document) {
        for (path, item) in part.paths where whole.paths[path] == nil { whole.paths[path] = item }
        merge(part.components, into: &whole.components)
    }

    /// Adds the components of `from` that `into` does not hold.
    static func merge(_ from: OpenAPIKit.OpenAPI.Components, into: inout OpenAPIKit.OpenAPI.Components) {
        add(from.schemas, to: &into.schemas)
        add(from.responses, to: &into.responses)
        add(from.parameters, to: &into.parameters)
        add(from.examples, to: &into.examples)
        add(from.requestBodies, to: &into.requestBodies)
        add(from.headers, to: &into.headers)
        add(from.securitySchemes, to: &into.securitySchemes)
        add(from.links, to: &into.links)
        add(from.callbacks, to: &into.callbacks)
        add(from.mediaTypes, to: &into.mediaTypes)
        add(from.pathItems, to: &into.pathItems)
    }

    private static func add<Key: Hashable, Value>(
        _ from: OrderedDictionary<Key, Value>, to into: inout OrderedDictionary<Key, Value>
    ) {
        for (key, value) in from where into[key] == nil { into[key] = value }
    }
}
