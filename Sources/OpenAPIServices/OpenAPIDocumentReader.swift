import Foundation
import JSON
import OpenAPIKit
import OpenAPIKit30
import OpenAPIKitCompat
import Yams

/// Reads an OpenAPI document, 3.0 or 3.1, JSON or YAML, into OpenAPIKit's
/// 3.1 model (3.0 documents are converted).
///
/// JSON is checked whole (``JSONText``: the parser's errors, nesting past
/// 512 refused) and read in parts from its text, never held parsed whole
/// (but read whole, `sliced` false, or Swagger 2.0: parsed by `JSONParser`).
/// YAML is parsed once by Yams into a node tree whose alias expansion and
/// nesting are checked (`YAMLLimits`) before anything walks it whole; the
/// decoder, the version probe and the key order all read that one tree.
public enum OpenAPIDocumentReader {
    /// The document in `data`; `source` names it in problems.
    /// Decoded in slices (``DocumentSlices``), merged into one document.
    public static func read(_ data: Data, source: String) throws(OpenAPIProblem) -> OpenAPIKit.OpenAPI.Document {
        var merged: OpenAPIKit.OpenAPI.Document?
        let (whole, _) = try readOrdered(data, source: source) { _ in
            SliceObserver(slice: { part, _ in
                if var document = merged.take() {
                    merge(part, into: &document)
                    merged = document
                } else {
                    merged = part
                }
            })
        }
        guard let document = whole ?? merged else {
            throw OpenAPIProblem(source: source, pointer: "#", reason: "the document holds nothing to read")
        }
        return document
    }

