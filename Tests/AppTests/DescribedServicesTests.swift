import Foundation
import Networking
import Services
import TestSupport
import Testing

@testable import App

/// What the service's document says of its auth reaches the services as a
/// value (``ServiceDescription``): the start builds them again from the
/// configuration and it, on the first build's grounds (one transport, one
/// journal, one history). Nothing is attached to services already built.
@Suite("Services built for the service's description")
struct DescribedServicesTests {
    /// A document with one collection, `books`, and an API key in `X-API-Key`.
    static let apiKeyDocument = #"""
        {"openapi": "3.1.0", "info": {"title": "t", "version": "1"},
         "paths": {"/books": {"get": {"responses": {"200": {"description": "ok", "content": {"application/json":
           {"schema": {"type": "array", "items": {"type": "object",
             "properties": {"id": {"type": "integer"}, "title": {"type": "string"}}}}}}}}}}},
         "components": {"securitySchemes": {"key": {"type": "apiKey", "name": "X-API-Key", "in": "header"}}}}
        """#

    private static func stage(_ base: URL, environment: String, in home: TemporaryHome, extra: [String: String] = [:])
        async throws -> AppRoot.Staged
    {
        try await AppRoot.stage(
            options: LaunchOptions(environment: environment, baseURL: base.absoluteString),
            environment: home.environment.merging(extra) { $1 }, prefetch: false)
    }

    @Test func theTokenGoesWhereTheDocumentSays() async throws {
        let server = try await TestHTTPServer.start { request in
            switch request.path {
            case "/openapi.json": .json(Self.apiKeyDocument)
            case "/books": .json(#"[{"id": 1, "title": "Dune"}]"#)
            default: TestHTTPResponse(status: 404)
            }
        }
        let home = try TemporaryHome()
        let staged = try await Self.stage(
            server.baseURL, environment: "production", in: home, extra: ["TRESTLE_TOKEN": "s3cret"])
        #expect(staged.prepared.services.description == ServiceDescription())
        let described = await staged.described()
        #expect(described.services.description.credential == .header("X-API-Key"))
        // The document's catalog has no todos: its start screen opens.
        #expect(described.catalog.opening == .startScreen)
        let books = try #require(described.catalog["books"])
        let listing = try await described.services.api.records(books, ListQuery())
        #expect(listing.items.count == 1)
        let asked = try #require(await server.requests.last { $0.path == "/books" })
        #expect(asked.header("X-API-Key") == "s3cret")
        #expect(asked.header("Authorization") == nil)
        // The same grounds: one journal and one history for the run.
        #expect(described.services.journal === staged.prepared.services.journal)
        #expect(described.services.history === staged.prepared.services.history)
        await described.services.shutdown()
        await server.stop()
        await home.remove(after: described.services.storage)
    }

    @Test func aFourOhOneSaysWhichSchemeTheDocumentAsksFor() async throws {
        let server = try await LibraryTestServer.start(token: "s3cret")
        let home = try TemporaryHome()
        let staged = try await Self.stage(server.baseURL, environment: "development", in: home)
        let described = await staged.described()
        #expect(described.services.description.authSchemes == ["bearer token (HTTPBearer)"])
        let books = try #require(described.catalog["books"])
        await #expect {
            _ = try await described.services.api.records(books, ListQuery(page: 1, limit: 15))
        } throws: { error in
            "\(error)".contains("the API asks for bearer token (HTTPBearer); set TRESTLE_TOKEN")
        }
        await described.services.shutdown()
        await server.stop()
        await home.remove(after: described.services.storage)
    }

    @Test func servicesBuiltForTheDescriptionAlreadyAreKept() async throws {
        let home = try TemporaryHome()
        let server = try await TestHTTPServer.start { _ in TestHTTPResponse(status: 404) }
        let staged = try await Self.stage(server.baseURL, environment: "development", in: home)
        let built = staged.prepared.services
        built.documents?.memory?.note(.hal)
        let builder = staged.prepared.configuration.serviceBuilder(environment: home.environment)
        let logger = staged.prepared.logger
        let same = await AppRoot.services(built, for: ServiceDescription(), builder: builder, logger: logger)
        #expect(same.documents?.memory === built.documents?.memory)
        let hinted = await AppRoot.services(
            built, for: ServiceDescription(authSchemes: ["HTTP basic (b)"]), builder: builder, logger: logger)
        #expect(hinted.description.authSchemes == ["HTTP basic (b)"])
        #expect(hinted.documents?.memory !== built.documents?.memory)
        // What the first services knew of the service, the new ones know too.
        #expect(hinted.documents?.memory?.convention == .hal)
        #expect(hinted.journal === built.journal)
        await built.shutdown()
        await server.stop()
        await home.remove(after: built.storage)
    }
}
