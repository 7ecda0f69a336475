import Foundation
import JSON

/// A faithful Spring Data REST (HAL) service under `/api`, for the
/// convention tests: the root's templated `_links`, pages as
/// `_embedded.<rel>` with `page.{size,totalElements,totalPages,number}` and
/// `_links.first/prev/self/next/last` (0-based `page`, `size` default 20),
/// `sort=field,desc` (repeatable), records whose id is only in
/// `_links.self`, `/api/books/1/author` (a record) and
/// `/api/authors/3/books` (a collection), `application/hal+json`, writes
/// kept for the server's life (a body neither `application/json` nor
/// `application/*+json` is `415`, as Spring's converters refuse it). 25 authors, 45 books (book n by author (n-1)%25+1).
///
/// A real HTTP server on 127.0.0.1; every request is in ``requests``. End it with ``stop()``.
public final class HALTestServer: Sendable {
    public let server: TestHTTPServer
    private let state: HALState

    public var baseURL: URL { server.baseURL }
    /// The API root, `http://127.0.0.1:PORT/api`.
    public var apiRoot: URL { server.baseURL.appendingPathComponent("api") }

    private init(server: TestHTTPServer, state: HALState) {
        self.server = server
        self.state = state
    }

    public static func start() async throws -> HALTestServer {
        let state = HALState()
        let server = try await TestHTTPServer.start { request in await state.answer(request) }
        await state.setOrigin("http://127.0.0.1:\(server.port)")
        return HALTestServer(server: server, state: state)
    }

    public func stop() async { await server.stop() }

    /// Every request received so far.
    public var requests: [TestHTTPRequest] { get async { await server.requests } }

    /// The fields of record `id` of `collection` as held now (`authorId`
    /// included, no `_links`), or nil.
    public func record(_ collection: String, id: Int) async -> JSONObject? { await state.record(collection, id: id) }

    public static let authorCount = 25
    public static let bookCount = 45
    public static let pageSize = 20
    /// The name of author `id` (1…25).
    public static func authorName(_ id: Int) -> String { HALState.authorNames[(id - 1) % 25] }
    /// The author of book `number`.
    public static func authorOf(book number: Int) -> Int { (number - 1) % 25 + 1 }
}
