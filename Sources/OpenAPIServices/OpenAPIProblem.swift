/// Why an OpenAPI document could not be used, in one line that names the
/// place in the document as a JSON pointer (`#/paths/~1books/get/responses/200`).
public struct OpenAPIProblem: Error, CustomStringConvertible, Equatable, Sendable {
    /// Where the document came from (`http://…/openapi.json`, `api.yaml`).
    public var source: String
    /// The place in the document (`#/components/schemas/Book`), `#` for the whole.
    public var pointer: String
    public var reason: String

    public init(source: String, pointer: String, reason: String) {
        self.source = source
        self.pointer = pointer
        self.reason = reason
    }

    public var description: String {
        "OpenAPI document \(source) at \(pointer): \(reason)"
    }

    /// The JSON pointer of `components` (`["paths", "/books", "get"]` →
    /// `#/paths/~1books/get`): `~` is written `~0` and `/` is written `~1`.
    public static func pointer(_ components: [String]) -> String {
        let escaped = components.map {
            $0.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
        }
        return (["#"] + escaped).joined(separator: "/")
    }
}
