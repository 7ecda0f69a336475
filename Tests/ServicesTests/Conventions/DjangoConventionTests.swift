import Foundation
import JSON
import Logging
import Networking
import Services
import TestSupport
import Testing

/// Django REST framework against a faithful server on 127.0.0.1: found from
/// its root, paged, sorted, filtered, records at their trailing-slash URL.
@Suite("Django REST framework convention")
struct DjangoConventionTests {
    static let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }

    static func network() -> NetworkClient { NetworkClient(client: AsyncHTTPClientTransport(), retry: .never) }

    /// Discovery from `root` that waits for the OpenAPI document as long as
    /// it takes: the product gives up after 3 s (then claims no search),
    /// which a machine with two CPU hogs beside the suite can exceed.
    static func detector(_ root: URL) -> ConventionDetector {
        var registry = ConventionRegistry.builtIn
        registry.conventions = registry.conventions.map { convention in
            convention.name == .django ? DjangoConvention(schemaWait: .seconds(120)) : convention
        }
        return ConventionDetector(root: root, network: network(), registry: registry, deadline: .seconds(120))
    }

    static func service(_ base: URL) -> LiveAPIService {
        let network = network()
        let store = ResourceStore(network: network, storage: InMemoryStorageService(), namespace: "t", logger: logger)
        return LiveAPIService(baseURL: base, network: network, store: store)
    }

    @Test func theRootNamesTheCollectionsWithCountsPagingAndRelations() async throws {
        let server = try await DjangoTestServer.start()
        defer { Task { await server.stop() } }
        let found = try #require(
            await Self.detector(server.apiRoot).detect())
        #expect(found.convention == .django)
        #expect(found.source == .djangoRoot)
        #expect(found.resources.map(\.name) == ["publishers", "books"])
        #expect(found.counts == ["publishers": 12, "books": 60])
        let books = try #require(found.resources.last)
        #expect(books.route?.path == "/books/")
        #expect(books.route?.paging == .pages(page: "page", size: "page_size", first: 1))
        #expect(books.pageSize == DjangoTestServer.pageSize)
        // drf-spectacular's document says the books view searches and sorts.
        #expect(books.route?.searchParameter == "search" && books.route?.sortParameter == "ordering")
        #expect(books.labelField == "title")
        #expect(books.relations.contains(.parent("publisher", target: "publishers", by: "publisher")))
        let publishers = try #require(found.resources.first)
        #expect(publishers.relations.contains(ResourceDescriptor.Relation("books", .children(foreignKey: "publisher"))))
        #expect(await server.requests.allSatisfy { !$0.path.contains("//") && $0.path != "/db" && $0.path != "/todos" })
    }

    @Test func aRecordOfATrailingSlashCollectionIsAskedAtItsSlashURL() async throws {
        let server = try await DjangoTestServer.start()
        defer { Task { await server.stop() } }
        // As an OpenAPI document (drf-spectacular) describes it: the path with its slash.
        var route = ResourceRoute(
            path: "/api/publishers/", paging: .pages(page: "page", size: "page_size", first: 1), itemsKey: "results",
            totalKey: "count")
        route.sortParameter = "ordering"
        var publishers = ResourceDescriptor(name: "publishers", columns: [])
        publishers.route = route
        let api = Self.service(server.baseURL)
        let record = try await api.record(publishers, id: "3")
        #expect(record["name"]?.stringValue == DjangoTestServer.publisherName(3))
        #expect(await server.requests.last?.path == "/api/publishers/3/")
        let changed = try await api.update(publishers, id: "3", ["country": "FR"])
        #expect(changed["country"]?.stringValue == "FR")
        #expect(await server.requests.last.map { "\($0.method) \($0.path)" } == "PATCH /api/publishers/3/")
        #expect(await server.requests.allSatisfy { !$0.path.contains("//") })
    }

    @Test func listsPageSortFilterAndSearchInDjangosWords() async throws {
        let server = try await DjangoTestServer.start()
        defer { Task { await server.stop() } }
        let found = try #require(
            await Self.detector(server.apiRoot).detect())
        let books = try #require(found.resources.first { $0.name == "books" })
        let api = Self.service(server.apiRoot)
        let last = try await api.records(books, ListQuery(page: 6, limit: 10))
        #expect(last.items.map { $0.recordID() } == (51...60).map(String.init))
        #expect(last.totalCount == 60)
        var query = ListQuery(
            filters: [.init("year", "1976", .greaterOrEqual), .init("publisher", "2")], page: 1, limit: 10)
        query.sort = [.init("year", descending: true)]
        let filtered = try await api.records(books, query)
        #expect(filtered.items.map { $0["year"]?.intValue } == [2000, 1988, 1976])
        #expect(filtered.items.allSatisfy { $0["publisher"]?.intValue == 2 && ($0["year"]?.intValue ?? 0) >= 1976 })
        let asked = try #require(await server.requests.last?.query)
        #expect(asked.contains("year__gte=1976") && asked.contains("ordering=-year") && asked.contains("page=1"))
        let searched = try await api.records(books, ListQuery(search: "Volume 42"))
        #expect(searched.items.map { $0.recordID() } == ["42"])
        let created = try await api.create(books, ["title": "New", "year": 2024, "publisher": 1])
        #expect(created.recordID() == "61")
        #expect(await server.requests.last.map { "\($0.method) \($0.path)" } == "POST /api/books/")
        try await api.delete(books, id: "61")
        #expect(await server.requests.last.map { "\($0.method) \($0.path)" } == "DELETE /api/books/61/")
        #expect(await server.requests.allSatisfy { !$0.path.contains("//") })
    }

    @Test func limitOffsetPagingIsReadFromTheFirstPagesNextLink() async throws {
        let server = try await DjangoTestServer.start(.limitOffset)
        defer { Task { await server.stop() } }
        let found = try #require(
            await Self.detector(server.apiRoot).detect())
        let books = try #require(found.resources.first { $0.name == "books" })
        #expect(books.route?.paging == .offset(limit: "limit", offset: "offset"))
        let page = try await Self.service(server.apiRoot).records(books, ListQuery(page: 3, limit: 10))
        #expect(page.items.map { $0.recordID() } == (21...30).map(String.init))
    }

    @Test func aPageReadsResultsCountAndTheNextLinkResolved() throws {
        let url = try #require(URL(string: "http://h/api/books/?page=1"))
        let body = #"{"count": 3, "next": "/api/books/?page=2", "previous": null, "results": [{"id": 1}]}"#
        let page = try DjangoConvention().page(
            from: ConventionAnswer(url: url, data: Data(body.utf8)), route: ResourceRoute(path: "/books/"))
        #expect(page.total == 3)
        #expect(page.records.count == 1)
        #expect(page.next?.absoluteString == "http://h/api/books/?page=2")
    }
}
