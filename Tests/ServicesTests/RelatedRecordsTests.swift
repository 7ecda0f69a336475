import Foundation
import JSON
import Logging
import Networking
import Services
import TestSupport
import Testing

/// A parent relation is named from what an answer carried beside its rows
/// (JSON:API `included`, HAL `_embedded`), else by one request for the
/// related record, against a real HTTP server on 127.0.0.1.
@Suite("Related records name relations")
struct RelatedRecordsTests {
    static let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }

    static func service(_ base: URL) -> LiveAPIService {
        let network = NetworkClient(client: AsyncHTTPClientTransport(), retry: .never)
        let store = ResourceStore(network: network, storage: InMemoryStorageService(), namespace: "t", logger: logger)
        return LiveAPIService(baseURL: base, network: network, store: store)
    }

    static func described(_ name: String, _ convention: ConventionName, itemsKey: String?, label: String? = nil)
        -> ResourceDescriptor
    {
        var route = ResourceRoute(path: "/api/\(name)", itemsKey: itemsKey)
        route.convention = convention
        var descriptor = ResourceDescriptor(name: name, labelField: label, columns: [ResourceDescriptor.Column("id")])
        descriptor.route = route
        return descriptor
    }

    static let articlesPage = """
        {"data":[{"type":"articles","id":"1","attributes":{"title":"On links"},
                  "relationships":{"author":{"data":{"type":"people","id":"9"}}}},
                 {"type":"articles","id":"2","attributes":{"title":"On names"},
                  "relationships":{"author":{"data":{"type":"people","id":"10"}}}}],
         "included":[{"type":"people","id":"9","attributes":{"name":"Imani Okafor"}}]}
        """

    static func jsonAPIServer() async throws -> TestHTTPServer {
        try await TestHTTPServer.start { request in
            switch request.path {
            case "/api/articles": .json(articlesPage)
            case "/api/people/10": .json(#"{"data":{"type":"people","id":"10","attributes":{"name":"Tomás Reyes"}}}"#)
            default: .json(#"{"errors":[{"status":"404"}]}"#, status: 404)
            }
        }
    }

    @Test func anIncludedParentIsNamedWithoutARequestAndAnotherByOne() async throws {
        let server = try await Self.jsonAPIServer()
        defer { Task { await server.stop() } }
        let api = Self.service(server.baseURL)
        let articles = Self.described("articles", .jsonAPI, itemsKey: "data")
        let people = Self.described("people", .jsonAPI, itemsKey: "data", label: "name")
        _ = try await api.records(articles, ListQuery())
        let included = try await api.relatedRecord(people, id: "9", from: articles, field: "author")
        #expect(included["name"] == .string("Imani Okafor"))
        #expect(await server.requests.map(\.path) == ["/api/articles"])
        let fetched = try await api.relatedRecord(people, id: "10", from: articles, field: "author")
        #expect(fetched["name"] == .string("Tomás Reyes"))
        #expect(await server.requests.map(\.path) == ["/api/articles", "/api/people/10"])
    }

    @Test func aMissingParentIsAnErrorNotAName() async throws {
        let server = try await Self.jsonAPIServer()
        defer { Task { await server.stop() } }
        let api = Self.service(server.baseURL)
        let articles = Self.described("articles", .jsonAPI, itemsKey: "data")
        let people = Self.described("people", .jsonAPI, itemsKey: "data", label: "name")
        await #expect(throws: ServiceError.self) {
            try await api.relatedRecord(people, id: "11", from: articles, field: "author")
        }
    }

    @Test func aHALRecordsEmbeddedParentIsNamedByItsLink() async throws {
        let server = try await TestHTTPServer.start { request in
            guard request.path == "/api/books/1" else { return .json("{}", status: 404) }
            return .json(
                """
                {"title":"Invisible Cities","_links":{"self":{"href":"/api/books/1"},
                 "author":{"href":"/api/books/1/author"}},
                 "_embedded":{"author":{"name":"Italo Calvino","_links":{"self":{"href":"/api/authors/3"}}}}}
                """)
        }
        defer { Task { await server.stop() } }
        let api = Self.service(server.baseURL)
        let books = Self.described("books", .hal, itemsKey: "_embedded.books")
        let authors = Self.described("authors", .hal, itemsKey: "_embedded.authors", label: "name")
        let book = try await api.record(books, id: "1")
        #expect(book["_embedded"] == nil)
        let link = try #require(book.recordID("_links.author.href"))
        let author = try await api.relatedRecord(authors, id: link, from: books, field: "_links.author.href")
        #expect(author["name"] == .string("Italo Calvino"))
        #expect(author["id"] == .int(3))
        #expect(await server.requests.map(\.path) == ["/api/books/1"])
    }
}

/// OData: an expanded to-one navigation property names the parent its
/// referential constraint points at.
@Suite("OData expansions name relations")
struct ODataRelatedTests {
    @Test func anExpandedCategoryIsKeptByTheForeignKeyDiscoveryFound() async throws {
        let server = try await ODataTestServer.start()
        defer { Task { await server.stop() } }
        let network = NetworkClient(client: AsyncHTTPClientTransport(), retry: .never)
        let found = try #require(
            await ConventionDetector(root: server.rootURL, network: network, deadline: .seconds(120)).detect())
        let products = try #require(found.resources.first { $0.name == "Products" }?.route)
        #expect(products.facts["parent.Category"] == "CategoryID")
        let answer = ConventionAnswer(
            url: try #require(URL(string: "http://h/odata/Products")),
            data: Data(
                #"{"value":[{"ID":1,"Name":"Chai","CategoryID":4,"Category":{"ID":4,"Name":"Beverages"}}]}"#.utf8))
        let page = try ODataConvention().page(from: answer, route: products)
        #expect(page.records.first?["Category"] == nil)
        #expect(page.related[RelatedKey("CategoryID", "4")]?["Name"] == .string("Beverages"))
    }
}
