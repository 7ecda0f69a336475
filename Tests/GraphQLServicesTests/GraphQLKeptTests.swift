import Foundation
import JSON
import Networking
import Services
import Testing

@testable import GraphQLServices

/// What a GraphQL service keeps past its run: list pages in the cache
/// (shown when a load fails), and mutations read back from the history.
@Suite struct GraphQLKeptTests {
    /// A transport with no server behind it.
    struct Unreachable: HTTPClient {
        func send(_ request: Request) async throws(NetworkError) -> Response {
            throw .cannotConnect(host: "127.0.0.1")
        }
    }

    static func service(storage: (any StorageService)?) throws -> GraphQLAPIService {
        let catalog = GraphQLCatalog(try GraphQLCatalogTests.schema())
        return GraphQLAPIService(
            endpoint: URL(string: "http://127.0.0.1:9/graphql")!, catalog: catalog,
            network: NetworkClient(client: Unreachable(), retry: .never), storage: storage,
            namespace: "production|http://127.0.0.1:9", words: { "\($0)" })
    }

    @Test func aKeptPageIsShownWhenTheLoadFails() async throws {
        let storage = InMemoryStorageService()
        let service = try Self.service(storage: storage)
        let books = try #require(service.catalog.descriptors.first { $0.name == "books" })
        let query = ListQuery(page: 1)
        let items: [JSONValue] = [["id": "1", "title": "Volume 01"], ["id": "2", "title": "Volume 02"]]
        await KeptListings(storage).keep(
            Listing(items: items, totalCount: 45, fetchedAt: Date(), origin: .network),
            key: service.cacheKey(books, query))
        let state = await service.observedLoad(books, query)
        #expect(state.listing?.items == items)
        #expect(state.listing?.totalCount == 45)
        #expect(state.listing?.origin == .cache)
        #expect(state.error?.kind == .offline)
        // Another page was not kept: the error alone.
        let other = await service.observedLoad(books, ListQuery(page: 2))
        #expect(other.listing == nil)
    }

    @Test func aMutationIsReadBackFromItsBody() throws {
        let service = try Self.service(storage: nil)
        let add = Data(
            #"{"query": "mutation TrestleMutation($input: AddBookInput!) { addBook(input: $input) { id } }", "variables": {"input": {"title": "Atlas", "year": 2026, "authorId": "3"}}}"#
                .utf8)
        let sent = try #require(service.sentOperation(method: "POST", target: "/graphql", body: add))
        #expect(sent.path == "/addBook")
        #expect(sent.bodyValues == ["input.title": "Atlas", "input.year": "2026", "input.authorId": "3"])
        let rename = Data(
            #"{"query": "mutation TrestleMutation($id: ID!, $name: String!) { renameAuthor(id: $id, name: $name) { id } }", "variables": {"id": "2", "name": "Basil Quire"}}"#
                .utf8)
        let renamed = try #require(service.sentOperation(method: "POST", target: "/graphql", body: rename))
        #expect(renamed.path == "/authors/2/renameAuthor")
        #expect(renamed.bodyValues == ["name": "Basil Quire"])
        let query = Data(#"{"query": "query TrestleList { books { edges { node { id } } } }"}"#.utf8)
        #expect(service.sentOperation(method: "POST", target: "/graphql", body: query) == nil)
    }
}
