import Foundation
import JSON

/// One operation of a service's OpenAPI document that is not a collection
/// read (`POST /books/{book_id}/checkout`, `GET /stats`): what its form
/// asks for and where each value goes. Plain values, so screens use them
/// without the document's library.
public struct ServiceOperation: Sendable, Hashable, Codable {
    /// `GET`, `POST`, `PUT`, `PATCH`, `DELETE`…
    public var method: String
    /// The path as documented, templates included (`/books/{book_id}/checkout`).
    public var path: String
    /// The document's `operationId`, if it has one.
    public var operationID: String?
    /// The document's summary (or description's first line), if any.
    public var summary: String?
    /// Path, query and header parameters, then the body's fields.
    public var fields: [OperationField]
    /// The body's media type when the operation takes one (`application/json`).
    public var bodyType: String?
    /// Whether the document requires a body.
    public var requiresBody: Bool

    public init(
        method: String, path: String, operationID: String? = nil, summary: String? = nil,
        fields: [OperationField] = [], bodyType: String? = nil, requiresBody: Bool = false
    ) {
        self.method = method
        self.path = path
        self.operationID = operationID
        self.summary = summary
        self.fields = fields
        self.bodyType = bodyType
        self.requiresBody = requiresBody
    }

    /// `POST /books/{book_id}/checkout`.
    public var title: String { "\(method) \(path)" }

    /// Whether sending it may change something (anything but `GET` and `HEAD`).
    public var writes: Bool { method != "GET" && method != "HEAD" }

    /// The path's segments (`books`, `{book_id}`, `checkout`).
    public var segments: [String] { path.split(separator: "/").map(String.init) }

    /// The names of the path's templates, in order (`book_id`).
    public var templates: [String] {
        segments.filter(Self.isTemplate).map { String($0.dropFirst().dropLast()) }
    }

    /// `{book_id}`: a segment filled from a value.
    public static func isTemplate(_ segment: String) -> Bool { segment.hasPrefix("{") && segment.hasSuffix("}") }
}

/// One value an operation takes: a parameter (path, query, header) or a
/// top-level field of its JSON body.
public struct OperationField: Sendable, Hashable, Codable {
    /// Where the value goes.
    public enum Location: String, Sendable, Hashable, Codable {
        case path, query, header, body
        /// The whole body, as JSON text (a body that is no object).
        case wholeBody
    }

    /// What kind of value the document describes.
    public enum Kind: String, Sendable, Hashable, Codable {
        case string, integer, number, boolean, array, object, any
    }

    public var name: String
    public var location: Location
    public var kind: Kind
    public var isRequired: Bool
    /// The values an `enum` allows, as text.
    public var choices: [String]
    /// The documented default, as text (a string without quotes, anything else as JSON).
    public var defaultValue: String?
    /// The document's description of it, for the form's hint line.
    public var hint: String?

    public init(
        name: String, location: Location, kind: Kind = .string, isRequired: Bool = false, choices: [String] = [],
        defaultValue: String? = nil, hint: String? = nil
    ) {
        self.name = name
        self.location = location
        self.kind = kind
        self.isRequired = isRequired
        self.choices = choices
        self.defaultValue = defaultValue
        self.hint = hint
    }
}

/// The operations of a service's document.
public struct OperationCatalog: Sendable, Hashable, Codable {
    public var operations: [ServiceOperation]

    public init(_ operations: [ServiceOperation] = []) {
        self.operations = operations
    }

    public var isEmpty: Bool { operations.isEmpty }

    /// The operations that take one record of the collection at
    /// `collectionPath` (`/books`): their path goes on from
    /// `/books/{template}`. Each comes with the name of that template.
    public func taking(recordOf collectionPath: String) -> [(operation: ServiceOperation, template: String)] {
        let base = collectionPath.split(separator: "/").map(String.init)
        return operations.compactMap { operation in
            let segments = operation.segments
            guard segments.count > base.count, Array(segments.prefix(base.count)) == base,
                ServiceOperation.isTemplate(segments[base.count])
            else { return nil }
            return (operation, String(segments[base.count].dropFirst().dropLast()))
        }
    }

    /// The operations that take no record of any of `collectionPaths`:
    /// what the start screen lists.
    public func serviceWide(collectionPaths: [String]) -> [ServiceOperation] {
        let taken = Set(collectionPaths.flatMap { taking(recordOf: $0).map(\.operation) })
        return operations.filter { !taken.contains($0) }
    }

    /// The operation a request of the history was sent by (`POST`,
    /// `/books/b00c…/checkout?days=7`), and the path values it had.
    public func sent(method: String, path: String) -> (operation: ServiceOperation, values: [String: String])? {
        let parts = path.split(separator: "/").map { String($0).removingPercentEncodingOrSelf }
        var best: (ServiceOperation, [String: String], Int)?
        for operation in operations where operation.method == method {
            let segments = operation.segments
            guard segments.count == parts.count else { continue }
            var values: [String: String] = [:]
            var literal = 0
            var fits = true
            for (segment, part) in zip(segments, parts) {
                if ServiceOperation.isTemplate(segment) {
                    values[String(segment.dropFirst().dropLast())] = part
                } else if segment == part {
                    literal += 1
                } else {
                    fits = false
                    break
                }
            }
            // The most literal segments win (`/books/stats` over `/books/{id}`).
            if fits, literal > (best?.2 ?? -1) { best = (operation, values, literal) }
        }
        return best.map { ($0.0, $0.1) }
    }
}

extension String {
    var removingPercentEncodingOrSelf: String { removingPercentEncoding ?? self }
}
