import Foundation
import Services
import TerminalUI
import TestSupport
import Testing

@testable import App

/// The first screen of a plain start is the catalog's choice
/// (``ResourceCatalog/opening``), made where the catalog is made: the
/// built-in catalog opens on its todos, a config file's on its first
/// resource, a found one (document, convention) on its todos if it has
/// them, else on the start screen.
@MainActor
@Suite("The catalog's opening")
struct StartOpeningTests {
    private func opened(_ catalog: (ResourceCatalog) -> ResourceCatalog) async throws -> [String] {
        let home = try TemporaryHome()
        defer { home.remove() }
        var prepared = try await SampleStart.prepare(in: home)
        prepared.configuration.catalog = catalog(prepared.catalog)
        let router = AppRoot.makeRouter(prepared, terminal: InMemoryTerminal(size: Size(rows: 24, cols: 100)))
        defer { router.stopAll() }
        let names = router.stack.map(\.breadcrumb)
        await home.remove(after: prepared.services.storage)
        return names
    }

    @Test func theBuiltInCatalogOpensOnItsTodos() async throws {
        #expect(ResourceCatalog.jsonPlaceholder.opening == .resource("todos"))
        #expect(try await opened { $0 } == ["", "todos"])
    }

    @Test func aCatalogNamingAnotherCollectionOpensOnIt() async throws {
        let names = try await opened { catalog in
            var chosen = catalog
            chosen.opening = .resource("posts")
            return chosen
        }
        #expect(names == ["", "posts"])
    }

    @Test func aFoundCatalogWithoutTodosOpensOnTheStartScreen() async throws {
        let names = try await opened { catalog in
            var found = ResourceCatalog(
                ["users", "posts"].compactMap { catalog[$0] }, source: "http://127.0.0.1:9/openapi.json")
            found.opening = found.foundOpening
            return found
        }
        #expect(names == [""])
    }

    @Test func aFoundCatalogWithTodosOpensOnThemWhereverTheyAre() async throws {
        let catalog = ResourceCatalog(
            ["users", "todos"].map { ResourceDescriptor(name: $0, columns: []) }, source: "openapi.json")
        #expect(catalog.foundOpening == .resource("todos"))
        #expect(catalog.openingResource?.name == "users")
        let names = try await opened { builtIn in
            var found = ResourceCatalog(["users", "todos"].compactMap { builtIn[$0] }, source: "openapi.json")
            found.opening = found.foundOpening
            return found
        }
        #expect(names == ["", "todos"])
    }

    @Test func aConventionsCatalogIsAFoundOne() async throws {
        let home = try TemporaryHome()
        defer { home.remove() }
        let prepared = try await SampleStart.prepare(in: home)
        let configuration = prepared.configuration
        let people = ConventionDiscovery(
            convention: .hal, source: .halLinks, resources: [ResourceDescriptor(name: "people", columns: [])])
        #expect(ConventionDetection.with(people, configuration).catalog.opening == .startScreen)
        let todos = ConventionDiscovery(
            convention: .hal, source: .halLinks, resources: [ResourceDescriptor(name: "todos", columns: [])])
        #expect(ConventionDetection.with(todos, configuration).catalog.opening == .resource("todos"))
        await home.remove(after: prepared.services.storage)
    }
}
