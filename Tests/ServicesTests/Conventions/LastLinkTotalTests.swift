import Foundation
import JSON
import Logging
import Networking
import Services
import TestSupport
import Testing

/// RFC 8288 `Link: <…>; rel="last"` on any convention: where a page answer
/// has no total, the last page's number (or offset) gives one, and the
/// last page itself gives the exact total.
@Suite("Link rel=last totals")
struct LastLinkTotalTests {
    static let pages = ResourceRoute.Paging.pages(page: "page", size: "per_page", first: 1)
    static let offsets = ResourceRoute.Paging.offset(limit: "limit", offset: "offset")

    static func url(_ text: String) throws -> URL { try #require(URL(string: "http://127.0.0.1:9/api/items" + text)) }

    @Test func theLinkHeaderKeepsLastBesideNext() throws {
        let base = try Self.url("?page=2&per_page=20")
        let links = PageInfo.parseLinks(
            #"<http://127.0.0.1:9/api/items?page=3&per_page=20>; rel="next", </api/items?page=9&per_page=20>; rel=last"#,
            baseURL: base)
        #expect(links["next"] == (try Self.url("?page=3&per_page=20")))
        #expect(links["last"] == (try Self.url("?page=9&per_page=20")))
    }

    @Test func aLastPageNumberGivesTheTotalAndTheLastPageTheExactOne() throws {
        let first = Self.pages.total(
            asked: try Self.url("?page=1&per_page=20"), count: 20, next: try Self.url("?page=2&per_page=20"),
            last: try Self.url("?page=9&per_page=20"), linked: true)
        #expect(first == 180)
        let lastAsked = Self.pages.total(
            asked: try Self.url("?page=9&per_page=20"), count: 7, next: nil, last: try Self.url("?page=9&per_page=20"),
            linked: true)
        #expect(lastAsked == 167)
        // GitHub's last page has `prev` and `first` only.
        let noLast = Self.pages.total(
            asked: try Self.url("?page=9&per_page=20"), count: 7, next: nil, last: nil, linked: true)
        #expect(noLast == 167)
        // Without a size in the links, the first page's (full, a next follows) count is the size.
        let sized = Self.pages.total(
            asked: try Self.url(""), count: 30, next: try Self.url("?page=2"), last: try Self.url("?page=4"),
            linked: true)
        #expect(sized == 120)
        // Spring counts pages from 0.
        let zero = ResourceRoute.Paging.pages(page: "page", size: "size", first: 0).total(
            asked: try Self.url("?page=0&size=20"), count: 20, next: try Self.url("?page=1&size=20"),
            last: try Self.url("?page=2&size=20"), linked: true)
        #expect(zero == 60)
    }

    @Test func aLastOffsetGivesTheTotal() throws {
        let first = Self.offsets.total(
            asked: try Self.url("?limit=25&offset=0"), count: 25, next: try Self.url("?limit=25&offset=25"),
            last: try Self.url("?limit=25&offset=75"), linked: true)
        #expect(first == 100)
        let last = Self.offsets.total(
            asked: try Self.url("?limit=25&offset=75"), count: 12, next: nil, last: try Self.url("?limit=25&offset=75"),
            linked: true)
        #expect(last == 87)
    }

    @Test func noLinksOrCursorsSayNothing() throws {
        #expect(
            Self.pages.total(asked: try Self.url("?page=2"), count: 20, next: nil, last: nil, linked: false) == nil)
        #expect(
            ResourceRoute.Paging.cursor(parameter: "after", size: nil, next: "Link").total(
                asked: try Self.url(""), count: 20, next: try Self.url("?after=x"), last: try Self.url("?after=z"),
                linked: true) == nil)
        #expect(
            Self.pages.total(
                asked: try Self.url("?page=1"), count: 20, next: try Self.url("?page=2"),
                last: try Self.url("?page=last"), linked: true) == nil)
    }

    /// A real server that pages by `page`/`per_page` and says its pages only in
    /// `Link` (no `X-Total-Count`): the listing's total comes from `last`.
    @Test func aServiceWithOnlyLinkHeadersGetsATotalFromLast() async throws {
        let items = 987
        let server = try await TestHTTPServer.start { request in
            let query = URLComponents(string: "?" + (request.query ?? ""))?.queryItems ?? []
            let page = query.first { $0.name == "page" }?.value.flatMap { Int($0) } ?? 1
            let size = query.first { $0.name == "per_page" }?.value.flatMap { Int($0) } ?? 20
            let last = (items + size - 1) / size
            let start = (page - 1) * size
            let rows = (start..<min(items, start + size)).map { #"{"id":\#($0 + 1),"name":"item \#($0 + 1)"}"# }
            var links = [#"</api/items?page=1&per_page=\#(size)>; rel="first""#]
            if page > 1 { links.append(#"</api/items?page=\#(page - 1)&per_page=\#(size)>; rel="prev""#) }
            if page < last {
                links.append(#"</api/items?page=\#(page + 1)&per_page=\#(size)>; rel="next""#)
                links.append(#"</api/items?page=\#(last)&per_page=\#(size)>; rel="last""#)
            }
            return .json("[" + rows.joined(separator: ",") + "]", headers: [("Link", links.joined(separator: ", "))])
        }
        defer { Task { await server.stop() } }
        let network = NetworkClient(client: AsyncHTTPClientTransport(), retry: .never)
        let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
        let store = ResourceStore(network: network, storage: InMemoryStorageService(), namespace: "t", logger: logger)
        let api = LiveAPIService(baseURL: server.baseURL, network: network, store: store)
        var collection = ResourceDescriptor(name: "items", columns: [.init("id"), .init("name")], pageSize: 20)
        collection.route = ResourceRoute(path: "/api/items", paging: Self.pages)
        let first = try await api.records(collection, ListQuery(page: 1, limit: 20))
        #expect(first.items.count == 20)
        #expect(first.totalCount == 1000, "page 50 of 20 each, before the last page is seen")
        let last = try await api.records(collection, ListQuery(page: 50, limit: 20))
        #expect(last.items.count == 7)
        #expect(last.totalCount == items, "the last page (prev, no next) says the exact total")
    }
}
