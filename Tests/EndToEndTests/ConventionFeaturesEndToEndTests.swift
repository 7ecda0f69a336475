import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension EndToEnd {
    /// The list features on a HAL (Spring Data REST) and a Django REST
    /// framework service, found from their roots with no config: `/` search,
    /// sort, `:` filters with operators, `:curl` and `trestle get --curl`,
    /// `--format json`, `:history`, `:freq`, `:watch` and the inspector — each
    /// asserted on the screen and on what the faithful server was sent.
    @Suite
    struct ConventionFeaturesEndToEndTests {
        /// A faithful convention server, started for one test.
        enum Convention: String, CaseIterable, CustomTestStringConvertible, Sendable {
            case hal, django

            var testDescription: String { rawValue }

            /// The title of book `number` on this server.
            func title(_ number: Int) -> String { self == .hal ? "Book \(number)" : "Volume \(number)" }

            /// The year of book `number` on this server.
            func year(_ number: Int) -> Int { (self == .hal ? 1960 : 1950) + number }

            var bookCount: Int { self == .hal ? HALTestServer.bookCount : DjangoTestServer.bookCount }

            /// The path of the books collection, as the server logs it.
            var booksPath: String { self == .hal ? "/api/books" : "/api/books/" }

            /// The path of book `number`.
            func bookPath(_ number: Int) -> String { self == .hal ? "/api/books/\(number)" : "/api/books/\(number)/" }

            /// The query item a descending sort by title sends.
            var descendingTitle: String { self == .hal ? "sort=title,desc" : "ordering=-title" }

            /// The query of the list's first page.
            var firstPage: String { self == .hal ? "page=0&size=20" : "page=1&page_size=10" }

            func start() async throws -> Running {
                switch self {
                case .hal:
                    let server = try await HALTestServer.start()
                    return Running(http: server.server, root: server.apiRoot.absoluteString)
                case .django:
                    let server = try await DjangoTestServer.start()
                    return Running(http: server.server, root: server.apiRoot.absoluteString)
                }
            }
        }

        /// A started server: its request log and the root Trestle is given.
        struct Running {
            let http: TestHTTPServer
            let root: String

            /// The decoded queries of the requests for `path`.
            func queries(for path: String) async -> [String] {
                await http.requests.filter { $0.path == path }.map { ($0.query ?? "").removingPercentEncoding ?? "" }
            }
        }

        /// Starts `convention`'s server and Trestle on its books, runs `body`, stops both.
        static func onBooks(
            _ convention: Convention, _ body: (RunningApp, Running) async throws -> Void
        ) async throws {
            let server = try await convention.start()
            do {
                let app = try RunningApp(["--env", "production", "--base-url", server.root])
                defer { app.stop() }
                try await app.session.eventually("the start screen") {
                    ResourceScreen.startCount(of: "books", in: $0) != nil
                }
                try await app.command("books")
                try await app.session.eventually("the first books") { $0.contains(convention.title(1) + " ") }
                try await body(app, server)
            } catch {
                await server.http.stop()
                throw error
            }
            await server.http.stop()
        }

        /// `/` search and sort: Django REST searches with `search=` (the
        /// filter line names it); Spring Data REST has no search parameter,
        /// so nothing is sent, the books are searched here as they load and
        /// the status line says so (issue 26).
        @Test(arguments: Convention.allCases)
        func searchAndSortAreSentInTheConventionsWords(_ convention: Convention) async throws {
            try await Self.onBooks(convention) { app, server in
                // While the list still pages in, the sort is the server's.
                try app.session.press("s", "S")
                let sorted = try await app.session.eventually("sorted by Title, descending") { screen in
                    FilterSortEndToEndTests.columnHeader(screen)?.contains("Title ▼") == true
                        && ResourceScreen.ids(in: screen).first == 9
                }
                // Descending by title as text: "… 9" is first.
                #expect(ResourceScreen.ids(in: sorted).first == 9, "\(sorted)")
                let queries = await server.queries(for: convention.booksPath)
                #expect(queries.contains { $0.contains(convention.descendingTitle) }, "\(queries)")
                try app.session.press("/")
                try app.session.type(convention.title(37))
                let found = try await app.session.eventually("only book 37") { ResourceScreen.ids(in: $0) == [37] }
                let searches = await server.queries(for: convention.booksPath).filter { $0.contains("37") }
                if convention == .django {
                    #expect(searches.contains { $0.contains("search=Volume 37") }, "\(searches)")
                    #expect(found.contains("server search search=Volume 37"), "\(found)")
                } else {
                    #expect(searches.isEmpty, "\(searches)")
                    #expect(found.contains("filtered here") && !found.contains("server search"), "\(found)")
                    #expect(found.contains("HAL server cannot search: searching the "), "\(found)")
                }
                try app.session.press("Escape")
                try await app.session.eventually("every book again") { ResourceScreen.ids(in: $0).count > 1 }
            }
        }

        /// `:books year>=…`: Django REST is sent the lookup (`year__gte=`);
        /// Spring Data REST has no filter parameters, so none is sent, the
        /// books are filtered here as they load, and the status line says so.
        @Test(arguments: Convention.allCases)
        func aFilterWithAnOperatorIsSentAndTheRowsMatch(_ convention: Convention) async throws {
            try await Self.onBooks(convention) { app, server in
                let from = convention.year(40)
                let expected = Array(40...convention.bookCount)
                try await app.command("books year>=\(from)")
                let filtered = try await app.session.eventually("books from \(from) on") { screen in
                    ResourceScreen.ids(in: screen) == expected
                }
                #expect(ResourceScreen.ids(in: filtered) == expected, "\(filtered)")
                let queries = await server.queries(for: convention.booksPath)
                if convention == .django {
                    #expect(queries.contains { $0.contains("year__gte=\(from)") }, "\(queries)")
                } else {
                    #expect(!queries.contains { $0.contains("year") }, "\(queries)")
                    #expect(filtered.contains("of \(convention.bookCount)"), "\(filtered)")
                }
            }
        }

        /// On HAL the status line says the filter is done here, as the list opens.
        @Test func aHALFilterSaysItIsDoneHere() async throws {
            try await Self.onBooks(.hal) { app, _ in
                try await app.command("books year>=2000")
                try await app.session.eventuallyShows(
                    "HAL server cannot filter year >= 2000: filtering the loaded books here")
            }
        }

        @Test(arguments: Convention.allCases)
        func curlAndGetCurlShowTheListsURL(_ convention: Convention) async throws {
            let server = try await convention.start()
            do {
                let app = try RunningApp(["--env", "production", "--base-url", server.root])
                defer { app.stop() }
                try await app.session.eventually("the start screen") {
                    ResourceScreen.startCount(of: "books", in: $0) != nil
                }
                try await app.command("books")
                try await app.session.eventually("the first books") { $0.contains(convention.title(1) + " ") }
                try await app.command("curl")
                let dialog = try await app.session.eventuallyShows("curl -sS -H 'Accept: application/")
                let joined = dialog.components(separatedBy: "\n").map {
                    $0.trimmingCharacters(in: CharacterSet(charactersIn: " │"))
                }.joined()
                let base = server.http.baseURL.absoluteString
                #expect(joined.contains("'\(base)\(convention.booksPath)?\(convention.firstPage)'"), "\(dialog)")
                #expect(!joined.replacingOccurrences(of: "http://", with: "").contains("//"), "\(dialog)")

                let home = try TemporaryHome()
                defer { home.remove() }
                let environment = ProcessRunner.baseEnvironment(home.environment)
                let arguments = ["get", "books", "--env", "production", "--base-url", server.root]
                let printed = try await ProcessRunner.runOnThread(
                    BuiltProducts.trestle, arguments + ["--curl"], environment: environment)
                #expect(printed.status == 0, "stderr: \(printed.stderr)")
                #expect(printed.stdout.contains("'\(base)\(convention.booksPath)"), "\(printed.stdout)")
                #expect(!printed.stdout.replacingOccurrences(of: "http://", with: "").contains("//"))
                let json = try await ProcessRunner.runOnThread(
                    BuiltProducts.trestle, arguments + ["--format", "json"], environment: environment)
                #expect(json.status == 0, "stderr: \(json.stderr)")
                let records = try #require(
                    try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
                #expect(records.count == convention.bookCount)
                #expect(records.first?["title"] as? String == convention.title(1), "\(records.first ?? [:])")
                #expect(records.first?["year"] as? Int == convention.year(1))
            } catch {
                await server.http.stop()
                throw error
            }
            await server.http.stop()
        }

        @Test(arguments: Convention.allCases)
        func historyFreqAndTheInspector(_ convention: Convention) async throws {
            try await Self.onBooks(convention) { app, _ in
                try await app.command("freq year")
                let freq = try await app.session.eventually("the frequency of year") { $0.contains("year — ") }
                let row = freq.components(separatedBy: "\n").first { $0.hasPrefix("\(convention.year(2)) ") }
                #expect(row?.split(separator: " ").dropFirst().first == "1", "\(freq)")
                try app.session.press("Escape")
                try await app.command("history")
                let firstPage = convention.booksPath.dropFirst(4) + "?" + convention.firstPage
                let history = try await app.session.eventually("the requests kept") {
                    $0.contains("kept for this service") && $0.contains(" GET    \(firstPage) ")
                }
                #expect(history.contains(" 200 network"), "\(history)")
                try app.session.press("Escape")
                try await app.session.eventually("the books") { $0.contains(convention.title(1) + " ") }
                try app.session.press("Enter")
                try await app.session.eventually("book 1") { $0.contains("\"title\": \"\(convention.title(1))\"") }
                try app.session.press("I")
                try await app.session.eventually("the inspector with the list's request") {
                    $0.contains("of this run, newest first") && $0.contains(" GET    /api\(firstPage) ")
                }
            }
        }

        @Test(arguments: Convention.allCases)
        func watchShowsAChangeOnTheServer(_ convention: Convention) async throws {
            try await Self.onBooks(convention) { app, server in
                try await app.command("watch 2")
                try await app.session.eventually("watching") { ResourceScreen.status($0).contains("watch 2s") }
                var patch = URLRequest(url: server.http.baseURL.appendingPathComponent(convention.bookPath(3)))
                patch.httpMethod = "PATCH"
                patch.setValue("application/json", forHTTPHeaderField: "Content-Type")
                patch.httpBody = Data(#"{"title":"changed by another client"}"#.utf8)
                let (_, response) = try await URLSession.shared.data(for: patch)
                #expect((response as? HTTPURLResponse)?.statusCode == 200)
                let screen = try await app.session.eventually("the change") { $0.contains("changed by another client") }
                let row = try #require(screen.components(separatedBy: "\n").first { $0.contains("changed by another") })
                #expect(row.trimmingCharacters(in: .whitespaces).hasPrefix("•"), "\(row)")
            }
        }
    }
}
