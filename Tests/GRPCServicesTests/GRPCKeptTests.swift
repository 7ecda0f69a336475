import Foundation
import JSON
import Services
import SwiftProtobuf
import Testing

@testable import GRPCServices

/// What a gRPC service keeps past its run: what reflection told (a start
/// offline begins from it), list pages and records in the cache (shown
/// when a load fails), under keys of the service, the target and the list.
@Suite struct GRPCKeptTests {
    static let target = GRPCTarget(URL(string: "grpc://127.0.0.1:1")!)!

    /// A service at a port nothing listens on.
    static func service(storage: (any StorageService)?) throws -> GRPCAPIService {
        GRPCAPIService(
            connection: try GRPCConnection(target, timeout: 2),
            catalog: GRPCCatalog(services: ["lib.Library"], files: [GRPCCatalogTests.file]), journal: nil,
            storage: storage, namespace: "production|grpc://127.0.0.1:1", words: { "\($0)" })
    }

    @Test func reflectionKeptReadsBackToTheSameCatalog() throws {
        let kept = GRPCKeptReflection(
            services: ["lib.Library"], files: [GRPCCatalogTests.file],
            reflection: "grpc.reflection.v1alpha.ServerReflection")
        let data = try #require(kept.encoded())
        let found = try #require(GRPCDiscovery.read(data, target: Self.target))
        #expect(found.catalog == kept.catalog)
        #expect(found.catalog.collections.map(\.name) == ["books", "authors"])
        #expect(found.catalog.reflection == "grpc.reflection.v1alpha.ServerReflection")
        #expect(found.kept == data)
        // Not a kept form, a descriptor that is no protobuf, too many files: not read.
        #expect(GRPCKeptReflection.decoded(Data("{\"books\": []}".utf8)) == nil)
        #expect(
            GRPCKeptReflection.decoded(
                Data(#"{"reflection": "r", "services": [], "files": ["////"]}"#.utf8)) == nil)
        let many = JSONValue.object([
            "reflection": "r", "services": [],
            "files": .array(Array(repeating: .string(""), count: GRPCReflection.mostFiles + 1)),
        ])
        #expect(GRPCKeptReflection.decoded(JSONWriter.data(many)) == nil)
    }

    @Test func cacheKeysNameTheServiceTheTargetTheListAndThePage() throws {
        let service = try Self.service(storage: nil)
        let books = try #require(service.catalog.descriptors.first { $0.name == "books" })
        #expect(
            service.cacheKey(books, ListQuery(page: 2, limit: 20))
                == "production|grpc://127.0.0.1:1|grpc grpc://127.0.0.1:1|books|_page=2&_limit=20|page 2")
        #expect(
            service.cacheKey(record: books, id: "books/7")
                == "production|grpc://127.0.0.1:1|grpc grpc://127.0.0.1:1|record books|books/7")
    }

    @Test func aKeptPageIsShownWhenTheServerIsUnreachable() async throws {
        let storage = InMemoryStorageService()
        let service = try Self.service(storage: storage)
        let books = try #require(service.catalog.descriptors.first { $0.name == "books" })
        let query = ListQuery(page: 1, limit: 20)
        let items: [JSONValue] = [
            ["name": "books/1", "title": "Volume 001"], ["name": "books/2", "title": "Volume 002"],
        ]
        await KeptListings(storage).keep(
            Listing(items: items, totalCount: 120, fetchedAt: Date(), origin: .network),
            key: service.cacheKey(books, query))
        let state = await service.observedLoad(books, query)
        #expect(state.listing?.items == items)
        #expect(state.listing?.totalCount == 120)
        #expect(state.listing?.origin == .cache)
        #expect(state.error?.kind == .offline || state.error?.kind == .timeout, "\(String(describing: state.error))")
        // Another page was not kept: the error alone.
        #expect(await service.observedLoad(books, ListQuery(page: 2, limit: 20)).listing == nil)
        // A record a Get kept names a relation's parent while unreachable; one not kept fails.
        let authors = try #require(service.catalog.descriptors.first { $0.name == "authors" })
        await service.keep(record: ["name": "authors/1", "displayName": "Ada"], authors, id: "authors/1")
        let author = try await service.relatedRecord(authors, id: "authors/1", from: books, field: "author")
        #expect(author == ["name": "authors/1", "displayName": "Ada"])
        await #expect(throws: ServiceError.self) {
            try await service.relatedRecord(authors, id: "authors/2", from: books, field: "author")
        }
    }

    @Test func formFieldsNestOneLevelAndEmptyOnesAreLeftOut() {
        let form = JSONObject([("book.title", .string("X")), ("book.author", .string("")), ("id", .int(1))])
        let inner: JSONValue = ["title": "X"]
        #expect(GRPCAPIService.nested(form) == JSONObject([("book", inner), ("id", .int(1))]))
    }
}