    /// The order of the document's keys as written, and the document
    /// decoded whole — or `nil` when it was decoded in slices
    /// (``DocumentSlices``; unless `sliced` is false), each handed to
    /// `observer` as it is decoded.
    static func readOrdered(
        _ data: Data, source: String, sliced: Bool = true, observer: (KeyOrder) -> SliceObserver
    ) throws(OpenAPIProblem) -> (document: OpenAPIKit.OpenAPI.Document?, order: KeyOrder) {
        let first = data.first { !" \t\r\n".utf8.contains($0) }
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
            return try readJSON(data, source: source, sliced: sliced, observer: observer)
        }
        return try readYAML(data, source: source, sliced: sliced, observer: observer)
    }

    /// A JSON document is checked whole (``JSONText``) but not parsed: its
    /// slices are cut from the text (``SlicedJSONText``), the key order is
    /// read from it where asked (``KeyOrder/init(text:)``), so its parsed
    /// tree is never held whole. Read whole (`sliced` false) or Swagger 2.0,
    /// it is parsed (``readParsedJSON(_:source:sliced:observer:)``).
    private static func readJSON(
        _ data: Data, source: String, sliced: Bool, observer: (KeyOrder) -> SliceObserver
    ) throws(OpenAPIProblem) -> (document: OpenAPIKit.OpenAPI.Document?, order: KeyOrder) {
        guard sliced else { return try readParsedJSON(data, source: source, sliced: sliced, observer: observer) }
        let text: JSONText
        do {
            text = try JSONText(checking: data)
        } catch {
            throw OpenAPIProblem(source: source, pointer: "#", reason: "not JSON (\(oneLine(error)))")
        }
        guard let top = text.members(of: text.root) else {
            throw OpenAPIProblem(source: source, pointer: "#", reason: notADocument("a JSON " + kind(of: text)))
        }
        let openapi = top.first { $0.key == "openapi" }
        if openapi == nil, top.contains(where: { $0.key == "swagger" }) {
            return try readParsedJSON(data, source: source, sliced: sliced, observer: observer)
        }
        let version = openapi.map { versionText(text.value($0.range)) }
        let order = KeyOrder(text: text)
        if version != nil, let slices = DocumentSlices(SlicedJSONText(text: text, range: text.root)) {
            try decodeSliced(
                consume slices, bytes: data.count, source: source, version: version, swagger: nil,
                observer: observer(order))
            return (nil, order)
        }
        let document = try decodeDocument(source: source, version: version, swagger: nil) { type in
            let decoder = JSONDecoder()
            decoder.userInfo = skipsExtensions
            return try decoder.decode(type, from: data)
        }
        return (document, order)
    }

    /// A JSON document parsed whole (``JSONParser``): one read whole
    /// (`sliced` false, the reference the slices are compared with) and a
    /// Swagger 2.0 one, converted from its tree.
    private static func readParsedJSON(
        _ data: Data, source: String, sliced: Bool, observer: (KeyOrder) -> SliceObserver
    ) throws(OpenAPIProblem) -> (document: OpenAPIKit.OpenAPI.Document?, order: KeyOrder) {
        var root: JSONValue
        do {
            root = try JSONParser.parse(data)
        } catch {
            throw OpenAPIProblem(source: source, pointer: "#", reason: "not JSON (\(oneLine(error)))")
        }
        let version: String?
        let swagger: String?
        do {
            guard let object = root.objectValue else {
                throw OpenAPIProblem(source: source, pointer: "#", reason: notADocument("a JSON " + kind(of: root)))
            }
            if let converted = SwaggerConversion.converted(object) {
                return try readJSON(converted, source: source, sliced: sliced, observer: observer)
            }
            version = object["openapi"].map(versionText)
            swagger = object["swagger"].map(versionText)
        }
        let order = KeyOrder(json: root)
        if sliced, version != nil, let slices = DocumentSlices(root) {
            // The slices hold the tree now, and let it go as they are made.
            root = .null
            try decodeSliced(
                consume slices, bytes: data.count, source: source, version: version, swagger: swagger,
                observer: observer(order))
            return (nil, order)
        }
        root = .null
        let document = try decodeDocument(source: source, version: version, swagger: swagger) { type in
            let decoder = JSONDecoder()
            decoder.userInfo = skipsExtensions
            return try decoder.decode(type, from: data)
        }
        return (document, order)
    }

    private static func readYAML(
        _ data: Data, source: String, sliced: Bool, observer: (KeyOrder) -> SliceObserver
    ) throws(OpenAPIProblem) -> (document: OpenAPIKit.OpenAPI.Document?, order: KeyOrder) {
        var checked: Node
        do {
            checked = try YAMLLimits.compose(data)
        } catch let limit as YAMLLimits.Exceeded {
            throw OpenAPIProblem(source: source, pointer: OpenAPIProblem.pointer(limit.path), reason: limit.reason)
        } catch {
            throw OpenAPIProblem(source: source, pointer: "#", reason: "not YAML (\(oneLine(error)))")
        }
        let version: String?
        let swagger: String?
        do {
            guard case .mapping(let mapping) = checked else {
                throw OpenAPIProblem(source: source, pointer: "#", reason: notADocument(kind(of: checked)))
            }
            if let converted = SwaggerConversion.converted(checked) {
                return try readJSON(converted, source: source, sliced: sliced, observer: observer)
            }
            version = mapping["openapi"]?.string
            swagger = mapping["swagger"]?.string
        }
        let order = KeyOrder(yaml: checked)
        if sliced, version != nil, let slices = DocumentSlices(checked) {
            // The slices hold the tree now, and let it go as they are made.
            checked = Node("")
            try decodeSliced(
                consume slices, bytes: data.count, source: source, version: version, swagger: swagger,
                observer: observer(order))
            return (nil, order)
        }
        let document = try decodeDocument(source: source, version: version, swagger: swagger) { type in
            try YAMLDecoder().decode(type, from: checked, userInfo: skipsExtensions)
        }
        return (document, order)
    }

    /// OpenAPIKit decodes an object's vendor extensions by decoding its
    /// whole subtree once more, at every level: a 0.8 MB document took 18 s
    /// (debug) with them and 0.9 s without. The one extension read,
    /// `x-trestle-relation`, comes from the parsed text instead (``KeyOrder``).
    static var skipsExtensions: [CodingUserInfoKey: Any] {
        [OpenAPIKit.VendorExtensionsConfiguration.enabledKey: false]
    }

    /// Decodes the document of the version the text names, with `decode`.
    static func decodeDocument(
        source: String, version: String?, swagger: String?, decode: (any Decodable.Type) throws -> any Decodable
    ) throws(OpenAPIProblem) -> OpenAPIKit.OpenAPI.Document {
        guard let text = version else {
            let reason =
                swagger != nil
                ? "Swagger \(swagger ?? "2.0") is not supported; OpenAPI 3.0 or 3.1 is"
                : "no `openapi` version: not an OpenAPI document"
            throw OpenAPIProblem(source: source, pointer: "#", reason: reason)
        }
        do {
            if text.hasPrefix("3.0"),
                let old = try decode(OpenAPIKit30.OpenAPI.Document.self) as? OpenAPIKit30.OpenAPI.Document
            {
                return old.convert(to: .v3_1_1)
            }
            if text.hasPrefix("3."),
                let new = try decode(OpenAPIKit.OpenAPI.Document.self) as? OpenAPIKit.OpenAPI.Document
            {
                return new
            }
        } catch {
            let problem = OpenAPIKit.OpenAPI.Error(from: error)
            let path = problem.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
            throw OpenAPIProblem(
                source: source, pointer: OpenAPIProblem.pointer(path), reason: oneLine(problem.localizedDescription))
        }
        throw OpenAPIProblem(source: source, pointer: "#/openapi", reason: "version \(text) is not 3.0 or 3.1")
    }

    /// `3.1.0` as written, whether a string or (unquoted in JSON) a number.
    private static func versionText(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): text
        case .int(let number): String(number)
        case .double(let number): String(number)
        default: "\(value)"
        }
    }

    /// What the top-level value of `text` is when it is no object, in words.
    private static func kind(of text: JSONText) -> String {
        switch text.data[text.data.startIndex + text.root.lowerBound] {
        case UInt8(ascii: "["): "array"
        case UInt8(ascii: "\""): "string"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): "boolean"
        case UInt8(ascii: "n"): "null"
        default: "number"
        }
    }

    /// What a top-level value that is no object is, in words.
    private static func kind(of value: JSONValue) -> String {
        switch value {
        case .array: "array"
        case .string: "string"
        case .int, .double: "number"
        case .bool: "boolean"
        case .null: "null"
        case .object: "object"
        }
    }

    private static func kind(of node: Node) -> String {
        switch node {
        case .sequence: "a YAML list"
        case .scalar(let scalar) where scalar.string.isEmpty: "empty"
        default: "plain text (a YAML scalar)"
        }
    }

    /// `a JSON array` → the reason that says what was expected instead.
    private static func notADocument(_ what: String) -> String {
        "\(what), not an OpenAPI document (an object with `openapi`)"
    }

    private static func oneLine(_ error: any Error) -> String { oneLine("\(error)") }

    private static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .joined(separator: " ")
    }
}
