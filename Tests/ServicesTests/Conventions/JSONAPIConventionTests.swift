import Foundation
import JSON
import Networking
import Services
import Testing

/// JSON:API 1.1 as pure functions: rows, pages, links, totals, included,
/// query words, write bodies and discovery from a root's links.
@Suite("JSON:API convention")
struct JSONAPIConventionTests {
    let convention = JSONAPIConvention()

    static func answer(_ url: String, _ json: String, type: String? = "application/vnd.api+json") throws
        -> ConventionAnswer
    {
        ConventionAnswer(url: try #require(URL(string: url)), mediaType: type, data: Data(json.utf8))
    }

    static let article = """
        {"type":"articles","id":"1","attributes":{"title":"On links","wordCount":900,"id":"x"},
         "relationships":{"author":{"links":{"related":"/api/articles/1/author"},"data":{"type":"people","id":"9"}},
                          "editor":{"data":null},
                          "comments":{"data":[{"type":"comments","id":"5"}]},
                          "tags":{"links":{"related":"/api/articles/1/tags"}}},
         "links":{"self":"/api/articles/1"}}
        """

    @Test func aResourceBecomesARowOfItsAttributesAndToOneIDs() throws {
        let row = try #require(JSONAPIDocument.row(try JSONParser.parse(Self.article)))
        #expect(row.objectValue?.keys == ["id", "title", "wordCount", "author", "editor"])
        #expect(row["id"] == .string("1"))
        #expect(row["author"] == .string("9"))
        #expect(row["editor"] == .null)
        #expect(JSONAPIDocument.row(try JSONParser.parse(#"{"type":"x","attributes":{}}"#)) == nil)
    }

    @Test func aPageHasItsRowsTotalLinksAndIncludedRecords() throws {
        let json = """
            {"links":{"self":"?page%5Boffset%5D=0","next":{"href":"?page%5Boffset%5D=20&page%5Blimit%5D=20"},
                      "last":"http://h/api/articles?page%5Boffset%5D=60&page%5Blimit%5D=20","prev":null},
             "meta":{"page":{"total":75}},
             "data":[\(Self.article)],
             "included":[{"type":"people","id":"9","attributes":{"name":"Imani Okafor"}}]}
            """
        let page = try convention.page(
            from: try Self.answer("http://h/api/articles", json), route: ResourceRoute(path: "/articles"))
        #expect(page.records.count == 1)
        #expect(page.records[0]["title"] == .string("On links"))
        #expect(page.total == 75)
        #expect(page.next?.absoluteString == "http://h/api/articles?page%5Boffset%5D=20&page%5Blimit%5D=20")
        #expect(page.last?.absoluteString == "http://h/api/articles?page%5Boffset%5D=60&page%5Blimit%5D=20")
        #expect(page.related[RelatedKey("author", "9")]?["name"] == .string("Imani Okafor"))
    }

    @Test func totalsAreReadWhereServicesPutThem() throws {
        for (meta, total) in [
            (#"{"count":3}"#, 3), (#"{"total":4}"#, 4), (#"{"record-count":5}"#, 5),
            (#"{"pagination":{"total":6}}"#, 6), (#"{}"#, nil),
        ] as [(String, Int?)] {
            #expect(JSONAPIDocument.total(in: try JSONParser.parse(#"{"meta":\#(meta),"data":[]}"#)) == total)
        }
    }

    @Test func aDocumentThatIsNotAPageSaysWhere() throws {
        #expect(throws: NetworkError.self) {
            try convention.page(
                from: try Self.answer("http://h/api/articles", #"{"data":{"type":"a","id":"1"}}"#),
                route: ResourceRoute(path: "/articles"))
        }
        #expect(throws: NetworkError.self) {
            try convention.record(
                from: try Self.answer("http://h/api/articles/1", #"{"errors":[]}"#), route: ResourceRoute(path: "/a"))
        }
    }

    @Test func aRootIsClaimedByItsMediaTypeOrItsJSONAPIMember() throws {
        #expect(convention.claims(root: try Self.answer("http://h/api", #"{"links":{"a":"/a"}}"#)))
        #expect(convention.claims(root: try Self.answer("http://h/api", #"{"jsonapi":{"version":"1.1"}}"#, type: nil)))
        #expect(
            convention.claims(root: try Self.answer("http://h/api", #"{"links":{"a":"/a"},"data":[]}"#, type: nil)))
        #expect(!convention.claims(root: try Self.answer("http://h/api", #"{"books":"/api/books/"}"#, type: nil)))
        #expect(!convention.claims(root: try Self.answer("http://h/api", #"{"_links":{"a":{}}}"#, type: nil)))
    }

    @Test func filtersSortAndPagingAreSpeltInJSONAPIWords() {
        var route = ResourceRoute(path: "/articles", paging: .offset(limit: "page[limit]", offset: "page[offset]"))
        route.sortParameter = "sort"
        let query = ListQuery(
            filters: [
                .init("author", "9"), .init("wordCount", "500", .greaterOrEqual), .init("title", "link", .contains),
                .init("id", "1,2", .oneOf), .init("featured", "true", .notEqual),
            ],
            sort: [.init("wordCount", descending: true), .init("title")], page: 3, limit: 20)
        let items = convention.queryItems(query, route: route, cursor: nil)
        #expect(
            items.map { "\($0.name)=\($0.value ?? "")" } == [
                "filter[author]=9", "filter[wordCount][ge]=500", "filter[title][contains]=link", "filter[id][in]=1,2",
                "filter[featured][ne]=true", "sort=-wordCount,title", "page[limit]=20", "page[offset]=40",
            ])
        let numbered = ResourceRoute(path: "/a", paging: .pages(page: "page[number]", size: "page[size]", first: 1))
        #expect(
            convention.queryItems(ListQuery(page: 2, limit: 10), route: numbered, cursor: nil).map(\.name) == [
                "page[number]", "page[size]",
            ])
    }

    @Test func writesAreJSONAPIDocumentsInItsMediaType() throws {
        let route = ResourceRoute(path: "/articles")
        let fields = JSONObject([("title", .string("New")), ("wordCount", .int(5)), ("id", .string("7"))])
        let create = convention.write(.create(fields), route: route)
        #expect(create.method == .post)
        #expect(create.path == "/articles")
        #expect(create.contentType == "application/vnd.api+json")
        let created = try JSONParser.parse(try #require(create.body))
        #expect(created["data"]?["type"] == .string("articles"))
        #expect(created["data"]?["id"] == nil)
        #expect(created["data"]?["attributes"]?.objectValue?.keys == ["title", "wordCount"])
        let update = convention.write(.update(id: "7", JSONObject([("title", .string("B"))])), route: route)
        #expect(update.method == .patch)
        #expect(update.path == "/articles/7")
        #expect(try JSONParser.parse(try #require(update.body))["data"]?["id"] == .string("7"))
        let delete = convention.write(.delete(id: "7"), route: route)
        #expect(delete.method == .delete && delete.path == "/articles/7" && delete.body == nil)
    }

    @Test func relationshipFieldsAreSentAsResourceIdentifiers() throws {
        let body = JSONAPIDocument.writeBody(
            type: "articles", id: nil, fields: JSONObject([("title", .string("T")), ("author", .string("9"))]),
            relationships: ["author": "people"])
        #expect(body["data"]?["attributes"]?.objectValue?.keys == ["title"])
        #expect(body["data"]?["relationships"]?["author"]?["data"]?["type"] == .string("people"))
        #expect(body["data"]?["relationships"]?["author"]?["data"]?["id"] == .string("9"))
    }
}
