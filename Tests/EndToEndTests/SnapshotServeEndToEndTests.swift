import Foundation
import JSON
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension EndToEnd {
    /// `trestle serve --data snap.json` serves a snapshot as json-server
    /// serves its data, in both dialects: pages with totals, records at
    /// their id field (OData's `UserName`), the description never a
    /// resource (not at `/_trestle`, not in `/db` nor `/openapi.json`).
    @Suite
    struct SnapshotServeEndToEndTests {
        private func get(_ base: URL, _ target: String) async throws -> (
            status: Int, headers: [String: String], json: JSONValue?
        ) {
            let url = try #require(URL(string: base.absoluteString + target))
            let (data, response) = try await URLSession.shared.data(from: url)
            let http = try #require(response as? HTTPURLResponse)
            var headers: [String: String] = [:]
            for (name, value) in http.allHeaderFields {
                if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
            }
            return (http.statusCode, headers, try? JSONParser.parse(data))
        }

        @Test func aSnapshotIsServedAsJSONServerServesItsData() async throws {
            let odata = try await ODataTestServer.start()
            let home = try TemporaryHome()
            defer { home.remove() }
            let file = home.root.appendingPathComponent("snap.json")
            let outcome = try await ProcessRunner.runOnThread(
                BuiltProducts.trestle,
                ["snapshot", file.path, "--all", "--env", "production", "--base-url", odata.rootURL.absoluteString],
                environment: ProcessRunner.baseEnvironment(home.environment), timeout: 120)
            await odata.stop()
            #expect(outcome.status == 0, "\(outcome.stderr)")
            for dialect in ["v0", "v1"] {
                let server = try ServeProcess(copying: file, arguments: ["--dialect", dialect, "--read-only"])
                defer { server.stop() }
                if dialect == "v0" {
                    let page = try await get(server.url, "/Products?_page=2&_limit=5")
                    #expect(page.headers["x-total-count"] == String(ODataTestServer.productCount))
                    #expect(page.json?.arrayValue?.compactMap { $0["ID"]?.intValue } == [6, 7, 8, 9, 10])
                } else {
                    let page = try await get(server.url, "/Products?_page=2&_per_page=5")
                    #expect(page.json?["items"]?.intValue == ODataTestServer.productCount, "\(dialect)")
                    #expect(page.json?["data"]?.arrayValue?.count == 5, "\(dialect)")
                }
                let person = try await get(server.url, "/People/o%27brien")
                #expect(person.status == 200, "\(dialect)")
                #expect(person.json?["UserName"] == "o'brien", "\(dialect)")
                let product = try await get(server.url, "/Products/5")
                #expect(product.json?["Name"] == .string(ODataTestServer.productName(5)), "\(dialect)")
                #expect(try await get(server.url, "/_trestle").status == 404, "\(dialect)")
                let database = try await get(server.url, "/db")
                #expect(database.json?.objectValue?.map(\.key).sorted() == ["Categories", "People", "Products"])
                let document = try await get(server.url, "/openapi.json")
                let paths = document.json?["paths"]?.objectValue?.map(\.key) ?? []
                #expect(paths.contains("/Products") && !paths.contains { $0.contains("_trestle") }, "\(dialect)")
            }
        }
    }
}
