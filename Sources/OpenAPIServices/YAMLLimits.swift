import Foundation
import Yams

/// Bounds on what a YAML document may make a reader walk, checked on the
/// node tree Yams composes before any decoder walks it whole.
///
/// Yams composes an alias as the node its anchor names, shared, so the tree
/// is as small as the text; whatever walks it (a decoder, `AnyCodable` for
/// an `x-` extension) walks every alias's whole node again. Nine levels of
/// `&a [*a, *a, … ×10]` are a billion nodes. Here each anchored node is
/// sized once (an `Anchor` object stays the same at each of its aliases
/// while the parser lives), so the check is linear in the text.
enum YAMLLimits {
    /// The most nodes aliases may add to what is written.
    static let aliasNodeBudget = 1_000_000
    /// The deepest nesting, aliases expanded (as `JSONParser` allows).
    static let maximumDepth = 512

    /// A limit passed, where (the path of keys and indices) and why.
    struct Exceeded: Error {
        var path: [String]
        var reason: String
    }

    /// The document in `data` as a node tree (an empty scalar when the text
    /// holds none), once its alias expansion and nesting are in bounds.
    static func compose(_ data: Data) throws -> Node {
        // As `YAMLDecoder` reads text: plain scalars stay strings (`200:` is
        // the key "200"), merge keys (`<<: *base`) are merged.
        let parser = try Parser(yaml: String(decoding: data, as: UTF8.self), resolver: Resolver.basic.appending(.merge))
        guard let root = try parser.singleRoot() else { return Node("") }
        try withExtendedLifetime(parser) {
            var walk = Walk()
            _ = try walk.measure(root, depth: 0)
        }
        return root
    }

    /// One walk over a tree: the sizes of the anchored nodes met, and the
    /// nodes aliases added so far.
    private struct Walk {
        var sizes: [ObjectIdentifier: (nodes: Int, height: Int)] = [:]
        var added = 0
        var path: [String] = []

        /// The nodes in `node` with aliases expanded, and its height.
        mutating func measure(_ node: Node, depth: Int) throws -> (nodes: Int, height: Int) {
            if let anchor = Self.anchor(of: node), let known = sizes[ObjectIdentifier(anchor)] {
                // An alias: everything under it is walked again by a decoder.
                added = added > Int.max - known.nodes ? Int.max : added + known.nodes
                if added > aliasNodeBudget {
                    throw Exceeded(
                        path: path,
                        reason:
                            "YAML aliases expand past the limit of \(aliasNodeBudget) nodes (alias *\(anchor.rawValue))"
                    )
                }
                try checkDepth(depth + known.height)
                return known
            }
            try checkDepth(depth + 1)
            var nodes = 1
            var height = 0
            func add(_ child: Node, _ key: String) throws {
                path.append(key)
                let inner = try measure(child, depth: depth + 1)
                path.removeLast()
                nodes = nodes > Int.max - inner.nodes ? Int.max : nodes + inner.nodes
                height = max(height, inner.height)
            }
            switch node {
            case .mapping(let mapping):
                for (key, value) in mapping {
                    try add(key, key.string ?? "?")
                    try add(value, key.string ?? "?")
                }
            case .sequence(let sequence):
                for (index, element) in sequence.enumerated() { try add(element, String(index)) }
            case .scalar, .alias:
                break
            }
            let size = (nodes: nodes, height: height + 1)
            if let anchor = Self.anchor(of: node) { sizes[ObjectIdentifier(anchor)] = size }
            return size
        }

        private func checkDepth(_ depth: Int) throws {
            guard depth > maximumDepth else { return }
            throw Exceeded(path: path, reason: "nesting deeper than \(maximumDepth)")
        }

        private static func anchor(of node: Node) -> Anchor? {
            switch node {
            case .mapping(let mapping): mapping.anchor
            case .sequence(let sequence): sequence.anchor
            case .scalar(let scalar): scalar.anchor
            case .alias: nil
            }
        }
    }
}
