import Foundation
import JSON

/// A value of a JSON document by where it lies in the text (``JSONText``):
/// what ``DocumentSlices`` cuts a JSON document into without parsing it
/// whole. An object is read one level at a time when it is cut (the root,
/// `paths`, `components` and each kind of component); a path or a
/// component is parsed only to find its `$ref`s, and a slice copies its
/// text as written. So a 26 MB document's first read holds its text and a
/// few offsets per path and component, never its parsed tree.
struct SlicedJSONText: SlicedTree {
    let text: JSONText
    /// Where the value lies; `nil` for an object with no members (a ``shell``).
    let range: Range<Int>?

    var isObject: Bool { range.map(text.isObject) ?? true }

    var sliceMembers: [SlicedMember<SlicedJSONText>]? {
        guard let range else { return [] }
        return text.members(of: range)?.map {
            SlicedMember(key: $0.key, name: $0.key, value: SlicedJSONText(text: text, range: $0.range))
        }
    }

    var shell: SlicedJSONText { isObject ? SlicedJSONText(text: text, range: nil) : self }

    func forEachReference(_ found: (String) -> Void) {
        // Parsed only when it may hold a `$ref` (written as is or escaped).
        guard let range, text.contains("$ref", in: range) || text.contains("\\u", in: range) else { return }
        text.value(range).forEachReference(found)
    }

    static func key(_ name: String) -> String { name }

    /// The slice as JSON text: its values as the document writes them.
    static func document(_ root: SlicePart<SlicedJSONText>) -> [UInt8] {
        root.json { value, output in
            if let range = value.range {
                value.text.append(range, to: &output)
            } else {
                output.append(contentsOf: "{}".utf8)
            }
        }
    }

    static func decode(_ type: any Decodable.Type, from document: [UInt8]) throws -> any Decodable {
        try JSONValue.decode(type, from: document)
    }
}
