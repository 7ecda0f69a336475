import Foundation
import OpenAPIServices
import Services
import TestSupport
import Testing

/// The operations a document lists besides its collection reads: their
/// parameters, bodies, enums, defaults and which record they take.
@Suite("Operation catalog")
struct OperationCatalogTests {
    static func operations() throws -> OperationCatalog {
        let document = LibraryTestServer.documentWithOperations
        return try OpenAPIDescription.read(Data(document.utf8), location: "http://127.0.0.1/openapi.json").operations
    }

    static func operation(_ method: String, _ path: String, in catalog: OperationCatalog) throws -> ServiceOperation {
        try #require(catalog.operations.first { $0.method == method && $0.path == path })
    }

    @Test func collectionReadsAreNoOperationsAndEverythingElseIs() throws {
        let catalog = try Self.operations()
        let titles = catalog.operations.map(\.title)
        #expect(
            titles == [
                "POST /books", "PATCH /books/{book_id}", "DELETE /books/{book_id}", "POST /books/{book_id}/checkout",
                "GET /stats",
            ], "\(titles)")
    }

    /// A document whose paths carry the base URL's path (Django Ninja's
    /// `/api/books` in `/api/openapi.json`, browsed under `…/api`): its
    /// operations are said below the base URL, as its collections are —
    /// sent to `…/api/books`, never `…/api/api/books`.
    @Test func operationsAreSaidBelowTheBaseURLAsCollectionsAre() throws {
        let document = LibraryTestServer.documentWithOperations
            .replacingOccurrences(of: "\"/books", with: "\"/api/books")
            .replacingOccurrences(of: "\"/stats", with: "\"/api/stats")
        #expect(document.contains("\"/api/books/{book_id}/checkout\""))
        let description = try OpenAPIDescription.read(
            Data(document.utf8), location: "http://127.0.0.1/api/openapi.json",
            base: URL(string: "http://127.0.0.1/api"))
        #expect(description.catalog["books"]?.route?.path == "/books")
        let titles = description.operations.operations.map(\.title)
        #expect(
            titles == [
                "POST /books", "PATCH /books/{book_id}", "DELETE /books/{book_id}", "POST /books/{book_id}/checkout",
                "GET /stats",
            ], "\(titles)")
    }

    @Test func aBodyGivesTypedFieldsWithRequiredEnumsDefaultsAndHints() throws {
        let checkout = try Self.operation("POST", "/books/{book_id}/checkout", in: Self.operations())
        #expect(checkout.summary == "Check a book out")
        #expect(checkout.bodyType == "application/json")
        #expect(checkout.requiresBody)
        let fields = Dictionary(uniqueKeysWithValues: checkout.fields.map { ("\($0.location):\($0.name)", $0) })
        #expect(checkout.fields.map(\.name) == ["book_id", "reader", "days", "format"])  // `loan` is read-only
        #expect(fields["path:book_id"]?.isRequired == true)
        #expect(fields["body:reader"]?.isRequired == true)
        #expect(fields["body:reader"]?.kind == .string)
        #expect(fields["body:reader"]?.hint == "Who borrows the book")
        #expect(fields["body:days"]?.kind == .integer)
        #expect(fields["body:days"]?.isRequired == false)
        #expect(fields["body:days"]?.defaultValue == "14")
        #expect(fields["body:format"]?.choices == ["paper", "ebook", "audio"])
        #expect(fields["body:format"]?.defaultValue == "paper")
    }

    @Test func aQueryParameterKeepsItsEnumThroughANullableReference() throws {
        let stats = try Self.operation("GET", "/stats", in: Self.operations())
        #expect(stats.fields.count == 1)
        let genre = try #require(stats.fields.first)
        #expect(genre.location == .query)
        #expect(!genre.isRequired)
        #expect(genre.choices == ["novel", "poetry", "essay"])
        #expect(genre.hint == "Count only this genre")
    }

    @Test func anUpdateBodyOfNullableFieldsIsOptionalThroughout() throws {
        let patch = try Self.operation("PATCH", "/books/{book_id}", in: Self.operations())
        let body = patch.fields.filter { $0.location == .body }
        #expect(body.map(\.name) == ["title", "author_id", "year", "available", "genre"])
        #expect(body.allSatisfy { !$0.isRequired })
        #expect(body.first { $0.name == "year" }?.kind == .integer)
        #expect(body.first { $0.name == "available" }?.kind == .boolean)
    }

    @Test func aRecordTakesTheOperationsUnderItsRouteAndTheStartScreenTheRest() throws {
        let catalog = try Self.operations()
        let taking = catalog.taking(recordOf: "/books")
        #expect(
            taking.map(\.operation.title) == [
                "PATCH /books/{book_id}", "DELETE /books/{book_id}", "POST /books/{book_id}/checkout",
            ])
        #expect(taking.allSatisfy { $0.template == "book_id" })
        #expect(catalog.taking(recordOf: "/authors").isEmpty)
        let wide = catalog.serviceWide(collectionPaths: ["/authors", "/books", "/reviews", "/events", "/loans"])
        #expect(wide.map(\.title) == ["POST /books", "GET /stats"])
    }

    @Test func aRequestOfTheHistoryFindsItsOperationAndPathValues() throws {
        let catalog = try Self.operations()
        let id = LibraryTestServer.bookID(3)
        let found = try #require(catalog.sent(method: "POST", path: "/books/\(id)/checkout"))
        #expect(found.operation.path == "/books/{book_id}/checkout")
        #expect(found.values == ["book_id": id])
        #expect(catalog.sent(method: "GET", path: "/books/\(id)/checkout") == nil)
        #expect(catalog.sent(method: "GET", path: "/stats")?.operation.operationID == "library_stats_stats_get")
    }

    @Test func theDocumentWithoutOperationsListsOnlyItsWrites() throws {
        let plain = try OpenAPIDescription.read(
            Data(LibraryDocuments.fastAPI.utf8), location: "http://127.0.0.1/openapi.json")
        #expect(
            plain.operations.operations.map(\.title) == [
                "POST /books", "PATCH /books/{book_id}", "DELETE /books/{book_id}",
            ])
        #expect(plain.catalog.names == (try Self.catalogNames()))
    }

    /// Adding the operations changes no collection.
    static func catalogNames() throws -> [String] {
        try OpenAPIDescription.read(
            Data(LibraryTestServer.documentWithOperations.utf8), location: "http://127.0.0.1/openapi.json"
        ).catalog.names
    }
}
