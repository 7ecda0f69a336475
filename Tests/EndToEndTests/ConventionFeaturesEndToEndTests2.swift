import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension EndToEnd {
    /// Issue 26 item 6 on JSON:API and OData: `trestle get --curl` and
    /// `trestle get --format json` on the real binary against the faithful
    /// servers.
    @Suite
    struct ConventionFeatures2EndToEndTests {
        /// One convention's server and the words its features use.
        enum Convention: String, CaseIterable, CustomStringConvertible, Sendable {
            case jsonAPI, oData

            var description: String { rawValue }

            /// The collection's name, as typed after `:` and given to `trestle get`.
            var collection: String { self == .jsonAPI ? "articles" : "Products" }
            /// The collection's path on the server.
            var listPath: String { self == .jsonAPI ? "/jsonapi/articles" : "/odata/Products" }
            /// The record with this number's label (its title or name).
            func label(_ number: Int) -> String {
                self == .jsonAPI ? JSONAPITestServer.articleTitle(number) : ODataTestServer.productName(number)
            }
            /// The attribute holding the label.
            var labelField: String { self == .jsonAPI ? "title" : "Name" }
            /// A boolean field for `:freq` and how many records hold `true`.
            var freqField: String { self == .jsonAPI ? "featured" : "InStock" }

            func start() async throws -> Served {
                switch self {
                case .jsonAPI:
                    let server = try await JSONAPITestServer.start()
                    return Served(root: server.rootURL, base: server.baseURL, http: server.server)
                case .oData:
                    let server = try await ODataTestServer.start()
                    return Served(root: server.rootURL, base: server.baseURL, http: server.server)
                }
            }

            /// Renames record 1 from outside, as another client would.
            func renameFirst(_ served: Served, to name: String) async throws {
                var request: URLRequest
                switch self {
                case .jsonAPI:
                    request = URLRequest(url: served.base.appendingPathComponent("jsonapi/articles/1"))
                    request.setValue("application/vnd.api+json", forHTTPHeaderField: "Content-Type")
                    request.httpBody = Data(
                        #"{"data":{"type":"articles","id":"1","attributes":{"title":"\#(name)"}}}"#.utf8)
                case .oData:
                    request = URLRequest(
                        url: try #require(URL(string: served.origin + "/odata/Products(1)")))
                    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
                    request.httpBody = Data(#"{"Name":"\#(name)"}"#.utf8)
                }
                request.httpMethod = "PATCH"
                let (_, response) = try await URLSession.shared.data(for: request)
                let status = (response as? HTTPURLResponse)?.statusCode ?? 0
                #expect((200..<300).contains(status), "PATCH answered \(status)")
            }
        }

        /// A running convention server: its API root and request log.
        struct Served {
            let root: URL
            let base: URL
            let http: TestHTTPServer
            /// `http://127.0.0.1:PORT`, no slash after it.
            var origin: String { "http://127.0.0.1:\(http.port)" }
            var requests: [TestHTTPRequest] { get async { await http.requests } }
            /// The list requests sent since `count` requests were logged.
            func listRequests(after count: Int, _ convention: Convention) async -> [TestHTTPRequest] {
                Array(await requests.dropFirst(count)).filter { $0.path == convention.listPath }
            }
        }

        /// Starts the server and the app on its list; `body` runs, then both end.
        static func onList(
            _ convention: Convention, _ body: (RunningApp, Served) async throws -> Void
        ) async throws {
            let served = try await convention.start()
            do {
                let app = try RunningApp(["--env", "production", "--base-url", served.root.absoluteString])
                defer { app.stop() }
                try await app.session.eventually("the start screen") {
                    ResourceScreen.startCount(of: convention.collection, in: $0) != nil
                }
                try await app.command(convention.collection)
                try await app.session.eventually("the list") { $0.contains(convention.label(1) + " ") }
                try await body(app, served)
            } catch {
                await served.http.stop()
                throw error
            }
            await served.http.stop()
        }

        /// `trestle get <collection> --curl` prints the convention's URL;
        /// `--format json` prints the records with their attribute fields.
        @Test(arguments: Convention.allCases)
        func getPrintsTheConventionsCurlAndRecords(_ convention: Convention) async throws {
            let served = try await convention.start()
            let home = try TemporaryHome()
            defer { home.remove() }
            do {
                let environment = ProcessRunner.baseEnvironment(home.environment)
                let target = [
                    "get", convention.collection, "--env", "production", "--base-url", served.root.absoluteString,
                ]
                let printed = try await ProcessRunner.runOnThread(
                    BuiltProducts.trestle, target + ["--curl"], environment: environment)
                #expect(printed.status == 0, "stderr: \(printed.stderr)")
                let url = served.origin + convention.listPath
                #expect(printed.stdout.contains("'\(url)"), "\(printed.stdout)")
                #expect(!printed.stdout.replacingOccurrences(of: "http://", with: "").contains("//"))
                let json = try await ProcessRunner.runOnThread(
                    BuiltProducts.trestle, target + ["--format", "json"], environment: environment)
                #expect(json.status == 0, "stderr: \(json.stderr)")
                let records = try #require(
                    try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
                let count = convention == .jsonAPI ? JSONAPITestServer.articleCount : ODataTestServer.productCount
                #expect(records.count == count)
                #expect(
                    records.first?[convention.labelField] as? String == convention.label(1), "\(records.first ?? [:])")
            } catch {
                await served.http.stop()
                throw error
            }
            await served.http.stop()
        }
    }
}
