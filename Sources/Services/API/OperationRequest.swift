import Foundation
import JSON
import Synchronization

/// One run of a ``ServiceOperation``: its path with the templates filled,
/// the query, the extra header fields and the JSON body, as the form gave them.
public struct OperationRequest: Sendable, Hashable {
    /// A name and a value (a query item or a header field).
    public struct Pair: Sendable, Hashable {
        public var name: String
        public var value: String

        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    public var method: String
    /// The path, relative to the base URL, each filled segment percent-encoded (`/books/b00c…/checkout`).
    public var path: String
    public var query: [Pair]
    public var headers: [Pair]
    public var body: JSONValue?

    public init(method: String, path: String, query: [Pair] = [], headers: [Pair] = [], body: JSONValue? = nil) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }

    /// `path` with each `{name}` replaced by its value in `values`,
    /// percent-encoded as one segment; `nil` names the first one missing.
    public static func fill(_ template: String, with values: [String: String]) -> (path: String, missing: String?) {
        var segments: [String] = []
        for segment in template.split(separator: "/", omittingEmptySubsequences: false).map(String.init) {
            guard ServiceOperation.isTemplate(segment) else {
                segments.append(segment)
                continue
            }
            let name = String(segment.dropFirst().dropLast())
            guard let value = values[name], !value.isEmpty else { return (template, name) }
            segments.append(value.addingPercentEncoding(withAllowedCharacters: segmentCharacters) ?? value)
        }
        return (segments.joined(separator: "/"), nil)
    }

    /// What one path segment may hold unencoded.
    private static let segmentCharacters = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#"))
}

/// A service's answer to an operation, whatever its status.
public struct OperationAnswer: Sendable, Hashable {
    public var status: Int
    /// The header fields, as received.
    public var headers: [OperationRequest.Pair]
    public var body: Data
    /// Where the request went (the full URL).
    public var url: String

    public init(status: Int, headers: [OperationRequest.Pair] = [], body: Data = Data(), url: String = "") {
        self.status = status
        self.headers = headers
        self.body = body
        self.url = url
    }
}

/// The operations of the service browsed, filled in when its OpenAPI
/// document has been read (which may be after the screens were made):
/// every screen of the run reads the same shelf.
public final class OperationShelf: Sendable {
    private let held = Mutex(OperationCatalog())
    /// The form values of each operation sent this run, by method and path.
    private let sent = Mutex<[String: [String: String]]>([:])

    public init(_ catalog: OperationCatalog = OperationCatalog()) {
        held.withLock { $0 = catalog }
    }

    /// The operations known now.
    public var catalog: OperationCatalog { held.withLock { $0 } }

    /// Puts the document's operations on the shelf.
    public func put(_ catalog: OperationCatalog) {
        held.withLock { $0 = catalog }
    }

    /// Keeps the form values a request to `method` `path` was sent with,
    /// so the history can fill its form again.
    public func remember(_ values: [String: String], method: String, path: String) {
        sent.withLock { $0[Self.key(method, path)] = values }
    }

    /// The form values the last request to `method` `path` of this run was sent with.
    public func remembered(method: String, path: String) -> [String: String]? {
        sent.withLock { $0[Self.key(method, path)] }
    }

    private static func key(_ method: String, _ path: String) -> String {
        let bare = path.prefix { $0 != "?" }
        return method + " " + (bare.removingPercentEncoding ?? String(bare))
    }
}
