import Foundation
import JSON

/// A small REST service described only by its OpenAPI document, for the
/// OpenAPI tests: a library of authors (slug ids), books (UUID ids) and
/// reviews (integer ids), as a FastAPI service answers it (`/openapi.json`,
/// plain-array authors with limit/offset, a `Page[Book]` envelope with
/// page/size, a `results`/`count` envelope for reviews, nested
/// `/authors/{author_id}/books`) or as a Spring one does (`/openapi.yaml`,
/// a 3.0 YAML document, everything under `/api`, `Page<Book>` as
/// `content`/`totalElements` with 0-based pages, `PUT` only).
///
/// A real HTTP server on 127.0.0.1 (``TestHTTPServer``); writes to books
/// are kept for the server's life. End it with ``stop()``.
public final class LibraryTestServer: Sendable {
    public enum Style: Sendable {
        case fastAPI
        case spring
    }

    public let style: Style
    public let server: TestHTTPServer
    private let state: LibraryState

    public var baseURL: URL { server.baseURL }
    public var port: Int { server.port }

    private init(style: Style, server: TestHTTPServer, state: LibraryState) {
        self.style = style
        self.server = server
        self.state = state
    }

    /// Starts the server; with `token`, `GET /books` answers 401 unless
    /// sent `Authorization: Bearer <token>`; with `operations` (FastAPI
    /// style), its document and routes have `POST /books/{book_id}/checkout`
    /// and `GET /stats` too.
    public static func start(_ style: Style = .fastAPI, token: String? = nil, operations: Bool = false) async throws
        -> LibraryTestServer
    {
        let state = LibraryState(style: style, token: token, operations: operations)
        let server = try await TestHTTPServer.start { request in await state.answer(request) }
        return LibraryTestServer(style: style, server: server, state: state)
    }

    public func stop() async { await server.stop() }

    /// The FastAPI document with the operations of `start(operations: true)`.
    public static var documentWithOperations: String { LibraryOperations.document(LibraryDocuments.fastAPI) }

    /// How many checkouts were asked for (``start(_:token:operations:)``).
    public var checkouts: Int { get async { await state.checkouts } }

    /// Every request received so far.
    public var requests: [TestHTTPRequest] { get async { await server.requests } }

    /// The path of the document it publishes (`/openapi.json`, `/openapi.yaml`).
    public var documentPath: String { style == .fastAPI ? "/openapi.json" : "/openapi.yaml" }

    /// The id of book `number` (1…40).
    public static func bookID(_ number: Int) -> String { LibraryData.bookID(number) }
    /// The authors' slugs, in order.
    public static var authorIDs: [String] { LibraryData.authorNames.map { LibraryData.slug($0.0) } }
    public static let authorCount = LibraryData.authorNames.count
    public static let bookCount = 40
    public static let reviewCount = 12
    /// FastAPI style: `/events`, paged by an opaque cursor, 10 at most a page, no total.
    public static let eventCount = 25
    /// FastAPI style: `/loans`, a plain array paged by `after` and a `Link: rel="next"` header, 5 a page.
    public static let loanCount = 12
    /// The query item (as sent, percent-encoded) that asks for the events after `position`.
    public static func eventCursorItem(after position: Int) -> String {
        "cursor=" + Data("at:\(position)".utf8).base64EncodedString().replacingOccurrences(of: "=", with: "%3D")
    }
}
