import Foundation
import JSON
import Yams

/// The order of the keys in the document as written. OpenAPIKit's model
/// keeps it, but Foundation's decoder on Linux does not hand keys over in
/// order; paths and properties are listed in the author's order, so it is
/// read from the parsed text (JSON's `JSONValue`, YAML's node tree) and
/// applied where order shows.
///
/// Only objects are kept, each with its keys in order and its inner
/// objects by key, so a look-up costs one hash per step whatever the
/// document's size (thousands of paths and schemas).
struct KeyOrder: Sendable {
    /// An object's keys in order and the objects (or arrays) inside it.
    indirect enum Tree: Sendable {
        case object(keys: [String], children: [String: Tree])
        case array([Tree])
        case leaf
    }

    let root: Tree

    init(json: JSONValue) { root = Self.tree(json) }

    init(yaml: Node) { root = Self.tree(yaml) }

    init(root: Tree) { self.root = root }

    /// No order known: everything keeps the order it comes in.
    static let none = KeyOrder(root: .leaf)

    /// The keys of the object at `pointer`, in order; `nil` where there is none.
    func keys(at pointer: [String]) -> [String]? {
        var current = root
        for part in pointer {
            switch current {
            case .object(_, let children):
                guard let next = children[part] else { return nil }
                current = next
            case .array(let array):
                guard let index = Int(part), array.indices.contains(index) else { return nil }
                current = array[index]
            case .leaf:
                return nil
            }
        }
        if case .object(let keys, _) = current { return keys }
        return nil
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

    private static func tree(_ value: JSONValue) -> Tree {
        switch value {
        case .object(let object):
            var children: [String: Tree] = [:]
            for (key, inner) in object {
                let child = tree(inner)
                if case .leaf = child { continue }
                children[key] = children[key] ?? child
            }
            return .object(keys: object.keys, children: children)
        case .array(let array):
            return .array(array.map(tree))
        default:
            return .leaf
        }
    }

    /// A YAML node's objects, enough to read its keys' order.
    private static func tree(_ node: Node) -> Tree {
        switch node {
        case .mapping(let mapping):
            var keys: [String] = []
            var children: [String: Tree] = [:]
            for (key, value) in mapping {
                let name = key.string ?? ""
                keys.append(name)
                let child = tree(value)
                if case .leaf = child { continue }
                children[name] = children[name] ?? child
            }
            return .object(keys: keys, children: children)
        case .sequence(let sequence):
            return .array(sequence.map(tree))
        default:
            return .leaf
        }
    }
}
