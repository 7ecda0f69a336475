import Foundation
import JSON
import JSONServerCore
import Serve
import TestSupport
import Testing

/// `trestle serve` publishes `/openapi.json` over real HTTP: the document of
/// the data it serves, with the bound URL, an ETag and 304 revalidation.
@Suite struct OpenAPIServeTests {
    @Test(arguments: JSONServerDialect.allCases)
    func theDocumentIsServedWithAnETagAnd304(dialect: JSONServerDialect) async throws {
        let server = try await RunningServer.start(
            database: try ConformanceFixture.database(), configure: { $0.dialect = dialect })
        let first = try await server.send("GET", "/openapi.json")
        let document = try JSONParser.parse(first.body)
        #expect(first.status == 200)
        #expect(first.headers["content-type"] == EngineResponse.jsonContentType)
        #expect(document["openapi"] == "3.1.0")
        #expect(document["x-trestle-dialect"] == .string(dialect.rawValue))
        #expect(document["servers"]?.arrayValue?.first?["url"] == .string("http://127.0.0.1:\(server.port)"))
        #expect(document["paths"]?["/todos/{id}"]?["get"] != nil)
        #expect(document["paths"]?["/profile"]?["get"] != nil)
        let etag = try #require(first.headers["etag"])

        let revalidated = try await server.send("GET", "/openapi.json", headers: ["If-None-Match": etag])
        #expect(revalidated.status == 304)
        #expect(revalidated.body.isEmpty)

        let created = try await server.send(
            "POST", "/todos", body: Data(#"{"title": "new", "userId": 1, "completed": false, "due": "soon"}"#.utf8))
        #expect(created.status == 201)
        let changed = try await server.send("GET", "/openapi.json", headers: ["If-None-Match": etag])
        #expect(changed.status == 200)
        #expect(changed.headers["etag"] != etag)
        let todo = try JSONParser.parse(changed.body)["components"]?["schemas"]?["Todo"]
        #expect(todo?["properties"]?["due"]?["type"] == "string")
        await server.stop()
    }

    @Test func aReadOnlyServerDescribesReadsOnly() async throws {
        let server = try await RunningServer.start(database: try ConformanceFixture.database(), readOnly: true)
        let document = try JSONParser.parse(try await server.send("GET", "/openapi.json").body)
        #expect(document["paths"]?["/todos"]?.objectValue?.keys == ["get"])
        #expect(document["paths"]?["/todos/{id}"]?.objectValue?.keys.contains("delete") == false)
        await server.stop()
    }
}
