import Foundation
import JSON
import Networking
import Services
import TestSupport
import Testing

/// The JSON:API convention against the faithful JSON:API test server over
/// real HTTP: discovery, every page to the last, a record, its relations
/// both ways, `included`, filters and sort, and writes.
@Suite("JSON:API convention against a JSON:API server")
struct JSONAPIServerWalkTests {
    let convention = JSONAPIConvention()

    /// Runs `body` with a started server, a client for it and what discovery found.
    func walk(
        paging: JSONAPITestServer.Paging = .offset,
        _ body: (JSONAPITestServer, WalkingClient, ConventionDiscovery) async throws -> Void
    ) async throws {
        let server = try await JSONAPITestServer.start(paging: paging)
        let client = WalkingClient(base: server.rootURL, accept: JSONAPIDocument.mediaType)
        do {
            let root = try await client.get("/")
            let found = try #require(await convention.discover(root: root) { await client.get($0) })
            try await body(server, client, found)
            let paths = await server.requests.map(\.path)
            #expect(!paths.contains { $0.contains("//") }, "\(paths)")
        } catch {
            Issue.record(error)
        }
        await client.shutdown()
        await server.stop()
    }

    func resource(_ found: ConventionDiscovery, _ name: String) throws -> (ResourceDescriptor, ResourceRoute) {
        let descriptor = try #require(found.resources.first { $0.name == name })
        return (descriptor, try #require(descriptor.route))
    }

    @Test(arguments: [JSONAPITestServer.Paging.offset, .number])
    func everyPageIsReachedByItsNextLinkAndByNumber(paging: JSONAPITestServer.Paging) async throws {
        try await walk(paging: paging) { _, client, found in
            #expect(found.counts == ["articles": 75, "people": 60])
            let (articles, route) = try resource(found, "articles")
            #expect(articles.pageSize == JSONAPITestServer.defaultPageSize)
            let query = ListQuery(page: 1, limit: articles.pageSize)
            var page = try convention.page(
                from: try await client.get(route.path, convention.queryItems(query, route: route, cursor: nil)),
                route: route)
            let last = try #require(page.last)
            var ids = page.records.compactMap { $0["id"]?.stringValue }
            while let next = page.next {
                page = try convention.page(from: try #require(await client.get(next)), route: route)
                ids += page.records.compactMap { $0["id"]?.stringValue }
            }
            #expect(ids == (1...75).map(String.init))
            let lastPage = try convention.page(from: try #require(await client.get(last)), route: route)
            #expect(lastPage.records.last?["id"] == .string("75"))
            let fourth = ListQuery(page: 4, limit: articles.pageSize)
            let byNumber = try convention.page(
                from: try await client.get(route.path, convention.queryItems(fourth, route: route, cursor: nil)),
                route: route)
            #expect(byNumber.records.map { $0["id"]?.stringValue } == (61...75).map(String.init))
            #expect(byNumber.total == 75)
        }
    }

    @Test func aRecordOpensAndItsRelationsLeadBothWays() async throws {
        try await walk { _, client, found in
            let (articles, articleRoute) = try resource(found, "articles")
            let (people, peopleRoute) = try resource(found, "people")
            let article = try convention.record(
                from: try await client.get(convention.recordPath(id: "28", route: articleRoute)), route: articleRoute)
            #expect(article["title"] == .string(JSONAPITestServer.articleTitle(28)))
            let author = try #require(articles.relations.first { $0.name == "author" })
            guard case .parent(let field) = author.kind else {
                Issue.record("author is \(author.kind)")
                return
            }
            let authorID = try #require(article[field]?.stringValue)
            #expect(authorID == JSONAPITestServer.authorID(ofArticle: 28))
            let person = try convention.record(
                from: try await client.get(convention.recordPath(id: authorID, route: peopleRoute)), route: peopleRoute)
            #expect(person["name"] == .string(JSONAPITestServer.personName(3)))
            let written = try #require(people.relations.first { $0.target == "articles" })
            guard case .children(let key) = written.kind else {
                Issue.record("articles is \(written.kind)")
                return
            }
            let (path, rest) = articleRoute.resolved([ListQuery.Filter(key, authorID)])
            #expect(path == "/people/3/articles" && rest.isEmpty)
            var nested = articleRoute
            nested.path = path
            let page = try convention.page(
                from: try await client.get(path, convention.queryItems(ListQuery(), route: nested, cursor: nil)),
                route: nested)
            #expect(page.records.map { $0["id"]?.stringValue } == ["3", "28", "53"])
            #expect(page.total == 3)
        }
    }

    @Test func includedRecordsNameTheRelatedOnes() async throws {
        try await walk { _, client, found in
            let (_, route) = try resource(found, "articles")
            let page = try convention.page(
                from: try await client.get(route.path, [URLQueryItem(name: "include", value: "author")]), route: route)
            let first = try #require(page.records.first?["author"]?.stringValue)
            #expect(page.related[RelatedKey("author", first)]?["name"] == .string(JSONAPITestServer.personName(1)))
        }
    }

    @Test func filtersAndSortAreAnsweredByTheServer() async throws {
        try await walk { _, client, found in
            let (articles, route) = try resource(found, "articles")
            let query = ListQuery(
                filters: [.init("wordCount", "1000", .greaterOrEqual), .init("title", "LINKS", .contains)],
                sort: [.init("wordCount", descending: true)], page: 1, limit: articles.pageSize)
            let answer = try await client.get(route.path, convention.queryItems(query, route: route, cursor: nil))
            #expect(answer.status == 200)
            let page = try convention.page(from: answer, route: route)
            let counts = page.records.compactMap { $0["wordCount"]?.intValue }
            #expect(!counts.isEmpty && counts.allSatisfy { $0 >= 1000 })
            #expect(counts == counts.sorted(by: >))
            #expect(page.records.allSatisfy { $0["title"]?.stringValue?.contains("links") == true })
            #expect(page.total == counts.count)
        }
    }

    @Test func writesAreSentInJSONAPIsFormat() async throws {
        try await walk { server, client, found in
            let (_, route) = try resource(found, "articles")
            #expect(route.facts["type"] == "articles" && route.facts["relationship.author"] == "people")
            let fields = JSONObject([
                ("title", .string("Written here")), ("wordCount", .int(5)), ("featured", .bool(true)),
                ("author", .string("5")),
            ])
            let created = try await client.send(convention.write(.create(fields), route: route))
            #expect(created.status == 201)
            let row = try convention.record(from: created, route: route)
            let id = try #require(row["id"]?.stringValue)
            #expect(row["author"] == .string("5"))
            #expect(await server.attributes(of: "articles", id: id)?["title"] == .string("Written here"))
            let change = JSONObject([("title", .string("Changed"))])
            let changed = try await client.send(convention.write(.update(id: id, change), route: route))
            #expect(changed.status == 200)
            #expect(try convention.record(from: changed, route: route)["title"] == .string("Changed"))
            let deleted = try await client.send(convention.write(.delete(id: id), route: route))
            #expect(deleted.status == 204)
            #expect(await server.attributes(of: "articles", id: id) == nil)
            let writes = await server.requests.filter { $0.method != "GET" }
            #expect(writes.map(\.method) == ["POST", "PATCH", "DELETE"])
            #expect(writes.prefix(2).allSatisfy { $0.header("Content-Type") == JSONAPIDocument.mediaType })
        }
    }
}
