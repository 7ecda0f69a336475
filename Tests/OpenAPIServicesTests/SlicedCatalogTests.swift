import Foundation
import OpenAPIServices
import Services
import Synchronization
import TestSupport
import Testing

/// A document read in slices is catalogued slice by slice, with no merged
/// document (``OpenAPIDescription/read(_:location:observer:sliced:base:)``);
/// its description — collections, record and nested routes, relations both
/// ways, operations, auth, warnings — is the one cataloguing the whole
/// document gives, byte for byte once encoded, whatever falls in which slice.
@Suite("OpenAPI documents catalogued slice by slice")
struct SlicedCatalogTests {
    /// The description encoded, keys sorted: what two readings are compared by.
    static func encoded(_ description: OpenAPIDescription) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        return String(decoding: try encoder.encode(description), as: UTF8.self)
    }

    /// The first line where `sliced` and `whole` differ (with its number), `nil` when they are the same.
    static func difference(_ sliced: String, _ whole: String) -> String? {
        let (left, right) = (sliced.split(separator: "\n"), whole.split(separator: "\n"))
        for index in 0..<max(left.count, right.count) {
            let (a, b) = (index < left.count ? left[index] : "(end)", index < right.count ? right[index] : "(end)")
            if a != b { return "line \(index + 1): sliced \(a) — whole \(b)" }
        }
        return nil
    }

    /// Reads `text` whole and in slices of `size` paths (the first `first`
    /// collections first) and expects the same description; returns both.
    @discardableResult
    static func expectSame(
        _ text: String, location: String = "http://x/openapi.json", base: URL? = nil, first: Int = 1, size: Int = 1,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (whole: OpenAPIDescription, sliced: OpenAPIDescription, slices: Int) {
        let data = Data(text.utf8)
        let whole = try OpenAPIDescription.read(data, location: location, sliced: false, base: base)
        let slices = Mutex(0)
        let observer = OpenAPIReadObserver(
            firstCount: first, sliceSize: size, progress: { _ in slices.withLock { $0 += 1 } })
        let sliced = try OpenAPIDescription.read(data, location: location, observer: observer, base: base)
        let difference = Self.difference(try encoded(sliced), try encoded(whole))
        #expect(difference == nil, "\(difference ?? "")", sourceLocation: sourceLocation)
        // The progress is told before the first slice and after each.
        return (whole, sliced, slices.withLock { $0 } - 1)
    }

    @Test(arguments: [(50, 1, 1), (50, 5, 7), (300, 5, 7), (300, 60, 200)])
    func aGeneratedJSONDocumentGivesTheSameDescription(count: Int, first: Int, size: Int) throws {
        for version in ["3.1.0", "3.0.3"] {
            let (whole, _, slices) = try Self.expectSame(
                GeneratedDocument.text(collections: count, version: version), first: first, size: size)
            #expect(whole.catalog.resources.count == count)
            #expect(whole.operations.operations.count == count * 4)
            #expect(slices > 1)
        }
    }

    @Test(arguments: [(50, 1, 1), (300, 5, 7)])
    func aGeneratedYAMLDocumentGivesTheSameDescription(count: Int, first: Int, size: Int) throws {
        for version in ["3.1.0", "3.0.3"] {
            let (whole, _, slices) = try Self.expectSame(
                GeneratedDocument.yaml(collections: count, version: version), location: "http://x/openapi.yaml",
                first: first, size: size)
            #expect(whole.catalog.resources.count == count)
            #expect(slices > 1)
        }
    }

    @Test(arguments: [1, 3, 200])
    func theLibraryDocumentsGiveTheSameDescription(size: Int) throws {
        let (fastAPI, _, _) = try Self.expectSame(LibraryDocuments.fastAPI, size: size)
        #expect(fastAPI.catalog.names == ["authors", "books", "reviews", "events", "loans"])
        let (spring, _, _) = try Self.expectSame(
            LibraryDocuments.spring, location: "http://127.0.0.1:1/api/openapi.yaml",
            base: URL(string: "http://127.0.0.1:1/api"), size: size)
        #expect(!spring.catalog.resources.isEmpty)
    }

    /// A document written so that what crosses slices does: `/books`'
    /// record route is written last, its nested route under `/authors`
    /// and a second `books` (`/v2/books`, the name taken) in slices of
    /// their own; `Author`, held by the first slice, is referred to by
    /// later ones (`Book.author`, `Review.author`); paths left out in two slices.
    static let crossing = #"""
        {"openapi": "3.1.0", "info": {"title": "Crossing", "version": "1"},
         "servers": [{"url": "/api"}],
         "security": [{"key": []}],
         "paths": {
          "/authors": {"get": {"responses": {"200": {"description": "Authors", "content": {"application/json":
            {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/Author"}}}}}}},
            "post": {"requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Author"}}}},
              "responses": {"201": {"description": "Made"}}}},
          "/authors/{id}": {"get": {"parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "integer"}}],
            "responses": {"200": {"description": "An author"}}}},
          "/a/../etc": {"get": {"responses": {"200": {"description": "Out"}}}},
          "/books": {"get": {"parameters": [{"name": "author_id", "in": "query", "schema": {"type": "integer"}},
            {"$ref": "#/components/parameters/Search"}],
            "responses": {"200": {"description": "Books", "content": {"application/json":
            {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/Book"}}}}}}}},
          "/ping": {"post": {"summary": "Wakes the service", "responses": {"204": {"description": "Awake"}}}},
          "/authors/{author_id}/books": {"get": {"parameters": [{"name": "author_id", "in": "path", "required": true,
            "schema": {"type": "integer"}}], "responses": {"200": {"description": "Their books", "content":
            {"application/json": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/Book"}}}}}}}},
          "/v2/books": {"get": {"responses": {"200": {"description": "Books again", "content": {"application/json":
            {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/Review"}}}}}}}},
          "/reviews": {"get": {"responses": {"200": {"description": "Reviews", "content": {"application/json":
            {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/Review"}}}}}}}},
          "/b/%2E%2E/x": {"get": {"responses": {"200": {"description": "Out too"}}}},
          "/books/{book_id}": {"get": {"parameters": [{"name": "book_id", "in": "path", "required": true,
            "schema": {"type": "integer"}}], "responses": {"200": {"description": "A book"}}},
            "put": {"requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Book"}}}},
              "responses": {"200": {"description": "Changed"}}}}
         },
         "components": {
          "schemas": {
           "Author": {"type": "object", "properties": {"id": {"type": "integer"}, "name": {"type": "string"}}},
           "Book": {"type": "object", "properties": {"book_id": {"type": "integer"}, "title": {"type": "string"},
             "author_id": {"type": "integer"}, "author": {"$ref": "#/components/schemas/Author"}}},
           "Review": {"type": "object", "properties": {"id": {"type": "integer"}, "text": {"type": "string"},
             "book_id": {"type": "integer"}, "author": {"$ref": "#/components/schemas/Author"}}}
          },
          "parameters": {"Search": {"name": "q", "in": "query", "schema": {"type": "string"}}},
          "securitySchemes": {"key": {"type": "apiKey", "name": "X-Key", "in": "header"}}
         }}
        """#

    static func expectCrossing(_ sliced: OpenAPIDescription) {
        #expect(sliced.catalog.names == ["authors", "books", "reviews"])
        let books = sliced.catalog.resources.first { $0.name == "books" }
        #expect(books?.route?.recordPath == "/books/{}")
        #expect(books?.route?.replacesOnUpdate == true)
        #expect(books?.idField == "book_id")
        #expect(books?.route?.nestedRoutes == ["author_id": "/authors/{}/books"])
        let authors = sliced.catalog.resources.first { $0.name == "authors" }
        #expect(authors?.relations.map(\.name) == ["books"])
        let reviews = sliced.catalog.resources.first { $0.name == "reviews" }
        #expect(reviews?.relations.map(\.kind) == [.parent(foreignKey: "book_id"), .parent(foreignKey: "author.id")])
        // The collections' reads are no operations; `/v2/books`, no collection, is one.
        #expect(
            sliced.operations.operations.map(\.title) == [
                "POST /authors", "POST /ping", "GET /v2/books", "PUT /books/{book_id}",
            ])
        #expect(sliced.warnings.count == 2)
        #expect(sliced.warnings.first?.contains("etc") == true)
        #expect(sliced.warnings.last?.contains("etc") == false)
        #expect(sliced.credential == .header("X-Key"))
    }

    @Test(arguments: [1, 2, 3])
    func whatCrossesSlicesComesOutAsReadWhole(size: Int) throws {
        let base = URL(string: "http://x/api")
        let (_, sliced, slices) = try Self.expectSame(
            Self.crossing, location: "http://x/api/openapi.json", base: base, size: size)
        #expect(slices >= 3)
        Self.expectCrossing(sliced)
        let yaml = GeneratedDocument.yaml(fromJSON: Self.crossing)
        let (_, slicedYAML, _) = try Self.expectSame(
            yaml, location: "http://x/api/openapi.yaml", base: base, size: size)
        Self.expectCrossing(slicedYAML)
    }

    @Test func theFirstCollectionsAreTheFirstSlicesAlone() throws {
        let first = Mutex<[[String]]>([])
        let observer = OpenAPIReadObserver(
            firstCount: 1, sliceSize: 1,
            firstCollections: { description in first.withLock { $0.append(description.catalog.names) } })
        let description = try OpenAPIDescription.read(
            Data(Self.crossing.utf8), location: "http://x/api/openapi.json", observer: observer,
            base: URL(string: "http://x/api"))
        #expect(first.withLock { $0 } == [["authors"]])
        #expect(description.catalog.names == ["authors", "books", "reviews"])
    }
}
