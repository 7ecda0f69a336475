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
    /// (``DocumentSlices``), telling `observer` its progress and the first
    /// slice's document; the slices merged are the document. Stops
    /// (``OpenAPIProblem/isStopped``) between two slices once the task is cancelled.
    static func decodeSliced<Tree: SlicedTree>(
        _ slices: DocumentSlices<Tree>, bytes: Int, source: String, version: String?, swagger: String?,
        observer: SliceObserver
    ) throws(OpenAPIProblem) -> OpenAPIKit.OpenAPI.Document {
        var all = slices.slices(firstCollections: observer.firstCount, size: observer.sliceSize)
        let hasMorePaths = all.hasMorePaths
        var whole: OpenAPIKit.OpenAPI.Document?
        var decoded = 0
        let name = OpenAPIDescription.sourceName(source)
        observer.progress(OpenAPIReadProgress(source: name, bytes: bytes, paths: 0, totalPaths: slices.paths.count))
        while true {
            if Task.isCancelled {
                throw OpenAPIProblem(source: source, pointer: "#", reason: OpenAPIProblem.stoppedReason)
            }
            guard let slice = all.next() else { break }
            let part = try decodeDocument(source: source, version: version, swagger: swagger) { type in
                try Tree.decode(type, from: slice.document)
            }
            decoded += slice.paths
            if var merged = whole.take() {
                merge(part, into: &merged)
                whole = merged
            } else {
                whole = part
                // The first collections, when more paths are to come.
                if hasMorePaths { observer.first(part) }
            }
            observer.progress(
                OpenAPIReadProgress(source: name, bytes: bytes, paths: decoded, totalPaths: slices.paths.count))
        }
        guard let whole else {
            throw OpenAPIProblem(source: source, pointer: "#", reason: "the document holds nothing to read")
        }
        return whole
    }

    /// What ``decodeSliced(_:bytes:source:version:swagger:observer:)`` tells as it goes.
    struct SliceObserver {
        var firstCount = 60
        var sliceSize = 200
        var progress: (OpenAPIReadProgress) -> Void = { _ in }
        /// The first slice's document (the first collections and what they refer to).
        var first: (OpenAPIKit.OpenAPI.Document) -> Void = { _ in }
    }

    /// Adds the paths and components of `part` that `whole` does not hold.
    static func merge(_ part: OpenAPIKit.OpenAPI.Document, into whole: inout OpenAPIKit.OpenAPI.Document) {
        for (path, item) in part.paths where whole.paths[path] == nil { whole.paths[path] = item }
        let from = part.components
        add(from.schemas, to: &whole.components.schemas)
        add(from.responses, to: &whole.components.responses)
        add(from.parameters, to: &whole.components.parameters)
        add(from.examples, to: &whole.components.examples)
        add(from.requestBodies, to: &whole.components.requestBodies)
        add(from.headers, to: &whole.components.headers)
        add(from.securitySchemes, to: &whole.components.securitySchemes)
        add(from.links, to: &whole.components.links)
        add(from.callbacks, to: &whole.components.callbacks)
        add(from.mediaTypes, to: &whole.components.mediaTypes)
        add(from.pathItems, to: &whole.components.pathItems)
    }

    private static func add<Key: Hashable, Value>(
        _ from: OrderedDictionary<Key, Value>, to into: inout OrderedDictionary<Key, Value>
    ) {
        for (key, value) in from where into[key] == nil { into[key] = value }
    }
}
