import Foundation
import JSON
import Synchronization

/// The order of a JSON document's keys, read from its text (``JSONText``)
/// where it is asked for: ``KeyOrder`` without a mirror of the document's
/// objects. The large objects a look-up starts from — the root, `paths`,
/// `components` and each kind of component — are read once (their keys and
/// where their values lie); an object below them is read from the text
/// when asked about, and the last ``cacheLimit`` so read are kept (a
/// schema's properties are asked about once per property).
final class JSONTextOrder: Sendable {
    /// An object's keys in order and where each value lies.
    struct Object: Sendable {
        var keys: [String]
        var values: [String: Range<Int>]

        init(_ members: [JSONText.Member]) {
            keys = members.map(\.key)
            values = Dictionary(members.map { ($0.key, $0.range) }, uniquingKeysWith: { _, last in last })
        }
    }

    /// How many objects read below the large ones are kept at most.
    static let cacheLimit = 512

    let text: JSONText
    /// The large objects, by where they start in the text.
    private let large: [Int: Object]
    /// Whether the text may hold an `x-trestle-relation` (written as is, or with an escape).
    private let mayHoldRelations: Bool
    private let cache = Mutex<[Int: Object]>([:])

    init(_ text: JSONText) {
        self.text = text
        var large: [Int: Object] = [:]
        func read(_ range: Range<Int>) -> Object? {
            guard let members = text.members(of: range) else { return nil }
            let object = Object(members)
            large[range.lowerBound] = object
            return object
        }
        if let root = read(text.root) {
            if let paths = root.values["paths"] { _ = read(paths) }
            if let components = root.values["components"], let kinds = read(components) {
                for kind in kinds.keys { _ = kinds.values[kind].map(read) }
            }
        }
        self.large = large
        mayHoldRelations = text.contains(KeyOrder.relationKey) || text.contains("\\u")
    }

    /// The keys of the object at `pointer`, in order; `nil` where there is none.
    func keys(at pointer: [String]) -> [String]? {
        guard let range = locate(pointer), text.isObject(range) else { return nil }
        return object(at: range)?.keys
    }

    /// The collection the `x-trestle-relation` of the object at `pointer` names.
    func relation(at pointer: [String]) -> String? {
        // None is found inside a relation itself, as in a tree (``KeyOrder/init(json:)``).
        guard mayHoldRelations, !pointer.contains(KeyOrder.relationKey), let range = locate(pointer),
            text.isObject(range), let relation = object(at: range)?.values[KeyOrder.relationKey]
        else { return nil }
        if case .string(let resource)? = text.value(relation).objectValue?["resource"] { return resource }
        return nil
    }

    /// Where the value at `pointer` lies: from the root, a key a step
    /// through objects, an index through arrays.
    private func locate(_ pointer: [String]) -> Range<Int>? {
        var range = text.root
        for part in pointer {
            if text.isObject(range) {
                guard let next = object(at: range)?.values[part] else { return nil }
                range = next
            } else if text.isArray(range) {
                guard let index = Int(part), let elements = text.elements(of: range), elements.indices.contains(index)
                else { return nil }
                range = elements[index]
            } else {
                return nil
            }
        }
        return range
    }

    /// The object at `range`: a large one, one kept, or read now (and kept).
    private func object(at range: Range<Int>) -> Object? {
        if let known = large[range.lowerBound] { return known }
        if let kept = cache.withLock({ $0[range.lowerBound] }) { return kept }
        guard let members = text.members(of: range) else { return nil }
        let object = Object(members)
        cache.withLock { kept in
            if kept.count >= Self.cacheLimit { kept.removeAll(keepingCapacity: true) }
            kept[range.lowerBound] = object
        }
        return object
    }
}
