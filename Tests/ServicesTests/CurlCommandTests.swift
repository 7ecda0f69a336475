import Foundation
import JSON
import JSONServerCore
import Logging
import Networking
import Services
import TestSupport
import Testing

/// `:curl` and `trestle get --curl`: the command is built from the request
/// the service really sends, and running it with the real `curl` binary
/// against a real server prints the records the service read.
@Suite("curl command")
struct CurlCommandTests {
    static let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
    static let curl = URL(fileURLWithPath: "/usr/bin/curl")

    static func service(_ base: URL, token: String? = nil) -> LiveAPIService {
        let middleware: [any Middleware] = token.map { [AuthMiddleware(token: $0)] } ?? []
        let network = NetworkClient(client: AsyncHTTPClientTransport(), middleware: middleware, retry: .never)
        let store = ResourceStore(
            network: network, storage: InMemoryStorageService(), namespace: "test", logger: logger)
        return LiveAPIService(baseURL: base, network: network, store: store)
    }

    /// Runs `command` in `/bin/sh` (so its quoting is the shell's) and parses what it prints.
    static func run(_ command: String, environment: [String: String] = [:]) async throws -> JSONValue {
        let outcome = try await ProcessRunner.runOnThread(
            URL(fileURLWithPath: "/bin/sh"), ["-c", command],
            environment: ProcessRunner.baseEnvironment(environment), timeout: 20)
        #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
        return try JSONParser.parse(Data(outcome.stdout.utf8))
    }

    @Test func wordsAreSingleQuotedAndTheTokenIsLeftToTheShell() {
        let text = RequestText(
            method: "GET", url: "http://127.0.0.1:3000/books?title=it's&q=$HOME",
            headers: [
                RequestText.Header("Accept", "application/json"),
                RequestText.Header("Authorization", "Bearer ", variable: "TRESTLE_TOKEN"),
            ])
        #expect(
            CurlCommand.render(text)
                == #"curl -sS -H 'Accept: application/json' -H "Authorization: Bearer $TRESTLE_TOKEN" "#
                + #"'http://127.0.0.1:3000/books?title=it'\''s&q=$HOME'"#)
        #expect(CurlCommand.singleQuoted("a'b") == #"'a'\''b'"#)
        let patch = RequestText(method: "PATCH", url: "http://h/x", headers: [])
        #expect(CurlCommand.render(patch) == "curl -sS -X 'PATCH' 'http://h/x'")
    }

    @Test(arguments: JSONServerDialect.allCases)
    func aFilteredSortedPageRunInTheShellPrintsTheRecordsTheServiceRead(_ dialect: JSONServerDialect) async throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: Self.curl.path), "install curl (apt-get install curl)")
        let server = try await EngineTestServer.start(
            file: BuiltProducts.packageRoot.appendingPathComponent("sample-data/db.json"), dialect: dialect)
        defer { Task { await server.stop() } }
        let api = Self.service(server.baseURL)
        // The list learns the dialect from its first page, as a screen does.
        _ = try await api.records(.todos, ListQuery(page: 1, limit: 1))
        let query = ListQuery(
            filters: [ListQuery.Filter("userId", "2"), ListQuery.Filter("id", "25", .greaterOrEqual)],
            sort: [ListQuery.SortKey("title", descending: true)], page: 2, limit: 5)
        let expected = try await api.records(.todos, query).items
        #expect(expected.count == 5)
        let command = CurlCommand.render(try await api.requestText(.todos, .list(query)))
        let printed = try await Self.run(command)
        let records = dialect == .v1 ? printed["data"]?.arrayValue : printed.arrayValue
        #expect(records == expected, "\(command)")
        if dialect == .v1 {
            #expect(command.contains("_per_page=5") && command.contains("_sort=-title"), "\(command)")
        } else {
            #expect(command.contains("_limit=5") && command.contains("_order=desc"), "\(command)")
        }
    }

    @Test func aRecordWithATokenNamesTheVariableNeverTheValue() async throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: Self.curl.path), "install curl (apt-get install curl)")
        let server = try await EngineTestServer.start(
            file: BuiltProducts.packageRoot.appendingPathComponent("sample-data/db.json"))
        defer { Task { await server.stop() } }
        let api = Self.service(server.baseURL, token: "s3cret-value")
        let command = CurlCommand.render(try await api.requestText(.todos, .record(id: "7")))
        #expect(!command.contains("s3cret-value"))
        #expect(command.contains(#"-H "Authorization: Bearer $TRESTLE_TOKEN""#), "\(command)")
        #expect(command.contains("-H 'Accept: application/json'"), "\(command)")
        let printed = try await Self.run(command, environment: ["TRESTLE_TOKEN": "s3cret-value"])
        #expect(printed == (try await api.record(.todos, id: "7")))
        let sent = await server.http.requests.last?.header("Authorization")
        #expect(sent == "Bearer s3cret-value")
    }
}
