import Foundation
import Logging
import Networking
import OpenAPIServices
import Services
import TestSupport
import Testing

/// Documents no real service publishes: each is refused (or the part that
/// is hostile is left out) in one line that names the limit, at once.
@Suite("Hostile OpenAPI documents")
struct HostileDocumentTests {
    /// A valid 3.1 document with one collection, `/books`, and `extra`
    /// first at the top level (YAML; its own lines not indented).
    static func yaml(extra: String, description: String = "A list") -> String {
        """
        \(extra)
        openapi: 3.1.0
        info: {title: t, version: "1", description: \(description)}
        paths:
          /books:
            get:
              responses:
                '200':
                  description: ok
                  content:
                    application/json:
                      schema: {type: array, items: {type: object, properties: {id: {type: integer}}}}
        """
    }

    /// Nine levels of `&a [*a ×10]`: a billion nodes once expanded.
    static let bombLevels: String = {
        var lines = ["  - &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
        for level in 1...8 {
            let aliases = Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", ")
            lines.append("  - &l\(level) [\(aliases)]")
        }
        return lines.joined(separator: "\n")
    }()

    static func problem(_ text: String, location: String = "api.yaml") -> OpenAPIProblem? {
        do {
            _ = try OpenAPIDescription.read(Data(text.utf8), location: location)
            return nil
        } catch {
            return error
        }
    }

    @Test func anAliasBombUnderAnExtensionIsRefusedInOneLineNamingTheLimit() throws {
        let found = try #require(Self.problem(Self.yaml(extra: "x-bomb:\n" + Self.bombLevels)))
        #expect(found.reason.contains("YAML aliases expand past the limit of 1000000 nodes"))
        #expect(found.pointer.hasPrefix("#/x-bomb/"))
        #expect(!found.description.contains("\n"))
    }

    @Test func anAliasBombInADescriptionIsRefusedTheSameWay() throws {
        let text = Self.yaml(extra: "x-levels:\n" + Self.bombLevels, description: "*l8")
        let found = try #require(Self.problem(text))
        #expect(found.reason.contains("YAML aliases expand past the limit"))
    }

    @Test func aliasesThatStayWithinTheBudgetAreRead() throws {
        // A shared schema named a thousand times: aliases real documents use.
        var lines = ["x-shared: &shared {type: object, properties: {id: {type: integer}, name: {type: string}}}"]
        lines.append("x-uses:")
        for _ in 0..<1000 { lines.append("  - *shared") }
        let description = try OpenAPIDescription.read(
            Data(Self.yaml(extra: lines.joined(separator: "\n")).utf8), location: "api.yaml")
        #expect(description.catalog.names == ["books"])
    }

    @Test func nestingPast512IsRefused() throws {
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        let yaml = try #require(Self.problem(Self.yaml(extra: "x-deep: " + deep)))
        #expect(yaml.reason.contains("nesting deeper than 512"))
        let json = #"{"openapi": "3.1.0", "x-deep": "# + deep + "}"
        #expect(Self.problem(json, location: "api.json")?.reason.contains("nesting deeper than 512") == true)
        // Each written 300 deep, an alias of one inside the other is 600 deep.
        let (open, close) = (String(repeating: "[", count: 300), String(repeating: "]", count: 300))
        let aliased = try #require(Self.problem(Self.yaml(extra: "x-a: &d \(open)\(close)\nx-b: \(open)*d\(close)")))
        #expect(aliased.reason == "nesting deeper than 512")
        #expect(aliased.pointer.hasPrefix("#/x-b/0/0"))
    }

    @Test func aJSONArrayIsSaidForWhatItIs() throws {
        let found = try #require(Self.problem("[]", location: "api.json"))
        #expect(found.reason == "a JSON array, not an OpenAPI document (an object with `openapi`)")
        #expect(!found.description.contains("DecodingError"))
        #expect(Self.problem("- a\n- b\n")?.reason == "a YAML list, not an OpenAPI document (an object with `openapi`)")
        #expect(Self.problem("42")?.reason.hasPrefix("plain text (a YAML scalar), not") == true)
    }

    @Test func aJSONArrayFoundByDiscoveryIsSaidInOneLine() async throws {
        let server = try await TestHTTPServer.start { request in
            request.path == "/openapi.json" ? .json("[]") : TestHTTPResponse(status: 404)
        }
        defer { Task { await server.stop() } }
        let network = NetworkClient(client: AsyncHTTPClientTransport(), retry: .never)
        let store = ResourceStore(
            network: network, storage: InMemoryStorageService(), namespace: "test",
            logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        let discovery = OpenAPIDiscovery(fetcher: DocumentFetcher(baseURL: server.baseURL, store: store))
        guard case .problem(let line) = await discovery.discover().outcome else {
            Issue.record("a JSON array at /openapi.json was passed over silently")
            return
        }
        #expect(line.contains("/openapi.json"))
        #expect(line.contains("a JSON array, not an OpenAPI document"))
    }
}
