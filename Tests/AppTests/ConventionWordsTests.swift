import Foundation
import JSON
import Modules
import Networking
import Services
import Testing
import Translations

@testable import App

/// A convention's display name and the words of where it found the
/// collections live on the convention (``ServiceConvention/displayName``,
/// ``ServiceConvention/sourceWords(_:)``): the start screen and the list's
/// status line ask the registry, so a convention the App has never heard
/// of is worded as it words itself.
@Suite("A convention's words")
struct ConventionWordsTests {
    /// A convention that is in no App switch.
    struct Gazetteer: ServiceConvention {
        var name: ConventionName { ConventionName("gazetteer") }
        var displayName: String { "Gazetteer" }
        func sourceWords(_ source: DiscoverySource) -> SourceWords { .named("the gazetteer's index") }
        func claims(root: ConventionAnswer) -> Bool { false }
        func discover(root: ConventionAnswer, fetch: @escaping ConventionFetch) async -> ConventionDiscovery? { nil }
    }

    @Test func aNewConventionIsWordedAsItSays() {
        let registry = ConventionRegistry([Gazetteer()])
        let found = ConventionDiscovery(
            convention: ConventionName("gazetteer"), source: DiscoverySource("index"),
            resources: [ResourceDescriptor(name: "places", columns: [])])
        #expect(ConventionDetection.words(found, in: registry) == "the gazetteer's index")
        #expect(ConventionName("gazetteer").displayName(in: registry) == "Gazetteer")
        #expect(ConventionName("unknown").displayName(in: registry) == "unknown")
    }

    @Test func theBuiltInConventionsWordTheirSources() {
        let cases: [(ConventionName, DiscoverySource, String, String)] = [
            (.hal, .halLinks, "HAL", Texts.Start.sourceHALLinks),
            (.django, .djangoRoot, "Django REST", Texts.Start.sourceDjangoRoot),
            (.jsonAPI, .jsonAPILinks, "JSON:API", Texts.Start.sourceJSONAPILinks),
            (.oData, .oDataMetadata, "OData", Texts.Start.sourceODataMetadata),
            (.oData, .oDataServiceDocument, "OData", Texts.Start.sourceODataServiceDocument),
            (.tastypie, .listEndpoints, "tastypie", Texts.Start.sourceListEndpoints),
            (.datasette, .databaseTables, "datasette", Texts.Start.sourceDatabaseTables),
        ]
        for (name, source, display, words) in cases {
            let found = ConventionDiscovery(convention: name, source: source, resources: [])
            #expect(ConventionDetection.words(found) == words, "\(name)")
            #expect(name.displayName() == display, "\(name)")
        }
        // Every built-in convention says both, and no two share a name.
        let names = ConventionRegistry.builtIn.conventions.map(\.displayName)
        #expect(Set(names).count == names.count)
        #expect(ConventionRegistry.builtIn.conventions.allSatisfy { !$0.sourceWords(.configuration).words.isEmpty })
    }
}
