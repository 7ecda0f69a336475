import Foundation
import JSON
import JSONServerCore

/// A json-server db served over real HTTP on 127.0.0.1, for tests: a
/// ``TestHTTPServer`` whose every request is answered by a
/// `JSONServerEngine` (the same semantics as `trestle serve` and the fake
/// environment, including `ETag` / `304`).
///
/// ```swift
/// let server = try await EngineTestServer.start(file: BuiltProducts.packageRoot
///     .appendingPathComponent("sample-data/db.json"))
/// // … point the app at server.baseURL …
/// let conditional = await server.requests.filter { $0.header("If-None-Match") != nil }
/// await server.stop()
/// ```
public final class EngineTestServer: Sendable {
    /// The underlying HTTP server (request log, port).
    public let http: TestHTTPServer
    /// The engine answering requests; read `database()` to see writes.
    public let engine: JSONServerEngine

    /// `http://127.0.0.1:<port>`.
    public var baseURL: URL { http.baseURL }

    /// `baseURL` as a string without a trailing slash.
    public var baseURLString: String { "http://127.0.0.1:\(http.port)" }

    private init(http: TestHTTPServer, engine: JSONServerEngine) {
        self.http = http
        self.engine = engine
    }

    /// Headers a json-server sends that some servers do not: the total
    /// (`X-Total-Count`) and the page links (`Link`).
    public static let pagingHeaders: Set<String> = ["X-Total-Count", "Link"]

    /// Serves `database` until ``stop()``.
    ///
    /// - Parameter omittingHeaders: response headers left out of every
    ///   answer (case-insensitive), e.g. ``pagingHeaders`` for a server that
    ///   pages but never says how much there is.
    /// - Parameter dialect: which json-server to answer as (v0 or v1).
    public static func start(
        database: JSONDatabase, readOnly: Bool = false, omittingHeaders: Set<String> = [],
        dialect: JSONServerDialect = .v0
    ) async throws -> EngineTestServer {
        let engine = JSONServerEngine(database: database, readOnly: readOnly, dialect: dialect)
        let base = BaseURLBox()
        let omitted = Set(omittingHeaders.map { $0.lowercased() })
        let http = try await TestHTTPServer.start { request in
            let answer = await engine.handle(engineRequest(from: request, baseURL: base.value))
            return TestHTTPResponse(
                status: answer.status,
                headers: answer.headers.filter { !omitted.contains($0.name.lowercased()) }.map { ($0.name, $0.value) },
                body: answer.body)
        }
        base.value = "http://127.0.0.1:\(http.port)"
        return EngineTestServer(http: http, engine: engine)
    }

    /// Serves a json-server db file (for example `sample-data/db.json`).
    public static func start(
        file: URL, readOnly: Bool = false, omittingHeaders: Set<String> = [], dialect: JSONServerDialect = .v0
    ) async throws -> EngineTestServer {
        let data = try Data(contentsOf: file)
        return try await start(
            database: try JSONDatabase(data: data), readOnly: readOnly, omittingHeaders: omittingHeaders,
            dialect: dialect)
    }

    /// Serves a db given as JSON text, e.g. `{"todos": [...]}`.
    public static func start(
        json: String, readOnly: Bool = false, omittingHeaders: Set<String> = [], dialect: JSONServerDialect = .v0
    ) async throws -> EngineTestServer {
        try await start(
            database: try JSONDatabase(data: Data(json.utf8)), readOnly: readOnly, omittingHeaders: omittingHeaders,
            dialect: dialect)
    }

    /// Every request received, in arrival order.
    public var requests: [TestHTTPRequest] {
        get async { await http.requests }
    }

    /// How many requests arrived for `path`.
    public func hitCount(path: String) async -> Int {
        await http.hitCount(path: path)
    }

    /// Stops the server; connections are refused afterwards.
    public func stop() async {
        await http.stop()
    }

    /// Adapts a recorded HTTP request into the engine's request type.
    public static func engineRequest(from request: TestHTTPRequest, baseURL: String) -> EngineRequest {
        var headers: [String: String] = [:]
        for header in request.headers {
            let name = header.name.lowercased()
            if let existing = headers[name] {
                headers[name] = existing + ", " + header.value
            } else {
                headers[name] = header.value
            }
        }
        return EngineRequest(
            method: request.method,
            path: request.path,
            query: request.query.map { QueryItem.parse(Substring($0)) } ?? [],
            headers: headers,
            body: request.body.isEmpty ? nil : request.body,
            baseURL: baseURL)
    }
}
