import Foundation
import Networking
import OpenAPIServices
import TestSupport
import Testing

/// The secret goes where the document's security scheme says.
@Suite("Credentials placed by the document")
struct CredentialPlacementTests {
    static func document(_ scheme: String) -> String {
        #"""
        {"openapi": "3.1.0", "info": {"title": "t", "version": "1"}, "paths": {},
         "components": {"securitySchemes": {"key": \#(scheme)}}}
        """#
    }

    @Test func theFirstServableSchemeSaysWhere() throws {
        func placement(_ scheme: String) throws -> CredentialPlacement? {
            try OpenAPIDescription.read(Data(Self.document(scheme).utf8), location: "x.json").credential
        }
        #expect(try placement(#"{"type": "http", "scheme": "bearer"}"#) == .bearer)
        #expect(try placement(#"{"type": "apiKey", "name": "X-API-Key", "in": "header"}"#) == .header("X-API-Key"))
        #expect(try placement(#"{"type": "apiKey", "name": "api_key", "in": "query"}"#) == .query("api_key"))
        #expect(try placement(#"{"type": "http", "scheme": "basic"}"#) == nil)
    }

    @Test func theSecretReachesTheServerInTheNamedHeaderOrQuery() async throws {
        let server = try await TestHTTPServer.start { _ in .json("[]") }
        defer { Task { await server.stop() } }
        let url = server.baseURL.appendingPathComponent("books")
        let transport = AsyncHTTPClientTransport()
        for placement in [CredentialPlacement.bearer, .header("X-API-Key"), .query("api_key")] {
            let network = NetworkClient(
                client: transport,
                middleware: [PlacedCredentialMiddleware(token: "s3cret", placement: placement)],
                retry: .never)
            _ = try await network.send(request(.get, url))
        }
        let received = await server.requests
        #expect(received[0].header("Authorization") == "Bearer s3cret")
        #expect(received[1].header("X-API-Key") == "s3cret")
        #expect(received[1].header("Authorization") == nil)
        #expect(received[2].query == "api_key=s3cret")
    }
}
