import Foundation
import JSON
import TestSupport
import Testing

extension EndToEnd {
    /// Writes on every convention, through the real binary given only the
    /// service's root: create through the form, edit a field, toggle a
    /// boolean where the resource has one, delete after the question. After
    /// each step the screen shows the change, the faithful test server holds
    /// it, and the request it received is in the convention's own format
    /// (method, path with its trailing slash or key predicate and no `//`,
    /// media type, body shape).
    @Suite
    struct ConventionWritesEndToEndTests {
        @Test func aHALServiceTakesWritesAsSpringDataRESTDoes() async throws {
            let server = try await HALTestServer.start()
            let walk = try ConventionWriteWalk(root: server.apiRoot) { await server.requests }
            defer { walk.stop() }
            try await walk.open("books", from: "from HAL links", shows: "Book 1 ")

            var mark = await walk.mark()
            let (id, created) = try await walk.create(
                "book", labels: ["Title", "Year"], [.text("e2e HAL volume"), .text("2024")])
            #expect(id == HALTestServer.bookCount + 1)
            let row = try #require(ResourceScreen.row(ofID: id, in: created), "\(created)")
            #expect(row.contains("e2e HAL volume") && row.contains("2024"))
            #expect(await server.record("books", id: id)?["title"] == .string("e2e HAL volume"))
            var sent = try #require(await walk.written(since: mark).only)
            #expect(sent.line == "POST /api/books")
            #expect(["application/hal+json", "application/json"].contains(sent.mediaType))
            #expect(sent.json == .object(JSONObject([("title", "e2e HAL volume"), ("year", 2024)])))

            mark = await walk.mark()
            let edited = try await walk.edit("book", id: 3, [.text("Book 3, revised")])
            #expect(ResourceScreen.row(ofID: 3, in: edited)?.contains("Book 3, revised") == true)
            #expect(await server.record("books", id: 3)?["title"] == .string("Book 3, revised"))
            #expect(await server.record("books", id: 3)?["authorId"] == .int(HALTestServer.authorOf(book: 3)))
            sent = try #require(await walk.written(since: mark).only)
            #expect(sent.line == "PATCH /api/books/3")
            #expect(sent.json["title"] == .string("Book 3, revised") && sent.json["_links"] == nil)

            // Books hold no boolean: nothing to toggle.
            mark = await walk.mark()
            try await walk.delete("book", id: 5, label: "Book 5")
            #expect(await server.record("books", id: 5) == nil)
            #expect(await walk.written(since: mark).map(\.line) == ["DELETE /api/books/5"])
            #expect(await server.requests.allSatisfy { !$0.path.contains("//") })
            await server.stop()
        }

        @Test func aJSONAPIServiceTakesWritesAsResourceDocuments() async throws {
            let server = try await JSONAPITestServer.start()
            let walk = try ConventionWriteWalk(root: server.rootURL) { await server.requests }
            defer { walk.stop() }
            try await walk.open("articles", from: "from JSON:API links", shows: "Article 1 on")

            var mark = await walk.mark()
            let (id, created) = try await walk.create(
                "article", labels: ["Title", "Word Count", "Published", "Featured", "Author"],
                [.text("e2e JSON:API notes"), .text("420"), .text("2025-01-02"), .flip, .text("7")])
            #expect(id == JSONAPITestServer.articleCount + 1)
            #expect(ResourceScreen.row(ofID: id, in: created)?.contains("e2e JSON:API notes") == true, "\(created)")
            let saved = try #require(await server.attributes(of: "articles", id: String(id)))
            #expect(saved["title"] == .string("e2e JSON:API notes") && saved["featured"] == .bool(true))
            var sent = try #require(await walk.written(since: mark).only)
            #expect(sent.line == "POST /jsonapi/articles")
            #expect(sent.mediaType == JSONAPITestServer.mediaType)
            let data = sent.json["data"]
            #expect(data?["type"] == .string("articles") && data?["id"] == nil)
            #expect(data?["attributes"]?["wordCount"] == .int(420) && data?["attributes"]?["author"] == nil)
            #expect(
                data?["relationships"]?["author"]?["data"]
                    == .object(JSONObject([("type", "people"), ("id", "7")])))

