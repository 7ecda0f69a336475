import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// Issue 26 item 6 on JSON:API and OData, in tmux against the faithful
    /// servers: `/` search, server sort, `:` filters with operators, `:curl`,
    /// `:history`, `:freq`, the inspector, `:watch`, `:export` and `G` to the
    /// last record — each asserted on the screen and on what the server was sent.
    @Suite
    struct ConventionFeaturesJSONAPIODataEndToEndTests {
        typealias Convention = ConventionFeatures2EndToEndTests.Convention
        typealias Served = ConventionFeatures2EndToEndTests.Served

        /// OData searches its string properties with `contains()`; JSON:API
        /// defines no search, so the loaded rows are searched and the server
        /// is sent no made-up parameter (the faithful server answers one with `400`).
        @Test(arguments: Convention.allCases)
        func searchFindsTheFewMatchingRows(_ convention: Convention) async throws {
            try await ConventionFeatures2EndToEndTests.onList(convention) { app, served in
                let before = await served.requests.count
                try app.session.press("/")
                try app.session.type(convention.searchText)
                try await app.session.eventually("only record 33") { ResourceScreen.ids(in: $0) == [33] }
                if let expected = convention.searchQuery {
                    let sent = try await Self.eventuallyRequest(served, convention, after: before) {
                        $0.contains(expected)
                    }
                    #expect(sent.contains(expected), "\(sent)")
                    // The server's answer is drawn: still only 33.
                    let settled = try await app.session.eventually("the search answered") { screen in
                        ResourceScreen.ids(in: screen) == [33]
                    }
                    #expect(ResourceScreen.ids(in: settled) == [33], "\(settled)")
                }
                // Esc clears the search; its reload comes after any search request.
                try app.session.press("Escape")
                try await app.session.eventually("every record again") { ResourceScreen.ids(in: $0).count > 20 }
                let queries = await served.listRequests(after: before, convention).map(Served.decoded)
                let searches = queries.filter { $0.lowercased().contains(convention.searchText.lowercased()) }
                if convention.searchQuery == nil {
                    #expect(searches.isEmpty, "\(queries)")
                } else {
                    #expect(!searches.isEmpty, "\(queries)")
                }
            }
        }

        @Test(arguments: Convention.allCases)
        func sortIsAskedOfTheServer(_ convention: Convention) async throws {
            try await ConventionFeatures2EndToEndTests.onList(convention) { app, served in
                try app.session.press("s", "S")
                let title = convention == .jsonAPI ? "Title ▼" : "Name ▼"
                let sorted = try await app.session.eventually("sorted by \(title)") { screen in
                    Self.columnHeader(screen, convention)?.contains(title) == true
                        && ResourceScreen.ids(in: screen).first == convention.firstDescending
                }
                #expect(ResourceScreen.ids(in: sorted).first == convention.firstDescending, "\(sorted)")
                let queries = await served.decodedQueries(convention)
                #expect(queries.contains { $0.contains(convention.descendingSort) }, "\(queries)")
            }
        }

        /// JSON:API sorts by attributes only: the Author column (a
        /// relationship) is sorted here, never sent (`sort=author` answered
        /// 400 and left an empty list).
        @Test func aRelationshipColumnIsSortedHereOnJSONAPI() async throws {
            try await ConventionFeatures2EndToEndTests.onList(.jsonAPI) { app, served in
                try app.session.press("s", "s", "s", "s", "s")
                let sorted = try await app.session.eventually("sorted by Author here") { screen in
                    Self.columnHeader(screen, .jsonAPI)?.contains("Author ▲") == true
                        && ResourceScreen.ids(in: screen).starts(with: [1, 26, 2, 27])
                }
                // By author (1, 1, 2, 2, …), over the loaded rows.
                #expect(ResourceScreen.ids(in: sorted).starts(with: [1, 26, 2, 27]), "\(sorted)")
                #expect(!sorted.contains("400"), "\(sorted)")
                let queries = await served.decodedQueries(.jsonAPI)
                #expect(!queries.contains { $0.contains("sort=author") || $0.contains("sort=-author") }, "\(queries)")
            }
        }

        @Test(arguments: Convention.allCases)
        func filtersWithOperatorsAreSentAndTheRowsMatch(_ convention: Convention) async throws {
            try await ConventionFeatures2EndToEndTests.onList(convention) { app, served in
                for filter in convention.filters {
                    let expected = (1...convention.count).filter(filter.matches)
                    try #require(!expected.isEmpty && expected.count < 25, "\(filter.command): \(expected)")
                    try await app.command(filter.command)
                    let shown = try await app.session.eventually("the rows of “\(filter.command)”") { screen in
                        ResourceScreen.ids(in: screen) == expected
                    }
                    #expect(ResourceScreen.ids(in: shown) == expected)
                    let queries = await served.decodedQueries(convention)
                    for part in filter.sent {
                        #expect(queries.contains { $0.contains(part) }, "\(part) not in \(queries)")
                    }
                }
            }
        }

        @Test(arguments: Convention.allCases)
        func curlShowsTheRequestTheListSent(_ convention: Convention) async throws {
            try await ConventionFeatures2EndToEndTests.onList(convention) { app, served in
                let first = try #require(await served.firstPage(convention))
                try await app.command("curl")
                let dialog = try await app.session.eventuallyShows("curl -sS -H 'Accept: application/")
                let joined = dialog.components(separatedBy: "\n").map {
                    $0.trimmingCharacters(in: CharacterSet(charactersIn: " │"))
                }.joined()
                let url = served.origin + first.path + "?" + (first.query ?? "")
                #expect(joined.contains("'\(url)'"), "\(url) not in \(dialog)")
                #expect(joined.contains("-H 'Accept: \(convention.mediaType)'"), "\(dialog)")
                #expect(!joined.replacingOccurrences(of: "http://", with: "").contains("//"), "\(dialog)")
            }
        }

        @Test(arguments: Convention.allCases)
        func historyFreqAndTheInspector(_ convention: Convention) async throws {
            try await ConventionFeatures2EndToEndTests.onList(convention) { app, served in
                try await app.command("freq \(convention.freqField)")
                let freq = try await app.session.eventually("the frequency of \(convention.freqField)") {
                    $0.contains("\(convention.freqField) — ") && $0.contains("true ")
                }
                // Counted over the loaded rows (records 1…n, in order), out of the convention's total.
                let loaded = try #require(Self.loadedCount(in: freq, of: convention.count), "\(freq)")
                let trues = (1...loaded).filter(convention.freqValue).count
                let row = freq.components(separatedBy: "\n").first {
                    $0.trimmingCharacters(in: .whitespaces).hasPrefix("true ")
                }
                let counted = row?.split(separator: " ").dropFirst().first.map(String.init)
                #expect(counted == String(trues), "\(freq)")
                try app.session.press("Escape")
                let first = try #require(await served.firstPage(convention))
                let shown = Self.shownForms(first, under: served.root.path)
                try await app.command("history")
                let history = try await app.session.eventually("the requests kept") { screen in
                    screen.contains("kept for this service")
                        && shown.relative.contains { screen.contains(" GET    \($0) ") }
                }
                #expect(history.contains(" 200 network"), "\(history)")
                try app.session.press("Escape")
                try await app.session.eventually("the list") { $0.contains(convention.label(1) + " ") }
                try app.session.press("Enter")
                try await app.session.eventually("record 1") {
                    $0.contains("\"\(convention.labelField)\": \"\(convention.label(1))\"")
                }
                try app.session.press("I")
                try await app.session.eventually("the inspector with the list's request") { screen in
                    screen.contains("of this run, newest first")
                        && shown.absolute.contains { screen.contains(" GET    \($0) ") }
                }
            }
        }

        @Test(arguments: Convention.allCases)
        func watchShowsAChangeOnTheServer(_ convention: Convention) async throws {
            try await ConventionFeatures2EndToEndTests.onList(convention) { app, served in
                try await app.command("watch 2")
                try await app.session.eventually("watching") { ResourceScreen.status($0).contains("watch 2s") }
                try await convention.renameFirst(served, to: "Renamed one")
                let screen = try await app.session.eventually("the change") { $0.contains("Renamed one") }
                let row = Self.changedRow(in: screen)
                #expect(row.hasPrefix("•"), "\(screen)")
                #expect(ResourceScreen.rowID(String(row.dropFirst())) == 1, "\(row)")
            }
        }

        /// `:export json` and `:export csv` of a filtered list write its records with their attributes.
        @Test(arguments: Convention.allCases)
        func exportWritesTheFilteredRecords(_ convention: Convention) async throws {
            try await ConventionFeatures2EndToEndTests.onList(convention) { app, _ in
                let filter = convention.filters[0]
                let expected = (1...convention.count).filter(filter.matches)
                try await app.command(filter.command)
                try await app.session.eventually("the filtered rows") { ResourceScreen.ids(in: $0) == expected }
                let name = convention.collection
                let jsonPath = app.home.root.appendingPathComponent("\(name).json").path
                try await app.command("export json \(jsonPath)")
                try await app.session.eventuallyShows("Exported \(expected.count) \(name) to \(jsonPath)")
                let parsed = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: jsonPath)))
                let records = try #require(parsed as? [[String: Any]])
                let ids = records.map {
                    ($0[convention.idField] as? Int) ?? Int($0[convention.idField] as? String ?? "")
                }
                #expect(ids == expected, "\(records)")
                #expect(records.first?[convention.labelField] as? String == convention.label(expected[0]))
                let csvPath = app.home.root.appendingPathComponent("\(name).csv").path
                try await app.command("export csv \(csvPath)")
                try await app.session.eventuallyShows("Exported \(expected.count) \(name) to \(csvPath)")
                let csv = try String(contentsOfFile: csvPath, encoding: .utf8)
                    .split(separator: "\n", omittingEmptySubsequences: true)
                #expect(csv.count == expected.count + 1, "\(csv)")
                #expect(csv.first?.contains(convention.labelField) == true, "\(csv.first ?? "")")
                #expect(csv.dropFirst().first?.contains(convention.label(expected[0])) == true, "\(csv)")
            }
        }

        /// `G` pages to the end and puts the cursor on the last record; the
        /// pages after the first were asked in the convention's paging words.
        @Test(arguments: Convention.allCases)
        func gGoesToTheLastRecord(_ convention: Convention) async throws {
            try await ConventionFeatures2EndToEndTests.onList(convention) { app, served in
                try await ConventionsEndToEndTests.walkToTheEnd(app, last: convention.label(convention.count))
                try await app.eventuallyCursor(on: convention.count)
                let queries = await served.decodedQueries(convention)
                #expect(queries.contains { $0.contains(convention.laterPage) }, "\(queries)")
            }
        }

        /// Waits until a list request sent after `count` has a decoded query
        /// for which `predicate` holds; returns that query.
        static func eventuallyRequest(
            _ served: Served, _ convention: Convention, after count: Int, _ predicate: (String) -> Bool
        ) async throws -> String {
            let deadline = Date().addingTimeInterval(120)
            while Date() < deadline {
                let queries = await served.listRequests(after: count, convention).map(Served.decoded)
                if let found = queries.last(where: predicate) { return found }
                try await Task.sleep(for: .milliseconds(100))
            }
            let queries = await served.listRequests(after: count, convention).map(Served.decoded)
            Issue.record("no such list request: \(queries)")
            return queries.last ?? ""
        }

        /// `n` of the frequency table's `(n of total loaded)`, or nil.
        static func loadedCount(in screen: String, of total: Int) -> Int? {
            guard let end = screen.range(of: " of \(total) loaded)") else { return nil }
            let before = screen[..<end.lowerBound]
            guard let open = before.lastIndex(of: "(") else { return nil }
            return Int(before[before.index(after: open)...])
        }

        /// The row showing the outside change (`Renamed one`), trimmed ("" when none).
        static func changedRow(in screen: String) -> String {
            let row = screen.components(separatedBy: "\n").first { $0.contains("Renamed one") }
            return (row ?? "").trimmingCharacters(in: .whitespaces)
        }

        /// The list's column header line (not the breadcrumb line).
        static func columnHeader(_ screen: String, _ convention: Convention) -> String? {
            let title = convention == .jsonAPI ? "Title" : "Name"
            return screen.components(separatedBy: "\n").dropFirst().first { $0.contains("ID") && $0.contains(title) }
        }

        /// How the history (relative to the API root) and the inspector
        /// (the full path) may show a request: its query as sent or decoded.
        static func shownForms(_ request: TestHTTPRequest, under root: String) -> (
            relative: [String], absolute: [String]
        ) {
            let queries = Set([request.query ?? "", Served.decoded(request)])
            let absolute = queries.map { request.path + ($0.isEmpty ? "" : "?" + $0) }
            let prefix = root.hasSuffix("/") ? String(root.dropLast()) : root
            let relative = absolute.map { $0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : $0 }
            return (relative, absolute)
        }
    }
}

