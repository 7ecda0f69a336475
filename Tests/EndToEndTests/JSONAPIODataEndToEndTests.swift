import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// The real binary given only the API root of a JSON:API or an OData v4
    /// service, with no config: start screen with counts → list with
    /// attribute columns → `G` to the last record → record → its parent,
    /// named by its label → the parent's children → a child → back.
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
            let authorID = JSONAPITestServer.authorID(ofArticle: 75)
            let author = JSONAPITestServer.personName(Int(authorID) ?? 0)
            try await app.session.eventually("article 75 and its author, named") { screen in
                screen.contains("Article 75 on") && screen.contains("author → \(authorID) \(author)")
            }
            try app.session.press("1")
            try await app.session.eventually("its author and their articles") { screen in
                screen.contains("\"name\": \"\(author)\"") && screen.contains("1 articles (3)")
            }
            // Both ways: the author's articles (the relationship's related link), one of them, back.
            try await Self.walkToAChild(
                app, ids: [25, 50, 75], children: [25, 50, 75].map(JSONAPITestServer.articleTitle),
                parent: "\"name\": \"\(author)\"",
                relation: "author → \(authorID) \(author)")
            let paths = await server.requests.map(\.path)
            #expect(paths.allSatisfy { !$0.contains("//") })
            #expect(!paths.contains("/todos") && !paths.contains("/db"))
            #expect(paths.contains("/jsonapi/people/\(authorID)/articles"))
            await server.stop()
        }

        /// On a parent's detail: `1` opens its children, which are exactly
        /// the records `ids` named `children` (the first first); Enter opens
        /// the first, whose relation line reads `relation`; Esc twice is back
        /// on the parent.
        static func walkToAChild(
            _ app: RunningApp, ids: [Int], children: [String], parent: String, relation: String
        ) async throws {
            try app.session.press("1")
            let list = try await app.session.eventually("the children list") { screen in
                children.allSatisfy { screen.contains($0 + " ") } && !screen.contains("\"")
            }
            #expect(ResourceScreen.ids(in: list) == ids, "only the children are listed:\n\(list)")
            try app.session.press("Enter")
            try await app.session.eventually("the first child, its parent named") { screen in
                screen.contains("\": \"\(children[0])\"") && screen.contains(relation)
            }
            try app.session.press("Escape")
            try await app.session.eventually("back on the children") { screen in
                children.allSatisfy { screen.contains($0 + " ") } && !screen.contains("\"")
            }
            try app.session.press("Escape")
            try await app.session.eventually("back on the parent") { screen in screen.contains(parent) }
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
            let categoryID = ODataTestServer.categoryID(ofProduct: 64)
            let category = ODataTestServer.categoryName(categoryID)
            try await app.session.eventually("product 64 and its category, named") { screen in
                screen.contains(ODataTestServer.productName(64))
                    && screen.contains("Category → \(categoryID) \(category)")
            }
            try app.session.press("1")
            try await app.session.eventually("its category and its products") { screen in
                screen.contains("\"Name\": \"\(category)\"") && screen.contains("1 Products (4)")
            }
            // Both ways: the category's products (the navigation property's collection), one of them, back.
            try await Self.walkToAChild(
                app, ids: [4, 24, 44, 64], children: [4, 24, 44, 64].map(ODataTestServer.productName),
                parent: "\"Name\": \"\(category)\"", relation: "Category → \(categoryID) \(category)")
            let requests = await server.requests
            #expect(requests.allSatisfy { !$0.path.contains("//") })
            #expect(requests.map(\.path).contains("/odata/Categories(\(categoryID))"))
            #expect(
                requests.contains {
                    $0.path == "/odata/Products"
                        && $0.queryItems.contains { $0.name == "$filter" && $0.value == "CategoryID eq \(categoryID)" }
                })
            await server.stop()
        }
    }
}
