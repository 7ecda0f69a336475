import JSON
import Networking

/// A typed DTO of one JSONPlaceholder resource, read from a parsed record
/// (the byte-level parser's output, so large lists skip `JSONDecoder`).
public protocol RecordObject: Sendable {
    /// Reads the record; `path` (`[3]`) names it in errors.
    init(json: JSONValue, path: String) throws(NetworkError)
}
