import Foundation
import JSON

/// The synchronous core of the json-server engine: routes one request
/// against an in-memory database and returns the answer.
///
/// A value type so tests and the fake API service can use it directly;
/// ``JSONServerEngine`` wraps it in an actor for concurrent callers. It keeps
/// each collection item's pretty JSON bytes once serialised, so a page of a
/// list costs a copy of those bytes rather than a re-serialisation.
public struct JSONServerRouter: Sendable {
    /// The current data, including the effect of writes.
    public internal(set) var database: JSONDatabase
    /// When `true`, writes answer 405.
    public let readOnly: Bool
    /// Which json-server's routes and queries to answer with.
    public let dialect: JSONServerDialect
    /// Serialised items (pretty, at list indentation) per collection, filled lazily.
    var itemCache: [String: [[UInt8]?]] = [:]
    /// Recent GET answers, emptied by every successful write.
    var answerCache = AnswerCache()
    /// Flat search text per collection (built by the first `q=` on it),
    /// dropped by every successful write.
    var searchIndexes: [String: SearchIndex] = [:]
    /// Columns per collection for sorts and filters (built by the first
    /// that needs them), dropped by every successful write.
    var columnIndexes: [String: OutlineIndex] = [:]
    /// The resources the OpenAPI document describes (their schemas inferred
    /// from every record), when worked out ahead of the request (see
    /// ``LockedJSONServer/prepare(for:)``); dropped by every successful write.
    var describedResources: [DescribedResource]?
    /// Whether sorts and filters may be answered from columns (tests turn
    /// it off to compare with the plain engine).
    var answersFromColumns = true
    /// Counts successful writes, so an index built from older items is not installed.
    private(set) var writeGeneration: UInt64 = 0
    /// The last collection listed without a search index (one to build ahead of its first search).
    var unindexedListing: String?

    /// Creates a router over `database`; in the v1 dialect ids become strings.
    public init(database: JSONDatabase, readOnly: Bool = false, dialect: JSONServerDialect = .v0) {
        self.database = dialect == .v1 ? Self.stringIDs(database) : database
        self.readOnly = readOnly
        self.dialect = dialect
    }

    /// Answers one request (json-server v0 or v1 semantics, by `dialect`).
    public mutating func handle(_ request: EngineRequest) -> EngineResponse {
        let isHead = request.method == "HEAD"
        let method = isHead ? "GET" : request.method
        if method == "OPTIONS" {
            return EngineResponse(
                status: 204,
                headers: [
                    HeaderField(name: "Access-Control-Allow-Methods", value: "GET,HEAD,PUT,PATCH,POST,DELETE")
                ])
        }
        let isWrite = ["POST", "PUT", "PATCH", "DELETE"].contains(method)
        if readOnly && isWrite {
            var response = EngineResponse.error(status: 405, "This server is read-only")
            response.headers.append(HeaderField(name: "Allow", value: "GET, HEAD, OPTIONS"))
            return response
        }
        let segments = request.path.split(separator: "/").map(JSONServerRouter.decodePathSegment)
        guard method == "GET" else {
            let response = route(method: method, segments: segments, request: request)
            if isWrite && response.status < 400 {
                answerCache.removeAll()
                searchIndexes.removeAll()
                columnIndexes.removeAll()
                describedResources = nil
                writeGeneration &+= 1
            }
            return response
        }
        return Self.sent(cachedGET(segments: segments, request: request), for: request)
    }

    /// A GET (or HEAD) answer as it is sent: `304` when `If-None-Match`
    /// matches its `ETag`, no body for HEAD.
    static func sent(_ response: EngineResponse, for request: EngineRequest) -> EngineResponse {
        if response.status == 200, let etag = response.header("ETag"),
            let ifNoneMatch = request.header("if-none-match"),
            ETag.matches(ifNoneMatch: ifNoneMatch, etag: etag)
        {
            return EngineResponse(status: 304, headers: [HeaderField(name: "ETag", value: etag)])
        }
        var response = response
        if request.method == "HEAD" { response.body = Data() }
        return response
    }

    /// A routed GET answer with its `ETag` (only a `200` gets one).
    static func tagged(_ response: EngineResponse) -> EngineResponse {
        guard response.status == 200 else { return response }
        var response = response
        response.headers.append(HeaderField(name: "ETag", value: ETag.weak(for: response.body)))
        return response
    }

    /// A GET answer with its `ETag`, from the answer cache when the same
    /// request was answered since the last write. Writes empty the cache, so
    /// a cached answer is always what routing would produce now.
    private mutating func cachedGET(segments: [String], request: EngineRequest) -> EngineResponse {
        var key = request.baseURL + " " + request.path + "?"
        for item in request.query { key += item.name + "=" + item.value + "&" }
        if let cached = answerCache.answers[key] { return cached }
        let response = Self.tagged(route(method: "GET", segments: segments, request: request))
        guard response.status == 200 else { return response }
        answerCache.store(response, for: key)
        return response
    }

    private mutating func route(method: String, segments: [String], request: EngineRequest) -> EngineResponse {
        if Self.isOpenAPIDocument(segments) { return openAPIDocument(method: method, request: request) }
        if dialect == .v1 { return routeV1(method: method, segments: segments, request: request) }
        switch segments.count {
        case 1 where segments[0] == "db" && database.collections["db"] == nil && database.singulars["db"] == nil:
            return method == "GET" ? .json(status: 200, database.root) : .notFound
        case 1:
            let name = segments[0]
            if database.singulars[name] != nil { return singular(method: method, name: name, request: request) }
            guard database.collections[name] != nil else { return .notFound }
            switch method {
            case "GET": return list(name, request: request)
            case "POST": return create(name, request: request)
            default: return .notFound
            }
        case 2:
            let (name, id) = (segments[0], segments[1])
            guard database.collections[name] != nil else { return .notFound }
            switch method {
            case "GET": return show(name, id: id, request: request)
            case "PUT", "PATCH": return update(name, id: id, merge: method == "PATCH", request: request)
            case "DELETE": return destroy(name, id: id)
            default: return .notFound
            }
        case 3:
            // `/:parent/:id/:resource` is `/:resource?<singular(parent)>Id=:id`.
            let (parent, id, name) = (segments[0], segments[1], segments[2])
            guard database.collections[name] != nil else { return .notFound }
            let link = QueryItem(name: Inflector.foreignKey(forParent: parent), value: id)
            switch method {
            case "GET": return list(name, request: request, extraFilter: link)
            case "POST": return create(name, request: request, setting: link)
            default: return .notFound
            }
        default:
            return .notFound
        }
    }

    /// Percent-decodes one path segment (`+` stays a plus sign in paths).
    static func decodePathSegment(_ segment: Substring) -> String {
        guard segment.contains("%") else { return String(segment) }
        return segment.removingPercentEncoding ?? String(segment)
    }

    /// The index of the item whose `field` (its collection's id field,
    /// ``JSONDatabase/idField(of:)``) reads as `id` (`1` matches `"1"` and `1`).
    func index(of id: String, in items: [JSONValue], field: String = "id") -> Int? {
        let number = Int(id).flatMap { String($0) == id ? $0 : nil }
        return items.firstIndex { item in
            guard let value = item[field] else { return false }
            if let number, case .int(let stored) = value { return stored == number }
            return !value.isNull && value.scriptString == id
        }
    }
}

extension EngineResponse {
    /// json-server's `404` answer: an empty object.
    static var notFound: EngineResponse { .json(status: 404, bytes: Array("{}".utf8)) }
}
