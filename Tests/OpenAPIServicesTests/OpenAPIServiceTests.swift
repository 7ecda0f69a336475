import Foundation
import JSON
import Logging
import Networking
import OpenAPIServices
import Services
import TestSupport
import Testing

/// The live service over a real FastAPI-like and Spring-like server on
/// 127.0.0.1, with descriptors read from the documents the servers publish.
@Suite("OpenAPI-described services over real HTTP")
struct OpenAPIServiceTests {
    static let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }

    struct Client {
        var api: LiveAPIService
        var discovery: OpenAPIDiscovery
        var catalog: ResourceCatalog
    }

    static func client(_ server: LibraryTestServer, storage: any StorageService = InMemoryStorageService())
        async throws -> Client
    {
        let network = NetworkClient(client: AsyncHTTPClientTransport(), retry: .never)
        let store = ResourceStore(
            network: network, storage: storage, namespace: "test|\(server.baseURL.absoluteString)", logger: logger)
        let api = LiveAPIService(baseURL: server.baseURL, network: network, store: store)
        let discovery = OpenAPIDiscovery(
            fetcher: DocumentFetcher(baseURL: server.baseURL, store: store))
        guard case .found(let description) = await discovery.discover().outcome else {
            throw OpenAPIProblem(source: "test", pointer: "#", reason: "no document discovered")
        }
        return Client(api: api, discovery: discovery, catalog: description.catalog)
    }

    @Test func discoveryFindsTheDocumentAndCountsEveryCollection() async throws {
        let server = try await LibraryTestServer.start()
        defer { Task { await server.stop() } }
        let client = try await Self.client(server)
        #expect(client.catalog.source == "openapi.json")
        let api = client.api
        #expect(try await api.count(#require(client.catalog["books"]), ListQuery()) == LibraryTestServer.bookCount)
        #expect(try await api.count(#require(client.catalog["reviews"]), ListQuery()) == LibraryTestServer.reviewCount)
        // Authors say no total: counted page by page (10, 10, 3).
        #expect(try await api.count(#require(client.catalog["authors"]), ListQuery()) == LibraryTestServer.authorCount)
    }

    @Test func pagesAreAskedInTheDocumentsWords() async throws {
        let server = try await LibraryTestServer.start()
        defer { Task { await server.stop() } }
        let client = try await Self.client(server)
        let books = try #require(client.catalog["books"])
        let second = try await client.api.records(books, ListQuery(page: 2, limit: books.pageSize))
        #expect(second.items.count == 15)
        #expect(second.totalCount == 40)
        #expect(second.items.first?.recordID() == LibraryTestServer.bookID(16))
        let authors = try #require(client.catalog["authors"])
        let third = try await client.api.records(authors, ListQuery(page: 3, limit: authors.pageSize))
        #expect(third.items.count == 3)
        let queries = await server.requests.compactMap(\.query)
        #expect(queries.contains("page=2&size=15"))
        #expect(queries.contains("limit=10&offset=20"))
    }

    @Test func aCursorPagedCollectionIsReadByFollowingTheNextCursor() async throws {
        let server = try await LibraryTestServer.start()
        defer { Task { await server.stop() } }
        let client = try await Self.client(server)
        let events = try #require(client.catalog["events"])
        let first = try await client.api.records(events, ListQuery(page: 1, limit: events.pageSize))
        #expect(first.items.map { $0.recordID() } == (1...10).map { String(format: "evt-%02d", $0) })
        #expect(first.totalCount == nil)
        // Page 3 follows the cursors of pages 1 and 2 (page 1 read once).
        let third = try await client.api.records(events, ListQuery(page: 3, limit: events.pageSize))
        #expect(third.items.map { $0.recordID() } == (21...25).map { String(format: "evt-%02d", $0) })
        let beyond = try await client.api.records(events, ListQuery(page: 4, limit: events.pageSize))
        #expect(beyond.items.isEmpty)
        let queries = await server.requests.filter { $0.path == "/events" }.map { $0.query ?? "" }
        #expect(queries.filter { $0 == "limit=10" }.count == 1, "\(queries)")
        #expect(
            queries.contains(
                "limit=10&\(LibraryTestServer.eventCursorItem(after: 10))"
            ), "\(queries)")
        #expect(
            queries.contains(
                "limit=10&\(LibraryTestServer.eventCursorItem(after: 20))"
            ), "\(queries)")
        // Every record, and the count, page after page.
        let all = try await client.api.records(events, ListQuery())
        #expect(all.items.count == LibraryTestServer.eventCount)
        #expect(try await client.api.count(events, ListQuery()) == LibraryTestServer.eventCount)
    }

    @Test func aCollectionWhoseNextPageIsInTheLinkHeaderIsReadByFollowingIt() async throws {
        let server = try await LibraryTestServer.start()
        defer { Task { await server.stop() } }
        let client = try await Self.client(server)
        let loans = try #require(client.catalog["loans"])
        #expect(loans.route?.paging == .cursor(parameter: "after", size: "limit", next: ResourceRoute.linkHeader))
        #expect(loans.pageSize == 5)
        let second = try await client.api.records(loans, ListQuery(page: 2, limit: loans.pageSize))
        #expect(second.items.map { $0.recordID() } == (6...10).map { String(format: "loan-%02d", $0) })
        let third = try await client.api.records(loans, ListQuery(page: 3, limit: loans.pageSize))
        #expect(third.items.map { $0.recordID() } == ["loan-11", "loan-12"])
        let beyond = try await client.api.records(loans, ListQuery(page: 4, limit: loans.pageSize))
        #expect(beyond.items.isEmpty)
        let queries = await server.requests.filter { $0.path == "/loans" }.map { $0.query ?? "" }
        #expect(queries == ["limit=5", "limit=5&after=loan-05", "limit=5&after=loan-10"], "\(queries)")
        #expect(try await client.api.count(loans, ListQuery()) == LibraryTestServer.loanCount)
    }

    @Test func aChildrenFilterGoesToTheNestedRouteAndAForeignKeyFilterToTheQuery() async throws {
        let server = try await LibraryTestServer.start()
        defer { Task { await server.stop() } }
        let client = try await Self.client(server)
        let author = LibraryTestServer.authorIDs[1]
        let books = try #require(client.catalog["books"])
        let listing = try await client.api.records(books, ListQuery(filters: [.init("author_id", author)]))
        #expect(listing.items.count == 2)
        #expect(listing.items.allSatisfy { $0["author_id"]?.stringValue == author })
        #expect(await server.requests.contains { $0.path == "/authors/\(author)/books" })
        let reviews = try #require(client.catalog["reviews"])
        let bookID = LibraryTestServer.bookID(1)
        let found = try await client.api.records(
            reviews, ListQuery(filters: [.init("book_id", bookID)], page: 1, limit: 50))
        #expect(found.totalCount == 3)
    }

    @Test func recordsWithUUIDsAndSlugsAreReadAndWritten() async throws {
        let server = try await LibraryTestServer.start()
        defer { Task { await server.stop() } }
        let client = try await Self.client(server)
        let books = try #require(client.catalog["books"])
        let id = LibraryTestServer.bookID(7)
        #expect(try await client.api.record(books, id: id)["id"]?.stringValue == id)
        let changed = try await client.api.update(books, id: id, JSONObject([("title", .string("Renamed"))]))
        #expect(changed["title"]?.stringValue == "Renamed")
        #expect(await server.requests.contains { $0.method == "PATCH" && $0.path == "/books/\(id)" })
        let authors = try #require(client.catalog["authors"])
        let slug = LibraryTestServer.authorIDs[3]
        #expect(try await client.api.record(authors, id: slug)["name"]?.stringValue == "Wisława Szymborska")
    }

    @Test func springIsAskedFromPageZeroAndChangedWithPUTOfTheWholeRecord() async throws {
        let server = try await LibraryTestServer.start(.spring)
        defer { Task { await server.stop() } }
        let client = try await Self.client(server)
        #expect(client.catalog.source == "openapi.yaml")
        let books = try #require(client.catalog["books"])
        let first = try await client.api.records(books, ListQuery(page: 1, limit: books.pageSize))
        #expect(first.items.count == 20)
        #expect(first.totalCount == 40)
        #expect(await server.requests.contains { $0.path == "/api/books" && $0.query == "page=0&size=20" })
        let id = LibraryTestServer.bookID(2)
        let changed = try await client.api.update(books, id: id, JSONObject([("year", .int(2001))]))
        #expect(changed["year"]?.intValue == 2001)
        #expect(changed["title"]?.stringValue == "Book 2 of Italo Calvino")
        let put = try #require(await server.requests.last { $0.method == "PUT" })
        #expect(put.path == "/api/books/\(id)")
        #expect(String(decoding: put.body, as: UTF8.self).contains("\"authorId\""))
    }

    @Test func theDocumentIsRevalidatedWithItsETagFromTheCache() async throws {
        let server = try await LibraryTestServer.start()
        defer { Task { await server.stop() } }
        let storage = InMemoryStorageService()
        _ = try await Self.client(server, storage: storage)
        _ = try await Self.client(server, storage: storage)
        let documentRequests = await server.requests.filter { $0.path == "/openapi.json" }
        #expect(documentRequests.count == 2)
        #expect(documentRequests.first?.header("If-None-Match") == nil)
        #expect(documentRequests.last?.header("If-None-Match")?.hasPrefix("\"doc-") == true)
    }

    @Test func aFourOhOneSaysWhichSchemeTheDocumentAsksFor() async throws {
        let server = try await LibraryTestServer.start(token: "s3cret")
        defer { Task { await server.stop() } }
        let client = try await Self.client(server)
        let description = try OpenAPIDescription.read(Data(LibraryDocuments.fastAPI.utf8), location: "x")
        let api = client.api.explainingUnauthorized(with: description.authSchemes)
        await #expect {
            _ = try await api.records(#require(client.catalog["books"]), ListQuery(page: 1, limit: 15))
        } throws: { error in
            "\(error)".contains("the API asks for bearer token (HTTPBearer); set TRESTLE_TOKEN")
        }
    }
}
