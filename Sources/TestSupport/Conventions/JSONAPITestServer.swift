import Foundation
import JSON

/// A JSON:API 1.1 service for the convention tests, under `/jsonapi` (an
/// API root below the host): 60 `people` and 75 `articles`, each article
/// with a to-one `author` relationship (its `data` identifier and
/// `links.related`), each person with a to-many `articles` relationship
/// (`links.related` only).
///
/// What it speaks, as the specification says: the root document's `links`
/// name the collections; lists carry `links.first/prev/next/last` and a
/// total in `meta` (`meta.count` for articles, `meta.total` for people);
/// `page[offset]`/`page[limit]` or `page[number]`/`page[size]` (``Paging``;
/// 20 a page unless asked, 50 at most); `filter[field]=value` and
/// `filter[field][op]=value` (`ne lt le gt ge contains`; a relationship's
/// name filters by the related id); `sort=-field,other`; `include=author`
/// adds the authors under `included`; `fields[type]=a,b`. Reads and writes
/// are `application/vnd.api+json`: a write of any other content type is
/// `415`; `POST {data:{type,attributes,relationships}}` answers `201` with
/// `Location`, `PATCH {data:{type,id,attributes}}` `200`, `DELETE` `204`;
/// a wrong `type` or `id` is `409`, a missing required attribute `422`,
/// an unknown sort field, include path or an all-lowercase query parameter
/// the specification does not define `400`, each with an `errors` array.
///
/// A real HTTP server on 127.0.0.1 (``TestHTTPServer``); writes are kept
/// for the server's life. End it with ``stop()``.
public final class JSONAPITestServer: Sendable {
    /// The paging words the server reads.
    public enum Paging: Sendable {
        /// `page[offset]` and `page[limit]`.
        case offset
        /// `page[number]` (from 1) and `page[size]`.
        case number
    }

    public let server: TestHTTPServer
    private let state: JSONAPIState

    /// `http://127.0.0.1:<port>`.
    public var baseURL: URL { server.baseURL }
    /// The API root, `http://127.0.0.1:<port>/jsonapi`.
    public var rootURL: URL { server.baseURL.appendingPathComponent("jsonapi") }

    private init(server: TestHTTPServer, state: JSONAPIState) {
        self.server = server
        self.state = state
    }

    /// Starts the server.
    public static func start(paging: Paging = .offset) async throws -> JSONAPITestServer {
        let state = JSONAPIState(paging: paging)
        let server = try await TestHTTPServer.start { request in await state.answer(request) }
        await state.listen(at: server.baseURL)
        return JSONAPITestServer(server: server, state: state)
    }

    public func stop() async { await server.stop() }

    /// Every request received so far, in order.
    public var requests: [TestHTTPRequest] { get async { await server.requests } }

    /// The attributes of `type`'s resource `id` as held now, or nil.
    public func attributes(of type: String, id: String) async -> JSONObject? {
        await state.resource(type, id)?.attributes
    }

    public static let articleCount = 75
    public static let personCount = 60
    public static let defaultPageSize = 20
    public static let maximumPageSize = 50

    /// The name of person `number` (1…60): `Imani Okafor`, …
    public static func personName(_ number: Int) -> String { JSONAPIData.personName(number) }
    /// The id of the author of article `number`.
    public static func authorID(ofArticle number: Int) -> String { JSONAPIData.authorID(ofArticle: number) }
    /// The title of article `number` as served at the start.
    public static func articleTitle(_ number: Int) -> String {
        JSONAPIData.articles()[number - 1].attributes["title"]?.stringValue ?? ""
    }
    /// The `wordCount` of article `number` as served at the start.
    public static func articleWordCount(_ number: Int) -> Int {
        JSONAPIData.article(number).attributes["wordCount"]?.intValue ?? 0
    }
    /// Whether article `number` is `featured` at the start.
    public static func articleFeatured(_ number: Int) -> Bool {
        JSONAPIData.article(number).attributes["featured"]?.boolValue ?? false
    }
    /// JSON:API's media type.
    public static let mediaType = "application/vnd.api+json"
}
