import Services
import Testing

/// A registry finds a convention by its name: the first of that name, and
/// the one put in its place when the list changes.
@Suite("Convention registry")
struct ConventionRegistryTests {
    @Test func aNameFindsTheFirstConventionOfThatName() throws {
        let registry = ConventionRegistry([HALConvention(), JSONServerConvention(), JSONServerConvention(dialect: .v1)])
        #expect(try #require(registry.named(.hal)).name == .hal)
        let jsonServer = try #require(registry.named(.jsonServer) as? JSONServerConvention)
        #expect(jsonServer.dialect == JSONServerConvention().dialect)
        #expect(registry.named(.django) == nil)
    }

    @Test func aConventionPutInPlaceIsTheOneFound() throws {
        var registry = ConventionRegistry.builtIn
        registry.conventions = registry.conventions.map { convention in
            convention.name == .jsonServer ? JSONServerConvention(dialect: .v1) : convention
        }
        let jsonServer = try #require(registry.named(.jsonServer) as? JSONServerConvention)
        #expect(jsonServer.dialect == .v1)
        registry.conventions.removeAll { $0.name == .hal }
        #expect(registry.named(.hal) == nil)
    }
}
