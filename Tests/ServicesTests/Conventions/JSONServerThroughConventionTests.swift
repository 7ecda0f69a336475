import Foundation
import JSON
import Networking
import Services
import TestSupport
import Testing

/// json-server goes through its `ServiceConvention` only: the live service
/// spells a name-only collection's list, reads its pages and reads `/db`
/// by whatever convention its registry names `json-server`, with no path
/// of its own beside the conventions'.
@Suite("json-server through its convention")
struct JSONServerThroughConventionTests {
    static let sampleData = BuiltProducts.packageRoot.appendingPathComponent("sample-data/db.json")

    /// json-server's convention with a parameter of its own, and a `/db`
    /// that names only its first two collections.
    struct Marked: ServiceConvention {
        var inner = JSONServerConvention()

        var name: ConventionName { .jsonServer }
        var displayName: String { "marked" }
        func sourceWords(_ source: DiscoverySource) -> SourceWords { .named("marked") }
        func claims(root: ConventionAnswer) -> Bool { false }

        func discover(root: ConventionAnswer, fetch: @escaping ConventionFetch) async -> ConventionDiscovery? {
            guard var found = await inner.discover(root: root, fetch: fetch) else { return nil }
            found.resources = Array(found.resources.prefix(2))
            return found
        }

        func page(from answer: ConventionAnswer, route: ResourceRoute) throws(NetworkError) -> ConventionPage {
            var page = try inner.page(from: answer, route: route)
            page.records = page.records.map { record in
                guard case .object(var object) = record else { return record }
                object["marked"] = .bool(true)
                return .object(object)
            }
            return page
        }

        func queryItems(_ query: ListQuery, route: ResourceRoute, cursor: String?) -> [URLQueryItem] {
            inner.queryItems(query, route: route, cursor: cursor) + [URLQueryItem(name: "marked", value: "1")]
        }

        func speaking(_ dialect: ServerDialect, about resource: ResourceDescriptor) -> any ServiceConvention {
            Marked(inner: JSONServerConvention(dialect: dialect))
        }
    }

    @Test func aNameOnlyCollectionIsListedAndReadByTheRegistrysJSONServerConvention() async throws {
        let server = try await EngineTestServer.start(file: Self.sampleData, dialect: .v0)
        defer { Task { await server.stop() } }
        var api = ServerDialectTests.service(server.baseURL)
        api.conventions = ConventionRegistry([Marked()])
        let listing = try await api.records(.todos, ListQuery(page: 1, limit: 5))
        #expect(listing.items.count == 5)
        #expect(listing.items.allSatisfy { $0["marked"] == .bool(true) })
        #expect(await server.requests.last?.query == "_page=1&_limit=5&marked=1")
    }

    @Test func dbIsReadByTheRegistrysJSONServerConvention() async throws {
        let server = try await EngineTestServer.start(file: Self.sampleData, dialect: .v0)
        defer { Task { await server.stop() } }
        var api = ServerDialectTests.service(server.baseURL)
        #expect(await api.discoverResources().count > 2)
        api.conventions = ConventionRegistry([Marked()])
        #expect(await api.discoverResources().count == 2)
    }
}