            mark = await walk.mark()
            let edited = try await walk.edit("article", id: 3, [.text("Article 3, revised")])
            #expect(ResourceScreen.row(ofID: 3, in: edited)?.contains("Article 3, revised") == true)
            #expect(await server.attributes(of: "articles", id: "3")?["title"] == .string("Article 3, revised"))
            sent = try #require(await walk.written(since: mark).only)
            #expect(sent.line == "PATCH /jsonapi/articles/3" && sent.mediaType == JSONAPITestServer.mediaType)
            #expect(sent.json["data"]?["type"] == .string("articles") && sent.json["data"]?["id"] == .string("3"))
            #expect(sent.json["data"]?["attributes"]?["title"] == .string("Article 3, revised"))

            // Article 4 is featured (every fourth is).
            mark = await walk.mark()
            let unfeatured = try await walk.toggle("article", id: 4, to: "not featured")
            #expect(ResourceScreen.row(ofID: 4, in: unfeatured)?.contains("·") == true)
            #expect(ResourceScreen.row(ofID: 4, in: unfeatured)?.contains("✓") == false)
            #expect(await server.attributes(of: "articles", id: "4")?["featured"] == .bool(false))
            sent = try #require(await walk.written(since: mark).only)
            #expect(sent.line == "PATCH /jsonapi/articles/4")
            #expect(sent.json["data"]?["attributes"] == .object(JSONObject([("featured", false)])))

            mark = await walk.mark()
            try await walk.delete("article", id: 5, label: JSONAPITestServer.articleTitle(5))
            #expect(await server.attributes(of: "articles", id: "5") == nil)
            #expect(await walk.written(since: mark).map(\.line) == ["DELETE /jsonapi/articles/5"])
            #expect(await server.requests.allSatisfy { !$0.path.contains("//") })
            await server.stop()
        }

        @Test func anODataServiceTakesWritesAtKeyPredicates() async throws {
            let server = try await ODataTestServer.start()
            let walk = try ConventionWriteWalk(root: server.rootURL) { await server.requests }
            defer { walk.stop() }
            try await walk.open("Products", from: "from OData $metadata", shows: ODataTestServer.productName(1) + " ")

            var mark = await walk.mark()
            let (id, created) = try await walk.create(
                "Product", labels: ["Name", "Price", "In Stock", "Released"],
                [.text("e2e OData tea"), .text("4.5"), .flip, .text("2025-02-03"), .text("3")])
            #expect(id == ODataTestServer.productCount + 1)
            #expect(ResourceScreen.row(ofID: id, in: created)?.contains("e2e OData tea") == true, "\(created)")
            let saved = try #require(await server.entity("Products", key: .int(id)))
            #expect(saved["Price"] == .double(4.5) && saved["InStock"] == .bool(true))
            var sent = try #require(await walk.written(since: mark).only)
            #expect(sent.line == "POST /odata/Products" && sent.mediaType == "application/json")
            #expect(sent.json["Name"] == .string("e2e OData tea") && sent.json["CategoryID"] == .int(3))
            #expect(sent.json["ID"] == nil && sent.json.objectValue?.keys.contains { $0.contains("@") } == false)

            // Product 3 costs 58.75: the form sends the fraction back as it was.
            mark = await walk.mark()
            let edited = try await walk.edit("Product", id: 3, [.text("Gumbo Mix, revised")])
            #expect(ResourceScreen.row(ofID: 3, in: edited)?.contains("Gumbo Mix, revised") == true)
            let changed = try #require(await server.entity("Products", key: .int(3)))
            #expect(changed["Name"] == .string("Gumbo Mix, revised") && changed["Price"] == .double(58.75))
            sent = try #require(await walk.written(since: mark).only)
            #expect(sent.line == "PATCH /odata/Products(3)" && sent.mediaType == "application/json")
            #expect(sent.header("Prefer") == "return=representation")

            // Product 4 is in stock (all but every third are).
            mark = await walk.mark()
            let unstocked = try await walk.toggle("Product", id: 4, to: "not InStock")
            #expect(ResourceScreen.row(ofID: 4, in: unstocked)?.contains("·") == true)
            #expect(ResourceScreen.row(ofID: 4, in: unstocked)?.contains("✓") == false)
            #expect(await server.entity("Products", key: .int(4))?["InStock"] == .bool(false))
            sent = try #require(await walk.written(since: mark).only)
            #expect(sent.line == "PATCH /odata/Products(4)")
            #expect(sent.json == .object(JSONObject([("InStock", false)])))

            mark = await walk.mark()
            try await walk.delete("Product", id: 5, label: ODataTestServer.productName(5))
            #expect(await server.entity("Products", key: .int(5)) == nil)
            #expect(await walk.written(since: mark).map(\.line) == ["DELETE /odata/Products(5)"])
            #expect(await server.requests.allSatisfy { !$0.path.contains("//") })
            await server.stop()
        }

