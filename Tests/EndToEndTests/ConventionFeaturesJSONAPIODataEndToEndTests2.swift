import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// More of issue 26 item 6 on JSON:API and OData: a `:freq` value opens
    /// the list filtered on the server; `in` and date filters.
    @Suite
    struct ConventionFeaturesJSONAPIOData2EndToEndTests {
        typealias Convention = ConventionFeatures2EndToEndTests.Convention
        typealias Served = ConventionFeatures2EndToEndTests.Served

        @Test(arguments: Convention.allCases)
        func aFrequencyValueOpensTheListFilteredOnTheServer(_ convention: Convention) async throws {
            try await ConventionFeatures2EndToEndTests.onList(convention) { app, served in
                try await app.command("freq \(convention.freqField)")
                try await app.session.eventually("the frequency table") { $0.contains("\(convention.freqField) — ") }
                let before = await served.requests.count
                try app.session.press("Enter")
                // The table's first row is the commonest value: JSON:API's featured false, OData's InStock true.
                let expected = (1...convention.count).filter { convention.freqValue($0) == convention.commonest }
                let shown = try await app.session.eventually("the records with the commonest \(convention.freqField)") {
                    let ids = ResourceScreen.ids(in: $0)
                    return ids.count > 5 && ids == Array(expected.prefix(ids.count))
                }
                #expect(shown.contains("where \(convention.freqField) = \(convention.commonest)"), "\(shown)")
                let queries = await served.listRequests(after: before, convention).map(Served.decoded)
                #expect(queries.contains { $0.contains(convention.commonestFilter) }, "\(queries)")
            }
        }

        @Test(arguments: Convention.allCases)
        func inAndDateFiltersAreSent(_ convention: Convention) async throws {
            try await ConventionFeatures2EndToEndTests.onList(convention) { app, served in
                let name = convention.collection
                let id = convention == .jsonAPI ? "id" : "ID"
                try await app.command("\(name) \(id) in 3,5,7")
                try await app.session.eventually("records 3, 5 and 7") { ResourceScreen.ids(in: $0) == [3, 5, 7] }
                let date = convention == .jsonAPI ? "published" : "Released"
                try await app.command("\(name) \(date)>=\(convention == .jsonAPI ? "2024" : "2023")-12-20")
                let shown = try await app.session.eventually("the records from Dec 20 on") { screen in
                    let ids = ResourceScreen.ids(in: screen)
                    return !ids.isEmpty && !ids.contains(1)
                }
                let dateFilter =
                    convention == .jsonAPI ? "filter[published][ge]=2024-12-20" : "$filter=Released ge 2023-12-20"
                // The rows may show (filtered here over the loaded ones) before the server logs the query.
                _ = await waitUntil {
                    let queries = await served.decodedQueries(convention)
                    return queries.contains { $0.contains(convention.inFilter) }
                        && queries.contains { $0.contains(dateFilter) }
                }
                let queries = await served.decodedQueries(convention)
                #expect(queries.contains { $0.contains(convention.inFilter) }, "\(queries)")
                #expect(queries.contains { $0.contains(dateFilter) }, "\(queries)")
                #expect(!ResourceScreen.ids(in: shown).isEmpty, "\(shown)")
            }
        }
    }
}

extension EndToEnd.ConventionFeatures2EndToEndTests.Convention {
    /// The commonest value of `freqField`, and the filter that asks for it.
    var commonest: Bool { self == .oData }
    var commonestFilter: String { self == .jsonAPI ? "filter[featured]=false" : "$filter=InStock eq true" }
    /// What `id in 3,5,7` sends.
    var inFilter: String { self == .jsonAPI ? "filter[id][in]=3,5,7" : "ID eq 3 or ID eq 5 or ID eq 7" }
}
