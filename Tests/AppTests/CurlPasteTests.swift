import Foundation
import Modules
import Networking
import Services
import TerminalUI
import Testing

@testable import App

/// `:curl-open`: the command, the paste dialog taking a devtools paste key
/// by key (a line ending in `\` goes on), what it shows (never the text, a
/// secret as `***`), and the pasted command's headers sent to its origin only.
@Suite("curl open")
struct CurlPasteTests {
    @Test func theCommandTakesNoArguments() throws {
        #expect(try CommandParser.parse("curl-open", resources: ["todos"]) == .curlOpen)
        #expect(throws: CommandParser.Failure.self) { try CommandParser.parse("curl-open curl x", resources: []) }
    }

    static func type(_ text: String, into paste: inout CurlPaste) -> [CurlPaste.Outcome] {
        var outcomes: [CurlPaste.Outcome] = []
        for character in text {
            outcomes.append(paste.handle(character == "\n" ? .enter : .char(character)))
        }
        return outcomes
    }

    @Test func aDevtoolsPasteOpensOnTheLastEnter() {
        var paste = CurlPaste()
        #expect(paste.dialog.body.count == 1)
        let text = "curl 'http://127.0.0.1:9/api/todos/3' \\\n  -H 'Authorization: Bearer tok-SECRET' \\\n  -k"
        let outcomes = Self.type(text, into: &paste)
        #expect(outcomes.allSatisfy { $0 == .typing })
        let shown = paste.dialog.body.map { $0.map(\.text).joined() }
        #expect(shown.contains { $0.contains("opens http://127.0.0.1:9/api/todos/3") }, "\(shown)")
        #expect(shown.contains { $0.contains("Authorization: Bearer ***") }, "\(shown)")
        #expect(!shown.joined().contains("tok-SECRET"))
        guard case .open(let input) = paste.handle(.enter) else {
            Issue.record("Enter did not open")
            return
        }
        #expect(input.baseURL == "http://127.0.0.1:9/api" && input.target == ["todos/3"] && input.insecure)
    }

    @Test func anUnknownFlagIsOneLineAndEscCancels() {
        var paste = CurlPaste()
        _ = Self.type("curl -L http://h/x", into: &paste)
        guard case .failed(let line) = paste.handle(.enter) else {
            Issue.record("not refused")
            return
        }
        #expect(line.contains("-L"))
        var other = CurlPaste()
        _ = Self.type("curl", into: &other)
        #expect(other.handle(.escape) == .cancelled)
    }

    /// The pasted fields go to the base URL's origin, `***` when shown, and never to another origin.
    @Test func theHeadersGoToTheOriginOnly() async throws {
        let middleware = OriginHeadersMiddleware(
            origin: URL(string: "http://127.0.0.1:9/api")!,
            headers: [.init(name: "Authorization", value: "Bearer tok"), .init(name: "X-Trace", value: "7")],
            queryItems: [URLQueryItem(name: "api_key", value: "k1")])
        let same = try await middleware.prepare(Request(method: .get, url: URL(string: "http://127.0.0.1:9/api/x")!))
        #expect(same.headers["Authorization"] == "Bearer tok" && same.headers["X-Trace"] == "7")
        #expect(same.queryItems == [URLQueryItem(name: "api_key", value: "k1")])
        let other = try await middleware.prepare(Request(method: .get, url: URL(string: "http://127.0.0.1:10/api/x")!))
        #expect(other.headers["Authorization"] == nil && other.headers["X-Trace"] == nil && other.queryItems.isEmpty)
        let shown = try await AuthStandIn.$shown.withValue(true) {
            try await middleware.prepare(Request(method: .get, url: URL(string: "http://127.0.0.1:9/api/x")!))
        }
        #expect(shown.headers["Authorization"] == "Bearer ***" && shown.headers["X-Trace"] == "7")
        #expect(shown.queryItems == [URLQueryItem(name: "api_key", value: "***")])
    }
}
