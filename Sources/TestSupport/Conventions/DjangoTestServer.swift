import Foundation
import JSON

/// A faithful Django REST framework service under `/api/`, for the
/// convention tests: DefaultRouter's API root (`{"publishers": "http://…/api/publishers/", …}`),
/// `PageNumberPagination` (`{count, next, previous, results}`, 10 a page,
/// `page_size` up to 100) or `LimitOffsetPagination` (``Paging/limitOffset``),
/// `ordering=-x,y`, `search=`, django-filter (`publisher=3`, `year__gte=`,
/// `title__icontains=`), records only at their trailing-slash URL
/// (`/api/books/3/`; `/api/books/3` and anything with `//` are 404), writes
/// kept for the server's life (a body that is not `application/json` is
/// `415`, a new book without `title` or publisher without `name` `400`, in DRF's words). 12 publishers, 60 books (`publisher`: the id).
/// drf-spectacular's document is at `/api/schema/` (``DjangoSchemaDocument``).
///
/// A real HTTP server on 127.0.0.1; every request is in ``requests``. End it with ``stop()``.
public final class DjangoTestServer: Sendable {
    public enum Paging: Sendable {
        case pageNumber
        case limitOffset
    }

    public let server: TestHTTPServer
    private let state: DjangoState

    public var baseURL: URL { server.baseURL }
    /// The API root, `http://127.0.0.1:PORT/api/`.
    public var apiRoot: URL { server.baseURL.appendingPathComponent("api/") }

    private init(server: TestHTTPServer, state: DjangoState) {
        self.server = server
        self.state = state
    }

    public static func start(_ paging: Paging = .pageNumber) async throws -> DjangoTestServer {
        let state = DjangoState(paging: paging)
        let server = try await TestHTTPServer.start { request in await state.answer(request) }
        await state.setOrigin("http://127.0.0.1:\(server.port)")
        return DjangoTestServer(server: server, state: state)
    }

    public func stop() async { await server.stop() }

    /// Every request received so far.
    public var requests: [TestHTTPRequest] { get async { await server.requests } }

    /// Record `id` of `collection` as held now, or nil.
    public func record(_ collection: String, id: Int) async -> JSONObject? { await state.record(collection, id: id) }

    public static let publisherCount = 12
    public static let bookCount = 60
    public static let pageSize = 10
    /// The name of publisher `id` (1…12).
    public static func publisherName(_ id: Int) -> String { DjangoState.publisherNames[(id - 1) % 12] }
}
