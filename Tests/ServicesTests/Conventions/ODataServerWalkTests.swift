import Foundation
import JSON
import Networking
import Services
import TestSupport
import Testing

/// The OData convention against the faithful OData v4 test server over
/// real HTTP: discovery from the service document and `$metadata`, every
/// server-driven page, records by key predicate, navigation both ways,
/// `$filter`/`$orderby`, and writes.
@Suite("OData convention against an OData server")
struct ODataServerWalkTests {
    let convention = ODataConvention()

    func walk(_ body: (ODataTestServer, WalkingClient, ConventionDiscovery) async throws -> Void) async throws {
        let server = try await ODataTestServer.start()
        let client = WalkingClient(base: server.baseURL.appendingPathComponent("odata"), accept: "application/json")
        do {
            let root = try await client.get("/")
            let found = try #require(await convention.discover(root: root) { await client.get($0) })
            try await body(server, client, found)
            let requests = await server.requests
            #expect(!requests.contains { $0.path.contains("//") }, "\(requests.map(\.path))")
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

    @Test func theSetsAreFoundWithCountsKeysAndRelations() async throws {
        try await walk { _, _, found in
            #expect(found.source == .oDataMetadata)
            #expect(found.counts == ["Products": 64, "Categories": 25, "People": 12])
            let (products, _) = try resource(found, "Products")
            #expect(products.idField == "ID")
            #expect(products.pageSize == ODataTestServer.pageSize)
            #expect(products.relations == [.parent("Category", target: "Categories", by: "CategoryID")])
            let (people, _) = try resource(found, "People")
            #expect(people.idField == "UserName")
            #expect(people.formFields.first?.field == "UserName")
        }
    }

    @Test func everyPageIsReachedByNextLinkAndByTopAndSkip() async throws {
        try await walk { _, client, found in
            let (products, route) = try resource(found, "Products")
            // Server-driven paging: no $top, the service cuts pages and links the next.
            var page = try convention.page(
                from: try await client.get(route.path, convention.queryItems(ListQuery(), route: route, cursor: nil)),
                route: route)
            #expect(page.total == 64)
            var ids = page.records.compactMap { $0["ID"]?.intValue }
            while let next = page.next {
                page = try convention.page(from: try #require(await client.get(next)), route: route)
                ids += page.records.compactMap { $0["ID"]?.intValue }
            }
            #expect(ids == Array(1...64))
            let last = ListQuery(page: 4, limit: products.pageSize)
            let fourth = try convention.page(
                from: try await client.get(route.path, convention.queryItems(last, route: route, cursor: nil)),
                route: route)
            #expect(fourth.records.map { $0["ID"]?.intValue } == (61...64).map(Optional.some))
            #expect(fourth.next == nil)
        }
    }

    @Test func recordsOpenByKeyAndNavigationLeadsBothWays() async throws {
        try await walk { _, client, found in
            let (_, productRoute) = try resource(found, "Products")
            let (categories, categoryRoute) = try resource(found, "Categories")
            let product = try convention.record(
                from: try await client.get(convention.recordPath(id: "23", route: productRoute)), route: productRoute)
            #expect(product["Name"] == .string(ODataTestServer.productName(23)))
            let categoryID = try #require(product["CategoryID"]?.intValue)
            #expect(categoryID == ODataTestServer.categoryID(ofProduct: 23))
            let category = try convention.record(
                from: try await client.get(convention.recordPath(id: String(categoryID), route: categoryRoute)),
                route: categoryRoute)
            #expect(category["Name"] == .string(ODataTestServer.categoryName(categoryID)))
            let children = try #require(categories.relations.first { $0.target == "Products" })
            guard case .children(let key) = children.kind else {
                Issue.record("\(children.kind)")
                return
            }
            let query = ListQuery(filters: [.init(key, String(categoryID))], page: 1, limit: 20)
            let page = try convention.page(
                from: try await client.get(
                    productRoute.path, convention.queryItems(query, route: productRoute, cursor: nil)),
                route: productRoute)
            #expect(page.records.compactMap { $0["ID"]?.intValue } == [3, 23, 43, 63])
            let person = try convention.record(
                from: try await client.get(
                    convention.recordPath(id: "o'brien", route: try resource(found, "People").1)),
                route: productRoute)
            #expect(person["UserName"] == .string("o'brien"))
        }
    }

    @Test func literalsFollowTheMetadataTypes() async throws {
        try await walk { _, client, found in
            let (_, people) = try resource(found, "People")
            #expect(people.facts["key"] == "UserName")
            let query = ListQuery(
                filters: [.init("LastName", "Ito"), .init("Age", "30", .greaterOrEqual)], page: 1, limit: 20,
                search: "a")
            let answer = try await client.get(people.path, convention.queryItems(query, route: people, cursor: nil))
            #expect(answer.status == 200, "\(String(decoding: answer.data, as: UTF8.self))")
            let rows = try convention.page(from: answer, route: people).records
            #expect(!rows.isEmpty)
            #expect(rows.allSatisfy { $0["LastName"] == .string("Ito") && ($0["Age"]?.intValue ?? 0) >= 30 })
            let numeric = try await client.get(convention.recordPath(id: "123", route: people))
            #expect(numeric.status == 404, "a text key stays quoted: People('123')")
        }
    }

    @Test func filtersAndOrderAreAnsweredByTheServer() async throws {
        try await walk { _, client, found in
            let (_, route) = try resource(found, "Products")
            let query = ListQuery(
                filters: [.init("Price", "50", .greater), .init("Name", "Chai", .contains), .init("InStock", "true")],
                sort: [.init("Price", descending: true)], page: 1, limit: 20)
            let answer = try await client.get(route.path, convention.queryItems(query, route: route, cursor: nil))
            #expect(answer.status == 200, "\(String(decoding: answer.data, as: UTF8.self))")
            let page = try convention.page(from: answer, route: route)
            let prices = page.records.compactMap { $0["Price"]?.doubleValue }
            #expect(!prices.isEmpty && prices.allSatisfy { $0 > 50 })
            #expect(prices == prices.sorted(by: >))
            #expect(page.records.allSatisfy { $0["Name"]?.stringValue?.contains("Chai") == true })
        }
    }

    /// OData's `contains` tells case apart; the loaded rows are searched
    /// and `~`-filtered ignoring it. The server must answer what the list
    /// would find here: `chai` finds `Chai …`, by search and by `Name~`.
    @Test func searchAndContainsIgnoreCaseAsTheLoadedRowsDo() async throws {
        try await walk { _, client, found in
            let (_, route) = try resource(found, "Products")
            let chai = (1...ODataTestServer.productCount).filter {
                ODataTestServer.productName($0).lowercased().contains("chai")
            }
            #expect(!chai.isEmpty && chai.allSatisfy { !ODataTestServer.productName($0).contains("chai") })
            for query in [
                ListQuery(page: 1, limit: 100, search: "CHAI"),
                ListQuery(filters: [.init("Name", "chai", .contains)], page: 1, limit: 100),
            ] {
                let items = convention.queryItems(query, route: route, cursor: nil)
                let answer = try await client.get(route.path, items)
                #expect(answer.status == 200, "\(String(decoding: answer.data, as: UTF8.self))")
                let ids = try convention.page(from: answer, route: route).records.compactMap { $0["ID"]?.intValue }
                #expect(ids == chai, "\(items)")
            }
        }
    }

    @Test func writesAreJSONAtTheSetAndTheKey() async throws {
        try await walk { server, client, found in
            let (_, route) = try resource(found, "Products")
            let fields = JSONObject([("Name", .string("Green Tea")), ("Price", .double(4.5)), ("CategoryID", .int(13))])
            let created = try await client.send(convention.write(.create(fields), route: route))
            #expect(created.status == 201)
            let id = try #require(try convention.record(from: created, route: route)["ID"]?.intValue)
            let change = JSONObject([("Price", .double(5))])
            let changed = try await client.send(convention.write(.update(id: String(id), change), route: route))
            #expect(changed.status == 200)
            #expect(try convention.record(from: changed, route: route)["Price"]?.doubleValue == 5)
            #expect(await server.entity("Products", key: .int(id))?["Price"]?.doubleValue == 5)
            let deleted = try await client.send(convention.write(.delete(id: String(id)), route: route))
            #expect(deleted.status == 204)
            #expect(await server.entity("Products", key: .int(id)) == nil)
        }
    }
}
