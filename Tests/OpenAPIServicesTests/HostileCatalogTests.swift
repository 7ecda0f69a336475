import Foundation
import OpenAPIServices
import Services
import Testing

/// Catalogs from documents with `$ref` cycles and paths that climb out of
/// the base URL: the cycle is followed once, the climbing path never used,
/// and the rest of the document still works.
@Suite("Hostile OpenAPI catalogs")
struct HostileCatalogTests {
    /// A document with `paths` and `schemas` (JSON object members, no braces).
    static func document(paths: String, schemas: String) -> Data {
        Data(
            #"""
            {"openapi": "3.1.0", "info": {"title": "t", "version": "1"},
             "paths": {\#(paths)}, "components": {"schemas": {\#(schemas)}}}
            """#.utf8)
    }

    /// `GET /name` answering an array of `schema`.
    static func list(_ name: String, of schema: String) -> String {
        #"""
        "/\#(name)": {"get": {"responses": {"200": {"description": "ok", "content": {"application/json":
          {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/\#(schema)"}}}}}}}}
        """#
    }

    static let book =
        #""Book": {"type": "object", "properties": {"id": {"type": "integer"}, "title": {"type": "string"}}}"#

    @Test func anAllOfCycleOfSingleReferencesLeavesTheOtherCollections() throws {
        let data = Self.document(
            paths: [Self.list("a", of: "A"), Self.list("books", of: "Book")].joined(separator: ","),
            schemas: #"""
                "A": {"allOf": [{"$ref": "#/components/schemas/B"}]},
                "B": {"allOf": [{"$ref": "#/components/schemas/A"}]},
                \#(Self.book)
                """#)
        let catalog = try OpenAPIDescription.read(data, location: "cycle.json").catalog
        #expect(catalog.names.contains("books"))
        #expect(catalog["books"]?.labelField == "title")
    }

    @Test func anAllOfCycleWithPropertiesMergesEachPartOnce() throws {
        let data = Self.document(
            paths: [Self.list("a", of: "A"), Self.list("books", of: "Book")].joined(separator: ","),
            schemas: #"""
                "A": {"allOf": [{"$ref": "#/components/schemas/B"},
                                {"type": "object", "properties": {"id": {"type": "integer"}, "name": {"type": "string"}}}]},
                "B": {"allOf": [{"$ref": "#/components/schemas/A"},
                                {"type": "object", "properties": {"size": {"type": "integer"}}}]},
                \#(Self.book)
                """#)
        let catalog = try OpenAPIDescription.read(data, location: "cycle.json").catalog
        #expect(catalog.names == ["a", "books"])
        let columns = try #require(catalog["a"]).columns.map(\.field)
        #expect(Set(columns) == ["id", "name", "size"])
    }

    @Test func pathsWithDotSegmentsAreLeftOutWithALineEach() throws {
        let data = Self.document(
            paths: [
                Self.list("books", of: "Book"), Self.list("../../etc/passwd", of: "Book"),
                Self.list("x/%2e%2E/secrets", of: "Book"), Self.list("./here", of: "Book"),
            ].joined(separator: ","),
            schemas: Self.book)
        let description = try OpenAPIDescription.read(data, location: "dots.json")
        #expect(description.catalog.names == ["books"])
        #expect(description.warnings.count == 3)
        #expect(description.warnings.allSatisfy { !$0.contains("\n") && $0.contains("`..`") })
        #expect(description.warnings.contains { $0.contains("#/paths/~1..~1..~1etc~1passwd") })
    }
}
