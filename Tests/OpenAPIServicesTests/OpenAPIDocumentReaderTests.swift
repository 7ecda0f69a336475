import Foundation
import OpenAPIServices
import TestSupport
import Testing

/// Reading 3.0 and 3.1, JSON and YAML; a bad document is one line naming
/// the place in it.
@Suite("Reading OpenAPI documents")
struct OpenAPIDocumentReaderTests {
    func problem(_ text: String) -> OpenAPIProblem? {
        do {
            _ = try OpenAPIDescription.read(Data(text.utf8), location: "api.json")
            return nil
        } catch {
            return error
        }
    }

    @Test func readsFastAPIsJSON31AndSpringsYAML30() throws {
        let fastAPI = try OpenAPIDescription.read(Data(LibraryDocuments.fastAPI.utf8), location: "a.json")
        #expect(fastAPI.catalog.resources.count == 5)
        let spring = try OpenAPIDescription.read(Data(LibraryDocuments.spring.utf8), location: "a.yaml")
        #expect(spring.catalog.names == ["books", "authors"])
    }

    @Test func aMalformedResponseNamesItsPathInTheDocument() throws {
        let text = #"""
            {"openapi": "3.1.0", "info": {"title": "t", "version": "1"},
             "paths": {"/books": {"get": {"responses": {"200": {"description": 5}}}}}}
            """#
        let found = try #require(problem(text))
        #expect(found.pointer.hasPrefix("#/paths/~1books/get/responses/200"))
        #expect(!found.description.contains("\n"))
        #expect(found.description.hasPrefix("OpenAPI document api.json at #/paths/~1books/get/responses/200"))
    }

    @Test func aReferenceThatDoesNotResolveNamesWhereItIs() throws {
        let text = #"""
            {"openapi": "3.1.0", "info": {"title": "t", "version": "1"},
             "paths": {"/books": {"get": {"responses": {"200": {"description": "ok", "content": {"application/json":
               {"schema": {"$ref": "#/components/schemas/Missing"}}}}}}}}}
            """#
        let found = try #require(problem(text))
        #expect(found.pointer == "#/paths/~1books/get/responses/200/content/application~1json/schema")
        #expect(found.reason.contains("#/components/schemas/Missing"))
    }

    @Test func swaggerTwoAndOtherDocumentsAreSaidInOneLine() throws {
        #expect(problem(#"{"swagger": "1.2", "paths": {}}"#)?.reason.contains("Swagger 1.2 is not supported") == true)
        #expect(problem(#"{"name": "x"}"#)?.reason == "no `openapi` version: not an OpenAPI document")
        #expect(problem("{ not json")?.pointer == "#")
    }
}
