import Foundation
import JSON
import Yams

/// The order of the keys in the document as written. OpenAPIKit's model
/// keeps it, but Foundation's decoder on Linux does not hand keys over in
/// order; paths and properties are listed in the author's order, so it is
/// read from the text (a JSON document's own bytes, ``JSONTextOrder``;
/// YAML's node tree) and applied where order shows.
///
/// From a tree, only objects are kept, each with its keys in order and its
/// inner objects by key, so a look-up costs one hash per step whatever the
/// document's size (thousands of paths and schemas). From a JSON text,
/// nothing is kept but the members of its large objects (the root, `paths`,
/// `components`, each kind of component) and a few hundred objects last
/// read: the object asked about is read from the text.
struct KeyOrder: Sendable {
    /// An object's keys in order and the objects (or arrays) inside it.
    indirect enum Tree: Sendable {
        case object(keys: [String], children: [String: Tree])
        case array([Tree])
        case leaf
    }

    /// Where the order is read: a tree of the document's objects (YAML, a
    /// parsed JSON document) or the JSON text itself, read where asked.
    private enum Source: Sendable {
        /// The collection each `x-trestle-relation` names, by the pointer of
        /// the object that carries it (a property's schema): read here because
        /// the decoder is told to skip vendor extensions, whose decoding walks
        /// every object's whole subtree again (20 times slower overall).
        case tree(Tree, relations: [[String]: String])
        case text(JSONTextOrder)
    }

    private let source: Source

    init(json: JSONValue) {
        var relations: [[String]: String] = [:]
        Self.collectRelations(json, at: [], into: &relations)
        source = .tree(Self.tree(json), relations: relations)
    }

    init(yaml: Node) {
        var relations: [[String]: String] = [:]
        Self.collectRelations(yaml, at: [], into: &relations)
        source = .tree(Self.tree(yaml), relations: relations)
    }

    init(root: Tree, relations: [[String]: String] = [:]) {
        source = .tree(root, relations: relations)
    }

    /// The order of a JSON document's keys read from its text where asked,
    /// so no mirror of the document's objects is held (``JSONTextOrder``).
    init(text: JSONText) {
        source = .text(JSONTextOrder(text))
    }

    /// The collection the `x-trestle-relation` of the object at `pointer` names.
    func relation(at pointer: [String]) -> String? {
        switch source {
        case .tree(_, let relations): relations[pointer]
        case .text(let text): text.relation(at: pointer)
        }
    }

    static let relationKey = "x-trestle-relation"

    private static func collectRelations(_ value: JSONValue, at pointer: [String], into found: inout [[String]: String])
    {
        switch value {
        case .object(let object):
            if case .string(let resource)? = object[relationKey]?.objectValue?["resource"] { found[pointer] = resource }
            for (key, inner) in object where key != relationKey {
                collectRelations(inner, at: pointer + [key], into: &found)
            }
        case .array(let array):
            for (index, inner) in array.enumerated() {
                collectRelations(inner, at: pointer + [String(index)], into: &found)
            }
        default:
            break
        }
    }

    private static func collectRelations(_ node: Node, at pointer: [String], into found: inout [[String]: String]) {
        switch node {
        case .mapping(let mapping):
            for (key, value) in mapping {
                let name = key.string ?? ""
                if name == relationKey {
                    if let resource = value.mapping?["resource"]?.string { found[pointer] = resource }
                } else {
                    collectRelations(value, at: pointer + [name], into: &found)
                }
            }
        case .sequence(let sequence):
            for (index, inner) in sequence.enumerated() {
                collectRelations(inner, at: pointer + [String(index)], into: &found)
            }
        default:
            break
        }
    }

    /// No order known: everything keeps the order it comes in.
    static let none = KeyOrder(root: .leaf)

    /// The keys of the object at `pointer`, in order; `nil` where there is none.
    func keys(at pointer: [String]) -> [String]? {
        let root: Tree
        switch source {
        case .tree(let tree, _): root = tree
        case .text(let text): return text.keys(at: pointer)
        }
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
