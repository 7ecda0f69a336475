import Foundation
import JSON

/// The engine's answer: status, ordered headers and body bytes.
public struct EngineResponse: Sendable {
    /// The HTTP status code.
    public var status: Int
    /// Header fields in the order they should be sent.
    public var headers: [HeaderField]
    /// The body (empty for 304).
    public var body: Data
    /// Set when the data file could not be read for this answer (a record
    /// or the whole file does not parse): one line naming the file and the
    /// position, for an in-process client to show as it is.
    public var dataFileProblem: String?

    /// Creates a response.
    public init(status: Int, headers: [HeaderField] = [], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The first header with this name (case-insensitive).
    public func header(_ name: String) -> String? {
        let lowered = name.lowercased()
        return headers.first { $0.name.lowercased() == lowered }?.value
    }

    /// The body parsed as JSON, or `nil` when it is empty or not JSON.
    public var json: JSONValue? {
        try? JSONParser.parse(body)
    }

    /// The JSON content type json-server sends.
    public static let jsonContentType = "application/json; charset=utf-8"

    /// A JSON response from already-serialised bytes.
    static func json(status: Int, bytes: [UInt8], headers: [HeaderField] = []) -> EngineResponse {
        EngineResponse(
            status: status,
            headers: [HeaderField(name: "Content-Type", value: jsonContentType)] + headers,
            body: Data(bytes))
    }

    /// A JSON response serialising `value` pretty, as json-server does.
    static func json(status: Int, _ value: JSONValue, headers: [HeaderField] = []) -> EngineResponse {
        json(status: status, bytes: JSONWriter.bytes(value, pretty: true), headers: headers)
    }

    /// `500` with `{"error": message}`, marked as a ``dataFileProblem``.
    static func dataFileProblem(_ message: String) -> EngineResponse {
        var response = error(status: 500, message)
        response.dataFileProblem = message
        return response
    }

    /// `{"error": message}` with the given status.
    public static func error(status: Int, _ message: String) -> EngineResponse {
        json(status: status, .object(["error": .string(message)]))
    }
}
