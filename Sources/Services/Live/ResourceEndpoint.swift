import Foundation
import JSON
import Networking

/// The routes of any collection of a json-server-compatible service
/// (`/users`, `/photos?albumId=3`, `/todos/7`): the only place record URLs
/// are built.
public struct ResourceEndpoint: Endpoint {
    public enum Route: Sendable, Equatable {
        case list(ListQuery)
        /// A list asked with these query items, already in the service's words.
        case listItems([URLQueryItem])
        /// Replace a record (`PUT`), where a service documents no `PATCH`.
        case replace(id: String, JSONObject)
        case one(id: String)
        case create(JSONObject)
        case update(id: String, JSONObject)
        case delete(id: String)
        /// An object resource (`GET /profile`).
        case object
        /// Merge fields into an object resource (`PATCH /profile`).
        case updateObject(JSONObject)
        /// The whole database, where the server has one (`GET /db`, json-server).
        case database
        /// `GET` of a path a convention spelt (`/api/books/3/`, `/Products(5)`)
        /// or of an absolute URL (a self link), used as it is.
        case address(String)
        /// A write a convention spelt (method, path, body, content type).
        case send(ConventionRequest)
    }

    public let baseURL: URL
    public let resource: String
    public let route: Route
    /// The query language of list requests.
    public let dialect: ServerDialect
    /// The fields a server search looks in where the dialect has no `q` (v1).
    public let searchFields: [String]
    /// The media type asked for (`Accept`) and sent: the convention's.
    public let mediaType: String

    public init(
        baseURL: URL, resource: String, route: Route, dialect: ServerDialect = .v0, searchFields: [String] = [],
        mediaType: String = "application/json"
    ) {
        self.baseURL = baseURL
        self.resource = resource
        self.route = route
        self.dialect = dialect
        self.searchFields = searchFields
        self.mediaType = mediaType
    }

    /// Whether `name` is a plain collection name (letters, digits, `-`, `_`).
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty
            && name.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_")
            }
    }

    public var path: String {
        switch route {
        case .list, .listItems, .create, .object, .updateObject: return "/\(resource)"
        case .database: return "/db"
        case .address(let path): return path
        case .send(let request): return request.path
        case .one(let id), .update(let id, _), .delete(let id), .replace(let id, _):
            let escaped = id.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/"])) ?? id
            return "/\(resource)/\(escaped)"
        }
    }

    public var method: HTTPMethod {
        switch route {
        case .list, .listItems, .one, .object, .database, .address: return .get
        case .send(let request): return request.method
        case .replace: return .put
        case .create: return .post
        case .update, .updateObject: return .patch
        case .delete: return .delete
        }
    }

    public var query: [URLQueryItem] {
        switch route {
        case .list(let query): return query.queryItems(for: dialect, searchFields: searchFields)
        case .listItems(let items): return items
        default: return []
        }
    }

    public var body: Data? {
        switch route {
        case .create(let fields), .update(_, let fields), .updateObject(let fields), .replace(_, let fields):
            return JSONWriter.data(.object(fields))
        case .send(let request): return request.body
        default: return nil
        }
    }

    public var headers: [String: String] {
        var headers = ["Accept": mediaType]
        if case .send(let request) = route {
            if body != nil { headers["Content-Type"] = request.contentType ?? "application/json; charset=utf-8" }
            headers.merge(request.headers) { _, given in given }
        } else if body != nil {
            headers["Content-Type"] = "application/json; charset=utf-8"
        }
        return headers
    }

    /// The request, with `path` used as it is: the id in it is escaped
    /// already, which `Endpoint`'s default (appending `path` as a path
    /// component) would escape again (`x%20y` → `x%2520y`).
    /// A convention's path (`.address`, `.send`) is joined to the base URL
    /// by one `/`, or taken whole when it is an absolute URL.
    public func makeRequest() -> Request {
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        let url =
            ConventionPath.url(path, under: baseURL) ?? URL(string: base + path) ?? baseURL.appendingPathComponent(path)
        var result = request(method, url) |> withAcceptJSON |> withQuery(query) |> withTimeout(timeout)
        if let body { result = result |> withJSONBody(body) }
        for field in HTTPHeaders(headers) { result = result |> withHeader(field.name, field.value) }
        return result
    }
}