        /// In production, with the question before the first write answered `yes`.
        @Test func aDjangoServiceTakesWritesAtItsSlashURLs() async throws {
            let server = try await DjangoTestServer.start()
            let walk = try ConventionWriteWalk(
                root: server.apiRoot, ["--env", "production"],
                environment: ["TRESTLE_CONFIRM_PRODUCTION_WRITES": "true"]
            ) { await server.requests }
            defer { walk.stop() }
            try await walk.open("books", from: "from the Django REST root", shows: "Volume 1 ")

            var mark = await walk.mark()
            try walk.app.session.press("n")
            try await walk.app.session.eventuallyShows("type yes to write to production")
            #expect(await walk.written(since: mark).isEmpty)
            try walk.app.session.type("yes")
            try walk.app.session.press("Enter")
            try await walk.app.session.eventuallyShows(" New book ")
            try walk.app.session.press("Escape")
            try await walk.app.session.eventually("the form closed") { !$0.contains(" New book ") }

            let (id, created) = try await walk.create(
                "book", labels: ["Title", "Year", "Publisher", "Pages"],
                [.text("e2e DRF volume"), .text("2024"), .text("4"), .text("321")])
            #expect(id == DjangoTestServer.bookCount + 1)
            #expect(ResourceScreen.row(ofID: id, in: created)?.contains("e2e DRF volume") == true, "\(created)")
            #expect(await server.record("books", id: id)?["publisher"] == .int(4))
            var sent = try #require(await walk.written(since: mark).only)
            #expect(sent.line == "POST /api/books/" && sent.mediaType == "application/json")
            #expect(
                sent.json
                    == .object(
                        JSONObject([("title", "e2e DRF volume"), ("year", 2024), ("publisher", 4), ("pages", 321)])))

            mark = await walk.mark()
            let edited = try await walk.edit("book", id: 3, [.text("Volume 3, revised")])
            #expect(ResourceScreen.row(ofID: 3, in: edited)?.contains("Volume 3, revised") == true)
            #expect(await server.record("books", id: 3)?["title"] == .string("Volume 3, revised"))
            sent = try #require(await walk.written(since: mark).only)
            #expect(sent.line == "PATCH /api/books/3/" && sent.json["title"] == .string("Volume 3, revised"))

            // Books hold no boolean: nothing to toggle.
            mark = await walk.mark()
            try await walk.delete("book", id: 5, label: "Volume 5")
            #expect(await server.record("books", id: 5) == nil)
            #expect(await walk.written(since: mark).map(\.line) == ["DELETE /api/books/5/"])
            #expect(await server.requests.allSatisfy { !$0.path.contains("//") })
            await server.stop()
        }

        @Test func readOnlyRefusesWritesOnAJSONAPIService() async throws {
            let server = try await JSONAPITestServer.start()
            let walk = try ConventionWriteWalk(root: server.rootURL, ["--env", "production", "--read-only"]) {
                await server.requests
            }
            defer { walk.stop() }
            let list = try await walk.open("articles", from: "from JSON:API links", shows: "Article 1 on")
            #expect(ResourceScreen.status(list).contains("READ-ONLY"))
            try await walk.app.moveCursor(to: 4)
            for key in ["Space", "n", "e", "d"] {
                try walk.app.session.press(key)
                try await walk.app.session.eventually("\(key) refused") { screen in
                    ResourceScreen.status(screen).contains("Read-only: not sent (--read-only)")
                }
            }
            // Keys are read in order: once j has moved the cursor, none of them opened a form or a question.
            try walk.app.session.press("j")
            let after = try await walk.app.eventuallyCursor(on: 5)
            #expect(
                !after.contains(" New article ") && !after.contains(" Edit article ") && !after.contains("y deletes"))
            #expect(await server.attributes(of: "articles", id: "4")?["featured"] == .bool(true))
            #expect(await walk.written(since: 0).isEmpty)
            await server.stop()
        }
    }
}

extension Array {
    /// The one element, or nil when there are none or several.
    var only: Element? { count == 1 ? first : nil }
}
