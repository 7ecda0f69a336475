import Foundation
import JSON
import Logging
import Networking
import Services
import TestSupport
import Testing

/// HAL as Spring Data REST serves it, against a faithful server on 127.0.0.1.
@Suite("HAL convention")
struct HALConventionTests {
    static let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }

    static func network() -> NetworkClient { NetworkClient(client: AsyncHTTPClientTransport(), retry: .never) }

    static func service(_ base: URL) -> LiveAPIService {
        let network = network()
        let store = ResourceStore(network: network, storage: InMemoryStorageService(), namespace: "t", logger: logger)
        return LiveAPIService(baseURL: base, network: network, store: store)
    }

    static func discover(_ server: HALTestServer) async throws -> ConventionDiscovery {
        try #require(
            await ConventionDetector(root: server.apiRoot, network: network(), deadline: .seconds(120)).detect())
    }

    @Test func theRootsLinksNameTheCollectionsWithCountsColumnsAndRelations() async throws {
        let server = try await HALTestServer.start()
        defer { Task { await server.stop() } }
        let found = try await Self.discover(server)
        #expect(found.convention == .hal)
        #expect(found.source == .halLinks)
        #expect(found.resources.map(\.name) == ["authors", "books"])
        #expect(found.counts == ["authors": 25, "books": 45])
        let books = try #require(found.resources.last)
        #expect(books.route?.path == "/books")
        #expect(books.route?.paging == .pages(page: "page", size: "size", first: 0))
        #expect(books.pageSize == HALTestServer.pageSize)
        #expect(books.columns.map(\.field) == ["id", "title", "year"])
        #expect(books.labelField == "title")
        #expect(books.relations == [.parent("author", target: "authors", by: "_links.author.href")])
        #expect(books.route?.nestedRoutes == ["author": "/authors/{}/books"])
        let authors = try #require(found.resources.first)
        #expect(authors.relations == [ResourceDescriptor.Relation("books", .children(foreignKey: "author"))])
        let paths = await server.requests.map(\.path)
        #expect(paths.allSatisfy { !$0.contains("//") && $0 != "/db" && $0 != "/todos" })
        #expect(paths.first == "/api")
    }

    @Test func pagesReachTheLastRecordAndSortWithDirection() async throws {
        let server = try await HALTestServer.start()
        defer { Task { await server.stop() } }
        let books = try #require(try await Self.discover(server).resources.last)
        let api = Self.service(server.apiRoot)
        let last = try await api.records(books, ListQuery(page: 3, limit: 20))
        #expect(last.items.map { $0.recordID() } == (41...45).map(String.init))
        #expect(last.totalCount == 45)
        #expect(await server.requests.last?.query == "page=2&size=20")
        let sorted = try await api.records(
            books, ListQuery(sort: [.init("year", descending: true)], page: 1, limit: 20))
        #expect(sorted.items.first?["title"]?.stringValue == "Book 45")
        #expect(await server.requests.last?.query?.contains("sort=year,desc") == true)
        let all = try await api.records(books, ListQuery())
        #expect(all.items.count == 45)
    }

    @Test func relationsLeadBothWays() async throws {
        let server = try await HALTestServer.start()
        defer { Task { await server.stop() } }
        let found = try await Self.discover(server)
        let authors = try #require(found.resources.first)
        let books = try #require(found.resources.last)
        let api = Self.service(server.apiRoot)
        let book = try await api.record(books, id: "28")
        #expect(book.recordID() == "28")
        // book → author: the link answers one record.
        let link = try #require(book.recordID("_links.author.href"))
        let author = try await api.record(authors, id: link)
        #expect(author["name"]?.stringValue == HALTestServer.authorName(HALTestServer.authorOf(book: 28)))
        #expect(author.recordID() == "3")
        // author → books: `books?author=3` is `/authors/3/books`.
        let written = try await api.records(books, ListQuery(filters: [.init("author", "3")]))
        #expect(written.items.map { $0.recordID() } == ["3", "28"])
        #expect(await server.requests.last?.path == "/api/authors/3/books")
        #expect(await server.requests.allSatisfy { !$0.path.contains("//") })
    }

    @Test func writesGoToTheRecordsOwnURLAsHAL() async throws {
        let server = try await HALTestServer.start()
        defer { Task { await server.stop() } }
        let books = try #require(try await Self.discover(server).resources.last)
        let api = Self.service(server.apiRoot)
        let created = try await api.create(books, ["title": "New", "year": 2025])
        #expect(created.recordID() == "46")
        let changed = try await api.update(books, id: "46", ["title": "Renamed"])
        #expect(changed["title"]?.stringValue == "Renamed")
        let patch = try #require(await server.requests.last)
        #expect("\(patch.method) \(patch.path)" == "PATCH /api/books/46")
        #expect(patch.header("Content-Type") == "application/hal+json")
        try await api.delete(books, id: "46")
        #expect(await server.requests.last.map { "\($0.method) \($0.path)" } == "DELETE /api/books/46")
    }

    @Test func aPageWithoutEmbeddedIsEmptyAndLinksResolve() throws {
        let url = try #require(URL(string: "http://h/api/books?page=9"))
        let body = #"{"_links": {"next": {"href": "/api/books?page=10"}}, "page": {"totalElements": 3}}"#
        let page = try HALConvention().page(
            from: ConventionAnswer(url: url, data: Data(body.utf8)), route: ResourceRoute(path: "/books"))
        #expect(page.records.isEmpty)
        #expect(page.total == 3)
        #expect(page.next?.absoluteString == "http://h/api/books?page=10")
    }
}
