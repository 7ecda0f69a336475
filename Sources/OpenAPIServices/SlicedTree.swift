import Foundation
import JSON
import Yams

/// A parsed document as ``DocumentSlices`` reads and cuts it: JSON's values
/// (slices written as JSON text) or YAML's nodes (slices assembled from the
/// document's own nodes, so their scalars are typed as the whole document's).
protocol SlicedTree {
    /// A member's key as written (JSON's string, YAML's key node).
    associatedtype Key
    /// A slice as its decoder takes it.
    associatedtype Document

    /// Whether this is an object (a YAML mapping).
    var isObject: Bool { get }
    /// An object's members in order; `nil` for anything else, or for an
    /// object that is not the sum of its members as written (YAML: a merge
    /// key, a key written twice, a key that is no scalar).
    var sliceMembers: [SlicedMember<Self>]? { get }
    /// Calls `found` with each `$ref` string in this value.
    func forEachReference(_ found: (String) -> Void)
    /// An object with no members, as this one is written (a YAML mapping's
    /// tag, style and place); anything else as it is. What a slice keeps of
    /// an object it holds only some members of, so the rest can go.
    var shell: Self { get }

    /// The key `name` where the document has none (`components`).
    static func key(_ name: String) -> Key
    /// The slice whose root is `root`.
    static func document(_ root: SlicePart<Self>) -> Document
    /// Decodes `type` from a slice, skipping vendor extensions as a whole document is.
    static func decode(_ type: any Decodable.Type, from document: Document) throws -> any Decodable
}

/// A member of an object: its key as written, its name and its value.
struct SlicedMember<Tree: SlicedTree> {
    var key: Tree.Key
    var name: String
    var value: Tree
}

/// A value of a slice: one of the document's, or an object holding some of
/// the members of the document's object `like` (absent when the document has none).
enum SlicePart<Tree: SlicedTree> {
    case value(Tree)
    case object(like: Tree?, members: [(key: Tree.Key, part: SlicePart)])
}

extension SlicePart where Tree.Key == String {
    /// The part as compact JSON text: its objects' members in order, each
    /// whole value as `value` writes it (JSON's slices).
    func json(_ value: (Tree, inout [UInt8]) -> Void) -> [UInt8] {
        var output: [UInt8] = []
        write(into: &output, value)
        return output
    }

    private func write(into output: inout [UInt8], _ value: (Tree, inout [UInt8]) -> Void) {
        switch self {
        case .value(let tree):
            value(tree, &output)
        case .object(_, let members):
            output.append(UInt8(ascii: "{"))
            for (position, member) in members.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                JSONWriter.write(.string(member.key), pretty: false, into: &output)
                output.append(UInt8(ascii: ":"))
                member.part.write(into: &output, value)
            }
            output.append(UInt8(ascii: "}"))
        }
    }
}

extension JSONValue: SlicedTree {
    var isObject: Bool { objectValue != nil }

    var sliceMembers: [SlicedMember<JSONValue>]? {
        objectValue?.members.map { SlicedMember(key: $0.key, name: $0.key, value: $0.value) }
    }

    var shell: JSONValue { isObject ? .object(JSONObject()) : self }

    func forEachReference(_ found: (String) -> Void) {
        switch self {
        case .object(let object):
            for (key, inner) in object {
                if key == "$ref", case .string(let reference) = inner {
                    found(reference)
                } else {
                    inner.forEachReference(found)
                }
            }
        case .array(let items):
            for item in items { item.forEachReference(found) }
        default:
            break
        }
    }

    static func key(_ name: String) -> String { name }

    /// The slice as compact JSON text.
    static func document(_ root: SlicePart<JSONValue>) -> [UInt8] {
        root.json { value, output in JSONWriter.write(value, pretty: false, into: &output) }
    }

    static func decode(_ type: any Decodable.Type, from document: [UInt8]) throws -> any Decodable {
        let decoder = JSONDecoder()
        decoder.userInfo = OpenAPIDocumentReader.skipsExtensions
        return try decoder.decode(type, from: Data(document))
    }
}

extension Node: SlicedTree {
    var isObject: Bool { mapping != nil }

    var sliceMembers: [SlicedMember<Node>]? {
        guard case .mapping(let mapping) = self else { return nil }
        var members: [SlicedMember<Node>] = []
        var names: Set<String> = []
        members.reserveCapacity(mapping.count)
        for (key, value) in mapping {
            // The decoder reads a mapping merged (`<<: *base`) and a
            // repeated key's last value: such a mapping is read whole.
            guard case .scalar(let scalar) = key, key.tag.description != Tag.Name.merge.rawValue,
                names.insert(scalar.string).inserted
            else { return nil }
            members.append(SlicedMember(key: key, name: scalar.string, value: value))
        }
        return members
    }

    var shell: Node {
        guard case .mapping(let mapping) = self else { return self }
        return .mapping(Node.Mapping([], mapping.tag, mapping.style, mapping.mark))
    }

    func forEachReference(_ found: (String) -> Void) {
        switch self {
        case .mapping(let mapping):
            for (key, inner) in mapping {
                if key.scalar?.string == "$ref", case .scalar(let reference) = inner {
                    found(reference.string)
                } else {
                    inner.forEachReference(found)
                }
            }
        case .sequence(let sequence):
            for item in sequence { item.forEachReference(found) }
        case .scalar, .alias:
            break
        }
    }

    static func key(_ name: String) -> Node { Node(name) }

    /// The slice as a node tree; each mapping keeps the tag of the one it
    /// was cut from, whose resolver the decoder's key look-ups use.
    static func document(_ root: SlicePart<Node>) -> Node {
        switch root {
        case .value(let node):
            return node
        case .object(let like, let members):
            let original = like?.mapping
            let pairs = members.map { ($0.key, document($0.part)) }
            return .mapping(Node.Mapping(pairs, original?.tag ?? .implicit, original?.style ?? .any, original?.mark))
        }
    }

    static func decode(_ type: any Decodable.Type, from document: Node) throws -> any Decodable {
        try YAMLDecoder().decode(type, from: document, userInfo: OpenAPIDocumentReader.skipsExtensions)
    }
}
