/// A `DecodingError` restated as a readable JSON path and a short reason.
///
/// `[3].title` / `expected String, found number`; `address.geo.lat` /
/// `missing`; an empty path with `not valid JSON` for a malformed document.
struct DecodingFailure: Equatable {
    let path: String
    let reason: String

    init(_ error: DecodingError) {
        switch error {
        case .typeMismatch(let type, let context):
            path = Self.path(context.codingPath)
            reason = "expected \(Self.name(of: type))" + Self.found(in: context.debugDescription)
        case .valueNotFound(let type, let context):
            path = Self.path(context.codingPath)
            reason = "expected \(Self.name(of: type)), found null"
        case .keyNotFound(let key, let context):
            path = Self.path(context.codingPath + [key])
            reason = "missing"
        case .dataCorrupted(let context):
            path = Self.path(context.codingPath)
            reason = context.codingPath.isEmpty ? "not valid JSON" : BodyExcerpt.make(from: context.debugDescription)
        @unknown default:
            path = ""
            reason = BodyExcerpt.make(from: "\(error)")
        }
    }

    /// `[3].title`, `address.geo.lat`, `tags[0]`, `["first name"]`.
    static func path(_ codingPath: [any CodingKey]) -> String {
        var result = ""
        for key in codingPath {
            if let index = key.intValue {
                result += "[\(index)]"
            } else if key.stringValue.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
                && !key.stringValue.isEmpty
            {
                result += (result.isEmpty ? "" : ".") + key.stringValue
            } else {
                result += "[\"\(key.stringValue)\"]"
            }
        }
        return result
    }

    /// A JSON-ish name for a Swift type: `String`, `Int`, `array`, `object`.
    static func name(of type: Any.Type) -> String {
        let name = String(describing: type)
        if name.hasPrefix("Array<") || name.hasPrefix("[") && !name.contains(":") { return "array" }
        if name.hasPrefix("Dictionary<") || name.hasPrefix("[") { return "object" }
        return name
    }

    /// ", found number" from Foundation's "… but found number instead.", when present.
    static func found(in description: String) -> String {
        guard let start = description.range(of: "but found ") else { return "" }
        let rest = description[start.upperBound...]
        let end = rest.range(of: " instead")?.lowerBound ?? rest.endIndex
        let what = rest[..<end].trimmingCharacters(in: .whitespaces)
        guard !what.isEmpty, what.count <= 40 else { return "" }
        return ", found \(what)"
    }
}