extension EndToEnd.ConventionFeatures2EndToEndTests.Served {
    /// A request's query, percent-decoded.
    static func decoded(_ request: TestHTTPRequest) -> String {
        (request.query ?? "").removingPercentEncoding ?? ""
    }

    /// The list's request for its first page, in the server's page size
    /// (discovery's requests, the bare path or one record, are others).
    func firstPage(_ convention: EndToEnd.ConventionFeatures2EndToEndTests.Convention) async -> TestHTTPRequest? {
        await listRequests(after: 0, convention).first { $0.query == convention.firstPageQuery }
    }

    /// The decoded queries of every list request.
    func decodedQueries(_ convention: EndToEnd.ConventionFeatures2EndToEndTests.Convention) async -> [String] {
        await listRequests(after: 0, convention).map(Self.decoded)
    }
}

extension EndToEnd.ConventionFeatures2EndToEndTests.Convention {
    /// A `:` command with operators, the query parts it must send, and which records match.
    struct Filter {
        var command: String
        var sent: [String]
        var matches: (Int) -> Bool
    }

    var count: Int { self == .jsonAPI ? JSONAPITestServer.articleCount : ODataTestServer.productCount }
    var idField: String { self == .jsonAPI ? "id" : "ID" }

    /// Typed after `/`: record 33's whole label, which no other record's holds.
    var searchText: String { label(33) }
    /// What a server search must send: OData searches its string
    /// properties with `contains()`; JSON:API has no search parameter (nil).
    var searchQuery: String? {
        self == .jsonAPI ? nil : "$filter=contains(tolower(Name),'\(label(33).lowercased())')"
    }

