import Foundation

/// A transport-neutral answer the conformance checker reads.
public struct ConformanceResponse: Sendable {
    public var status: Int
    /// Headers by lower-cased name.
    public var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String], body: Data) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { a, _ in a })
        self.body = body
    }
}
