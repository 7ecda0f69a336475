import Foundation
import JSON
import Services
import Testing

/// JSON:API discovery from a root's `links` and each collection's first page.
@Suite("JSON:API discovery")
struct JSONAPIDiscoveryTests {
    static let root =
        #"{"jsonapi":{"version":"1.1"},"links":{"self":"http://h/api","articles":{"href":"http://h/api/articles"},"people":"/api/people"}}"#

    static let articles = """
        {"links":{"next":"http://h/api/articles?page%5Boffset%5D=2&page%5Blimit%5D=2"},"meta":{"count":75},
         "data":[{"type":"articles","id":"1","attributes":{"title":"A","featured":true},
                  "relationships":{"author":{"links":{"related":"http://h/api/articles/1/author"},
                                             "data":{"type":"people","id":"3"}}}},
                 {"type":"articles","id":"2","attributes":{"title":"B","featured":false},
                  "relationships":{"author":{"data":{"type":"people","id":"4"}}}}]}
        """

    static let people = """
        {"links":{"next":"http://h/api/people?page%5Bnumber%5D=2&page%5Bsize%5D=1"},"meta":{"total":60},
         "data":[{"type":"people","id":"3","attributes":{"name":"Aiko Sato","joined":2003},
                  "relationships":{"articles":{"links":{"related":"http://h/api/people/3/articles"}}}}]}
        """

    func discovery() async throws -> ConventionDiscovery {
        let answers: [String: ConventionAnswer] = [
            "http://h/api/articles": try JSONAPIConventionTests.answer("http://h/api/articles", Self.articles),
            "http://h/api/people": try JSONAPIConventionTests.answer("http://h/api/people", Self.people),
        ]
        let root = try JSONAPIConventionTests.answer("http://h/api", Self.root)
        return try #require(await JSONAPIConvention().discover(root: root) { answers[$0.absoluteString] })
    }

    @Test func theRootsLinksAreTheCollectionsWithTheirTotals() async throws {
        let found = try await discovery()
        #expect(found.convention == .jsonAPI)
        #expect(found.source == .jsonAPILinks)
        #expect(found.resources.map(\.name) == ["articles", "people"])
        #expect(found.counts == ["articles": 75, "people": 60])
        let articles = found.resources[0]
        #expect(articles.route?.path == "/articles")
        #expect(articles.route?.convention == .jsonAPI)
        #expect(articles.route?.paging == .offset(limit: "page[limit]", offset: "page[offset]"))
        #expect(articles.pageSize == 2)
        #expect(articles.columns.map(\.field) == ["id", "title", "featured", "author"])
        #expect(articles.labelField == "title")
        #expect(articles.toggle?.field == "featured")
        #expect(articles.formFields.map(\.field) == ["title", "featured", "author"])
        #expect(found.resources[1].route?.paging == .pages(page: "page[number]", size: "page[size]", first: 1))
        #expect(found.resources[1].labelField == "name")
    }

    @Test func relationshipsLeadBothWays() async throws {
        let found = try await discovery()
        let articles = found.resources[0]
        let people = found.resources[1]
        #expect(articles.relations == [.parent("author", target: "people", by: "author")])
        #expect(
            people.relations == [
                ResourceDescriptor.Relation("articles", target: "articles", .children(foreignKey: "author"))
            ])
        #expect(articles.route?.nestedRoutes == ["author": "/people/{}/articles"])
        #expect(articles.route?.resolved([ListQuery.Filter("author", "3")]).path == "/people/3/articles")
    }

    @Test func aRootWithoutCollectionLinksIsNotDiscovered() async throws {
        let root = try JSONAPIConventionTests.answer("http://h/api", #"{"links":{"self":"http://h/api"},"meta":{}}"#)
        #expect(await JSONAPIConvention().discover(root: root) { _ in nil } == nil)
    }
}
