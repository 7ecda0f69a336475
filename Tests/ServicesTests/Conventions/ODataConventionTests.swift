import Foundation
import JSON
import Networking
import Services
import Testing

/// OData v4 as pure functions: pages, literals, key predicates, query
/// options, writes and discovery from the service document and `$metadata`.
@Suite("OData convention")
struct ODataConventionTests {
    let convention = ODataConvention()

    static func answer(_ url: String, _ body: String, type: String? = "application/json") throws -> ConventionAnswer {
        ConventionAnswer(url: try #require(URL(string: url)), mediaType: type, data: Data(body.utf8))
    }

    static let serviceDocument = """
        {"@odata.context":"http://h/odata/$metadata","value":[
          {"name":"Products","kind":"EntitySet","url":"Products"},
          {"name":"Categories","kind":"EntitySet","url":"Categories"},
          {"name":"Me","kind":"Singleton","url":"Me"}]}
        """

    @Test func aPageHasItsEntitiesCountAndNextLink() throws {
        let body = """
            {"@odata.context":"http://h/odata/$metadata#Products","@odata.count":64,
             "value":[{"@odata.etag":"W/\\"1\\"","ID":1,"Name":"Chai","Category@odata.navigationLink":"Products(1)/Category",
                       "Category":{"ID":1,"Name":"Beverages"}}],
             "@odata.nextLink":"Products?$count=true&$skip=20"}
            """
        let page = try convention.page(
            from: try Self.answer("http://h/odata/Products?$count=true", body), route: ResourceRoute(path: "/Products"))
        #expect(page.records == [.object(JSONObject([("ID", .int(1)), ("Name", .string("Chai"))]))])
        #expect(page.total == 64)
        #expect(page.next?.absoluteString == "http://h/odata/Products?$count=true&$skip=20")
        #expect(
            try convention.record(
                from: try Self.answer("http://h/odata/Products(1)", #"{"@odata.context":"x","ID":1}"#),
                route: ResourceRoute(path: "/Products")) == .object(JSONObject([("ID", .int(1))])))
    }

    @Test func literalsAreTypedByTheirPropertyOrTheirLook() {
        #expect(ODataLiteral.literal("5", type: "Edm.Int32") == "5")
        #expect(ODataLiteral.literal("01234", type: "Edm.String") == "'01234'")
        #expect(ODataLiteral.literal("o'brien", type: nil) == "'o''brien'")
        #expect(ODataLiteral.literal("2.5", type: nil) == "2.5")
        #expect(ODataLiteral.literal("true", type: "Edm.Boolean") == "true")
        #expect(ODataLiteral.literal("2024-05-01", type: "Edm.Date") == "2024-05-01")
        #expect(ODataLiteral.literal("soon", type: "Edm.Date") == "'soon'")
        #expect(ODataLiteral.literal("1e5", type: nil) == "'1e5'")
        #expect(ODataLiteral.literal("true", type: nil) == "true")
        #expect(ODataLiteral.literal("true", type: "Edm.String") == "'true'")
    }

    @Test func recordsAreAddressedByKeyPredicates() {
        let products = ResourceRoute(path: "/Products")
        #expect(convention.recordPath(id: "5", route: products) == "/Products(5)")
        #expect(convention.recordPath(id: "o'brien", route: ResourceRoute(path: "/People")) == "/People('o''brien')")
        #expect(convention.recordPath(id: "a b/c", route: ResourceRoute(path: "/People/")) == "/People('a%20b%2Fc')")
        #expect(
            convention.recordPath(id: "http://h/odata/Products(5)", route: products) == "http://h/odata/Products(5)")
    }

