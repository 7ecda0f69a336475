import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// The real binary given only the API root of a JSON:API or an OData v4
    /// service, with no config: start screen with counts → list with
    /// attribute columns → `G` to the last record → record → relation.
    @Suite
    struct JSONAPIODataEndToEndTests {
        @Test func aJSONAPIServiceIsBrowsedFromItsRootLinks() async throws {
            let server = try await JSONAPITestServer.start()
            let app = try RunningApp(["--env", "production", "--base-url", server.rootURL.absoluteString])
            defer { app.stop() }
            let start = try await app.session.eventually("the collections from JSON:API links, counted") { screen in
                screen.contains("(from JSON:API links)") && ResourceScreen.startCount(of: "articles", in: screen) != nil
                    && ResourceScreen.startCount(of: "people", in: screen) != nil
            }
            #expect(ResourceScreen.startCount(of: "articles", in: start) == JSONAPITestServer.articleCount)
            #expect(ResourceScreen.startCount(of: "people", in: start) == JSONAPITestServer.personCount)
            try await app.command("articles")
            try await app.session.eventually("articles with their attribute columns") { screen in
                screen.contains("Article 1 on") && screen.contains("Word Count")
            }
            try await ConventionsEndToEndTests.walkToTheEnd(app, last: "Article 75 on")
            try app.session.press("Enter")
            try await app.session.eventually("article 75 and its author") { screen in
                screen.contains("Article 75 on") && screen.contains("author →")
            }
            try app.session.press("1")
            let author = JSONAPITestServer.personName(Int(JSONAPITestServer.authorID(ofArticle: 75)) ?? 0)
            try await app.session.eventually("its author") { screen in screen.contains("\"name\": \"\(author)\"") }
            let paths = await server.requests.map(\.path)
            #expect(paths.allSatisfy { !$0.contains("//") })
            #expect(!paths.contains("/todos") && !paths.contains("/db"))
            await server.stop()
        }

        @Test func anODataServiceIsBrowsedFromItsServiceDocument() async throws {
            let server = try await ODataTestServer.start()
            let app = try RunningApp(["--env", "production", "--base-url", server.rootURL.absoluteString])
            defer { app.stop() }
            let start = try await app.session.eventually("the entity sets from $metadata, counted") { screen in
                screen.contains("(from OData $metadata)")
                    && ResourceScreen.startCount(of: "Products", in: screen) != nil
                    && ResourceScreen.startCount(of: "Categories", in: screen) != nil
            }
            #expect(ResourceScreen.startCount(of: "Products", in: start) == ODataTestServer.productCount)
            #expect(ResourceScreen.startCount(of: "Categories", in: start) == ODataTestServer.categoryCount)
            try await app.command("Products")
            try await app.session.eventually("products with their columns") { screen in
                screen.contains(ODataTestServer.productName(1) + " ") && screen.contains("Price")
            }
            try await ConventionsEndToEndTests.walkToTheEnd(app, last: ODataTestServer.productName(64))
            try app.session.press("Enter")
            try await app.session.eventually("product 64 and its category") { screen in
                screen.contains(ODataTestServer.productName(64)) && screen.contains("Category →")
            }
            try app.session.press("1")
            let category = ODataTestServer.categoryName(ODataTestServer.categoryID(ofProduct: 64))
            try await app.session.eventually("its category") { screen in screen.contains("\"Name\": \"\(category)\"") }
            let paths = await server.requests.map(\.path)
            #expect(paths.allSatisfy { !$0.contains("//") })
            #expect(paths.contains("/odata/Categories(\(ODataTestServer.categoryID(ofProduct: 64)))"))
            await server.stop()
        }
    }
}
