import Foundation
import JSON
import Yams

/// The order of the keys in the document as written. OpenAPIKit's model
/// keeps it, but Foundation's decoder on Linux does not hand keys over in
/// order; paths and properties are listed in the author's order, so it is
/// read once more from the text (JSON through `JSONParser`, YAML through
/// Yams' node tree) and applied where order shows.
struct KeyOrder: Sendable {
    let root: JSONValue

    init(_ data: Data, isJSON: Bool) {
        if isJSON {
            root = (try? JSONParser.parse(data)) ?? .null
        } else {
            let node = try? Yams.compose(yaml: String(decoding: data, as: UTF8.self))
            root = node.map(Self.value(of:)) ?? .null
        }
    }

    init(root: JSONValue) { self.root = root }

    /// The keys of the object at `pointer`, in order; `nil` where there is none.
    func keys(at pointer: [String]) -> [String]? {
        var current = root
        for part in pointer {
            switch current {
            case .object(let object):
                guard let next = object[part] else { return nil }
                current = next
            case .array(let array):
                guard let index = Int(part), array.indices.contains(index) else { return nil }
                current = array[index]
            default:
                return nil
            }
        }
        return current.objectValue?.keys
    }

    /// `items` in the order of the keys at `pointer` (those not found keep
    /// their place after them).
    func ordered<T>(_ items: [T], at pointer: [String], key: (T) -> String) -> [T] {
        guard let keys = keys(at: pointer) else { return items }
        let rank = Dictionary(keys.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        return items.enumerated().sorted { left, right in
            let (a, b) = (rank[key(left.element)] ?? Int.max, rank[key(right.element)] ?? Int.max)
            return a == b ? left.offset < right.offset : a < b
        }.map(\.element)
    }

    /// A YAML node as JSON, enough to read its keys' order.
    private static func value(of node: Node) -> JSONValue {
        switch node {
        case .mapping(let mapping):
            return .object(JSONObject(mapping.map { ($0.key.string ?? "", value(of: $0.value)) }))
        case .sequence(let sequence):
            return .array(sequence.map(value(of:)))
        default:
            return .string(node.string ?? "")
        }
    }
}
