import Foundation
import JSON
import Services
import Testing

/// What a Django REST framework route claims its server does with a query:
/// only what its view documents in the service's drf-spectacular document.
/// A view without `SearchFilter` ignores `search=`, so its list searches
/// the loaded rows here instead of claiming a server search.
@Suite("Django REST framework: capabilities from the OpenAPI document")
struct DjangoSchemaTests {
    static let root = URL(string: "http://h/api/")

    /// A DefaultRouter root of `books` (SearchFilter, OrderingFilter,
    /// django-filter) and `imprints` (OrderingFilter only), as drf-spectacular
    /// documents them at `/api/schema/`.
    static let schema = #"""
        {"openapi": "3.0.3", "info": {"title": "Library", "version": "1"}, "paths": {
          "/api/books/": {"get": {"parameters": [
            {"in": "query", "name": "ordering", "description": "Which field to use when ordering the results."},
            {"in": "query", "name": "page", "description": "A page number within the paginated result set."},
            {"in": "query", "name": "page_size", "description": "Number of results to return per page."},
            {"in": "query", "name": "publisher"},
            {"in": "query", "name": "search", "description": "A search term."},
            {"in": "query", "name": "title__icontains"},
            {"in": "query", "name": "year"},
            {"in": "query", "name": "year__gte"},
            {"$ref": "#/components/parameters/YearBelow"}]}},
          "/api/books/{id}/": {"get": {"parameters": [{"in": "path", "name": "id"}]}},
          "/api/imprints/": {"get": {"parameters": [
            {"in": "query", "name": "ordering", "description": "Which field to use when ordering the results."},
            {"in": "query", "name": "page", "description": "A page number within the paginated result set."},
            {"in": "query", "name": "page_size", "description": "Number of results to return per page."}]}}},
         "components": {"parameters": {"YearBelow": {"in": "query", "name": "year__lt"}}}}
        """#

    static func page(_ record: String) -> String {
        #"{"count": 1, "next": null, "previous": null, "results": [\#(record)]}"#
    }

    /// Discovery over canned answers: the root, each collection's first
    /// page, and the document where `schema` is (every other URL is a 404).
    static func discover(
        schemaAt schemaURL: String?, convention: DjangoConvention = DjangoConvention(), slowSchema: Bool = false
    ) async throws -> [String: ResourceDescriptor] {
        let root = try #require(Self.root)
        let rootBody = #"{"books": "http://h/api/books/", "imprints": "http://h/api/imprints/"}"#
        let bodies = [
            "http://h/api/books/": page(#"{"id": 1, "title": "Dune", "year": 1965, "publisher": 1}"#),
            "http://h/api/imprints/": page(#"{"id": 1, "name": "Harbor House", "country": "NZ"}"#),
        ].merging(schemaURL.map { [$0: schema] } ?? [:]) { first, _ in first }
        let found = await convention.discover(root: ConventionAnswer(url: root, data: Data(rootBody.utf8))) { url in
            if slowSchema, url.absoluteString == schemaURL {
                // A document that takes longer than discovery may wait: answered only when cancelled.
                try? await Task.sleep(for: .seconds(3600))
            }
            guard let body = bodies[url.absoluteString] else {
                return ConventionAnswer(url: url, status: 404, data: Data(#"{"detail": "Not found."}"#.utf8))
            }
            return ConventionAnswer(url: url, mediaType: "application/json", data: Data(body.utf8))
        }
        let resources = try #require(found).resources
        return Dictionary(uniqueKeysWithValues: resources.map { ($0.name, $0) })
    }

    @Test func aViewWithSearchFilterSearchesOnTheServerAndOneWithoutDoesNot() async throws {
        let found = try await Self.discover(schemaAt: "http://h/api/schema/?format=json")
        let books = try #require(found["books"]).listCapabilities()
        let imprints = try #require(found["imprints"]).listCapabilities()
        #expect(books.searchParameter == "search")
        #expect(try #require(found["books"]).searchWords("Dune") == "search=Dune")
        #expect(imprints.searchParameter == nil)
        #expect(try #require(found["imprints"]).searchWords("Harbor") == nil)
        // Both sort (OrderingFilter), in `ordering=`.
        #expect(books.sorts && imprints.sorts)
        #expect(found["imprints"]?.route?.sortParameter == "ordering")
    }

    @Test func onlyTheLookupsAViewDeclaresAreSentToItsServer() async throws {
        let found = try await Self.discover(schemaAt: "http://h/api/schema/?format=json")
        let books = try #require(found["books"])
        let capabilities = books.listCapabilities()
        let applied: [ListQuery.Filter] = [
            .init("year", "2000", .greaterOrEqual), .init("year", "1965"), .init("year", "2000", .less),
            .init("publisher", "1"), .init("title", "dune", .contains),
        ]
        for filter in applied { #expect(capabilities.applies(filter, on: books.route), "\(filter)") }
        let refused: [ListQuery.Filter] = [
            .init("publisher", "4", .notEqual), .init("year", "2000", .lessOrEqual), .init("pages", "100"),
            .init("title", "Dune"),
        ]
        for filter in refused { #expect(!capabilities.applies(filter, on: books.route), "\(filter)") }
        let imprints = try #require(found["imprints"])
        #expect(!imprints.listCapabilities().applies(.init("country", "NZ"), on: imprints.route))
    }

    /// Without a document nothing says a view searches: no server search is
    /// claimed (a view without SearchFilter would answer every row); the
    /// filters are still sent, as a page that shows one ignored says so
    /// (`DjangoFilterCheck`).
    @Test func withoutADocumentNoRouteClaimsAServerSearch() async throws {
        let found = try await Self.discover(schemaAt: nil)
        for name in ["books", "imprints"] {
            let descriptor = try #require(found[name])
            let capabilities = descriptor.listCapabilities()
            #expect(capabilities.searchParameter == nil, "\(name)")
            #expect(capabilities.sorts, "\(name)")
            #expect(capabilities.applies(.init("year", "2000", .greaterOrEqual), on: descriptor.route), "\(name)")
        }
    }

    /// drf-spectacular builds its document on every request, which takes
    /// seconds on a large API: discovery does not wait past `schemaWait`
    /// (detection has a deadline), and the routes then claim no search.
    @Test(.timeLimit(.minutes(1)))
    func aDocumentSlowerThanTheWaitIsNotAwaited() async throws {
        let found = try await Self.discover(
            schemaAt: "http://h/api/schema/?format=json", convention: DjangoConvention(schemaWait: .milliseconds(50)),
            slowSchema: true)
        #expect(found["books"]?.listCapabilities().searchParameter == nil)
        #expect(found.keys.sorted() == ["books", "imprints"])
    }

    /// The document is found where drf-spectacular's users put it: below
    /// the API root, or at the host's `/openapi.json`.
    @Test func theDocumentIsLookedForBelowTheRootAndAtOpenAPIJSON() async throws {
        let found = try await Self.discover(schemaAt: "http://h/openapi.json")
        #expect(found["books"]?.listCapabilities().searchParameter == "search")
        #expect(found["imprints"]?.listCapabilities().searchParameter == nil)
        let below = try #require(URL(string: "http://h/v2/api"))
        let urls = DjangoConvention.schemaURLs(root: below).map(\.absoluteString)
        #expect(
            urls == [
                "http://h/v2/api/schema/?format=json", "http://h/api/schema/?format=json",
                "http://h/schema/?format=json", "http://h/openapi.json",
            ])
    }
}