    @Test func filtersSortAndPagingAreQueryOptions() {
        let query = ListQuery(
            filters: [
                .init("CategoryID", "3"), .init("Price", "10", .less), .init("Name", "chai", .contains),
                .init("ID", "1,2", .oneOf),
            ],
            sort: [.init("Price", descending: true), .init("Name")], page: 3, limit: 20)
        let items = convention.queryItems(query, route: ResourceRoute(path: "/Products"), cursor: nil)
        #expect(
            items.map { "\($0.name)=\($0.value ?? "")" } == [
                "$filter=(CategoryID eq 3) and (Price lt 10) and (contains(tolower(Name),'chai')) and (ID eq 1 or ID eq 2)",
                "$orderby=Price desc,Name", "$top=20", "$skip=40", "$count=true",
            ])
        #expect(
            convention.queryItems(ListQuery(limit: 20), route: ResourceRoute(path: "/P"), cursor: nil).map(\.name) == [
                "$top", "$count",
            ])
    }

    @Test func writesAreJSONAtTheSetOrTheKey() throws {
        let route = ResourceRoute(path: "/Products")
        let fields = JSONObject([("Name", .string("Tea")), ("@odata.etag", .string("x"))])
        let create = convention.write(.create(fields), route: route)
        #expect(create.method == .post && create.path == "/Products")
        #expect(create.contentType == "application/json")
        #expect(try JSONParser.parse(try #require(create.body)).objectValue?.keys == ["Name"])
        #expect(convention.write(.update(id: "5", fields), route: route).path == "/Products(5)")
        #expect(convention.write(.update(id: "5", fields), route: route).method == .patch)
        #expect(convention.write(.replace(id: "5", fields), route: route).method == .put)
        #expect(convention.write(.delete(id: "5"), route: route).path == "/Products(5)")
    }

    @Test func theServiceDocumentIsClaimedAndOtherRootsAreNot() throws {
        #expect(convention.claims(root: try Self.answer("http://h/odata", Self.serviceDocument)))
        #expect(!convention.claims(root: try Self.answer("http://h/api", #"{"value":[1,2]}"#)))
        #expect(!convention.claims(root: try Self.answer("http://h/api", #"{"links":{"a":"/a"}}"#)))
    }

    @Test func discoveryReadsSetsMetadataAndCounts() async throws {
        let products =
            #"{"@odata.count":64,"value":[{"ID":1,"Name":"Chai","Price":2.5,"CategoryID":1}],"@odata.nextLink":"Products?$skip=1"}"#
        let answers: [String: ConventionAnswer] = [
            "http://h/odata/$metadata": try Self.answer(
                "http://h/odata/$metadata", ODataMetadataTests.csdl, type: "application/xml"),
            "http://h/odata/Products?$count=true": try Self.answer("http://h/odata/Products?$count=true", products),
            "http://h/odata/Categories?$count=true": try Self.answer(
                "http://h/odata/Categories?$count=true", #"{"@odata.count":25,"value":[{"ID":1}]}"#),
        ]
        let root = try Self.answer("http://h/odata", Self.serviceDocument)
        let found = try #require(await convention.discover(root: root) { answers[$0.absoluteString] })
        #expect(found.source == .oDataMetadata)
        #expect(found.resources.map(\.name) == ["Products", "Categories"])
        #expect(found.counts == ["Products": 64, "Categories": 25])
        let product = found.resources[0]
        #expect(product.route?.path == "/Products")
        #expect(product.route?.convention == .oData)
        #expect(product.idField == "ID")
        #expect(product.labelField == "Name")
        #expect(product.pageSize == 1)
        #expect(product.columns.map(\.field) == ["ID", "Name", "Price", "CategoryID"])
        #expect(product.formFields.map(\.field) == ["Name", "Price", "CategoryID"])
        #expect(product.relations == [.parent("Category", target: "Categories", by: "CategoryID")])
        #expect(
            found.resources[1].relations == [
                ResourceDescriptor.Relation("Products", target: "Products", .children(foreignKey: "CategoryID"))
            ])
    }

    @Test func withoutMetadataTheServiceDocumentStillNamesTheSets() async throws {
        let root = try Self.answer("http://h/odata/", Self.serviceDocument)
        let found = try #require(await convention.discover(root: root) { _ in nil })
        #expect(found.source == .oDataServiceDocument)
        #expect(found.resources.map(\.route?.path) == ["/Products", "/Categories"])
    }
}
