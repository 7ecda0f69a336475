import Foundation
import JSON

/// An OData v4 service for the convention tests, under `/odata`: 25
/// `Categories`, 64 `Products` (each with a `CategoryID` and a `Category`
/// navigation property whose referential constraint names it; a category's
/// `Products` is its partner) and 12 `People` keyed by `UserName`.
///
/// What it speaks, as OData v4.01's URL conventions and JSON format say:
/// the service document at the root; `$metadata` (CSDL XML, the schema
/// under the alias `Shop`); entity sets answered as
/// `{"@odata.context", "@odata.count" (with `$count=true`), "value",
/// "@odata.nextLink"}` in server-driven pages of 20 (`Prefer:
/// odata.maxpagesize` asks fewer); `$top`, `$skip`, `$orderby` (`Name desc,
/// ID`), `$filter` (`eq ne lt le gt ge`, `and`, `or`, `not`, parentheses,
/// `contains()`, `startswith()`, `endswith()`), `$select`, `$expand` of a
/// to-one navigation property, `/Products/$count`; keys in parentheses
/// (`Products(5)`, `People('o''brien')`); navigation (`Products(5)/Category`,
/// `Categories(3)/Products`); `POST` (`201`, `Location`), `PATCH` and `PUT`
/// (`204`, or `200` with `Prefer: return=representation`), `DELETE` (`204`).
/// A system query option it does not know, an unknown property in a filter,
/// an order or a body, is `400` with an `error` object; a write that is not
/// `application/json` is `415`.
///
/// A real HTTP server on 127.0.0.1 (``TestHTTPServer``); writes are kept
/// for the server's life. End it with ``stop()``.
public final class ODataTestServer: Sendable {
    public let server: TestHTTPServer
    private let state: ODataState

    public var baseURL: URL { server.baseURL }
    /// The service root, `http://127.0.0.1:<port>/odata/`.
    public var rootURL: URL { server.baseURL.appendingPathComponent("odata/") }

    private init(server: TestHTTPServer, state: ODataState) {
        self.server = server
        self.state = state
    }

    /// - Parameter metadata: what `$metadata` answers instead of the
    ///   schema (a refused or broken document, for the fault tests).
    public static func start(metadata: TestHTTPResponse? = nil) async throws -> ODataTestServer {
        let state = ODataState(metadata: metadata)
        let server = try await TestHTTPServer.start { request in await state.answer(request) }
        await state.listen(at: server.baseURL)
        return ODataTestServer(server: server, state: state)
    }

    public func stop() async { await server.stop() }

    /// Every request received so far, in order.
    public var requests: [TestHTTPRequest] { get async { await server.requests } }

    /// The entity of `set` with key `key` as held now (`"Products"`, `.int(5)`).
    public func entity(_ set: String, key: JSONValue) async -> JSONObject? { await state.entity(set, key: key) }

    public static let productCount = 64
    public static let categoryCount = 25
    public static let personCount = 12
    /// Entities a page holds unless `Prefer: odata.maxpagesize` asks fewer.
    public static let pageSize = 20
    /// `$metadata`, as served.
    public static var metadata: String { ODataData.metadata }
    /// The category of product `number`.
    public static func categoryID(ofProduct number: Int) -> Int { ODataData.categoryID(ofProduct: number) }
    /// The name of product `number`.
    public static func productName(_ number: Int) -> String { ODataData.productName(number) }
    /// The `Price` of product `number` as served at the start.
    public static func productPrice(_ number: Int) -> Double { ODataData.product(number)["Price"]?.doubleValue ?? 0 }
    /// Whether product `number` is `InStock` at the start.
    public static func productInStock(_ number: Int) -> Bool {
        ODataData.product(number)["InStock"]?.boolValue ?? false
    }
    /// The name of category `id`.
    public static func categoryName(_ id: Int) -> String { ODataData.categoryWords[id - 1] }
    /// The user names of the people, in order.
    public static var userNames: [String] { ODataData.userNames }
}