    /// The query of a descending sort by the label, and the record then first
    /// (text order: `Article 9 on …`, `Tofu 61`).
    var descendingSort: String { self == .jsonAPI ? "sort=-title" : "$orderby=Name desc" }
    var firstDescending: Int { self == .jsonAPI ? 9 : 61 }

    /// The query of the list's first page, as sent.
    var firstPageQuery: String {
        switch self {
        case .jsonAPI: "page%5Blimit%5D=\(JSONAPITestServer.defaultPageSize)&page%5Boffset%5D=0"
        case .oData: "$top=\(ODataTestServer.pageSize)&$count=true"
        }
    }
    /// The media type the convention's reads accept.
    var mediaType: String { self == .jsonAPI ? JSONAPITestServer.mediaType : "application/json" }
    /// A paging word of a page after the first.
    var laterPage: String { self == .jsonAPI ? "page[offset]=" : "$skip=" }

    func freqValue(_ number: Int) -> Bool {
        self == .jsonAPI ? JSONAPITestServer.articleFeatured(number) : ODataTestServer.productInStock(number)
    }

    /// Two commands covering `>= ~ < !=` and, with the equality of the
    /// relation tests, every operator the `:` line offers.
    var filters: [Filter] {
        switch self {
        case .jsonAPI:
            let words = JSONAPITestServer.articleWordCount
            return [
                Filter(
                    command: "articles wordCount>=1000 title~filters",
                    sent: ["filter[wordCount][ge]=1000", "filter[title][contains]=filters"],
                    matches: { words($0) >= 1000 && JSONAPITestServer.articleTitle($0).contains("filters") }),
                Filter(
                    command: "articles wordCount<400 featured!=true wordCount>320",
                    sent: ["filter[wordCount][lt]=400", "filter[featured][ne]=true", "filter[wordCount][gt]=320"],
                    matches: { words($0) < 400 && !JSONAPITestServer.articleFeatured($0) && words($0) > 320 }),
            ]
        case .oData:
            let price = ODataTestServer.productPrice
            return [
                Filter(
                    command: "Products Price>=60 Name~Syrup",
                    sent: ["Price ge 60", "contains(tolower(Name),'syrup')"],
                    matches: { price($0) >= 60 && ODataTestServer.productName($0).contains("Syrup") }),
                Filter(
                    command: "Products Price<=30 InStock!=true Price>5",
                    sent: ["Price le 30", "InStock ne true", "Price gt 5"],
                    matches: { price($0) <= 30 && !ODataTestServer.productInStock($0) && price($0) > 5 }),
            ]
        }
    }
}
