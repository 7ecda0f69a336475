import Foundation
import Testing

@testable import Networking

/// ``TransportSettings``: which proxy a URL goes through (the environment's
/// variables as curl reads them, `NO_PROXY`'s forms), and proxy URLs.
@Suite("TransportSettings")
struct TransportSettingsTests {
    static func url(_ text: String) -> URL { URL(string: text)! }

    @Test func theEnvironmentsProxiesLowerCaseFirst() throws {
        let proxies = try TransportSettings.proxies(from: [
            "HTTPS_PROXY": "http://upper:1", "https_proxy": "http://ann:p%40ss@lower:3128", "HTTP_PROXY": "plain:8080",
            "NO_PROXY": "example.com",
        ])
        #expect(proxies.https == ProxyServer(host: "lower", port: 3128, user: "ann", password: .given("p@ss")))
        #expect(proxies.http == ProxyServer(host: "plain", port: 8080))
        #expect(proxies.noProxy.bypasses(host: "api.example.com", port: 443))
        #expect("\(proxies.https?.password as Any)".contains("p@ss") == false)
    }

    @Test func anEmptyVariableIsNoProxyAndAnotherSchemeIsRefused() {
        #expect((try? TransportSettings.proxies(from: ["HTTPS_PROXY": " "]))?.https == nil)
        #expect(throws: EnvironmentProxyProblem(variable: "https_proxy", problem: .unsupportedScheme("socks5"))) {
            try TransportSettings.proxies(from: ["https_proxy": "socks5://h:1080"])
        }
        #expect(ProxyServer.parse("http://ann:pw@h:1", allowsPassword: false) == .failure(.passwordInURL))
        #expect(ProxyServer.parse("h") == .success(ProxyServer(host: "h", port: 1080)))
    }

    @Test func noProxyForms() {
        let rules = NoProxy(".corp.example, *.other.example,10.0.0.7 127.0.0.1:8080,[::1]:9000,localhost")
        #expect(rules.bypasses(host: "corp.example", port: 443))
        #expect(rules.bypasses(host: "API.corp.example", port: 443))
        #expect(!rules.bypasses(host: "notcorp.example", port: 443))
        #expect(rules.bypasses(host: "a.other.example", port: 80))
        #expect(rules.bypasses(host: "10.0.0.7", port: 1))
        #expect(!rules.bypasses(host: "10.0.0.70", port: 1))
        #expect(rules.bypasses(host: "127.0.0.1", port: 8080))
        #expect(!rules.bypasses(host: "127.0.0.1", port: 8081))
        #expect(rules.bypasses(host: "[::1]", port: 9000))
        #expect(rules.bypasses(host: "localhost", port: 3))
        #expect(NoProxy("*").bypasses(host: "anything", port: 1))
        #expect(!NoProxy("").bypasses(host: "anything", port: 1))
    }

    @Test func aURLGoesThroughItsSchemesProxyUnlessBypassed() {
        var settings = TransportSettings()
        settings.httpsProxy = ProxyServer(host: "p", port: 1)
        settings.noProxy = NoProxy("127.0.0.1:443")
        #expect(settings.proxy(for: Self.url("https://api.example/x")) == ProxyServer(host: "p", port: 1))
        #expect(settings.proxy(for: Self.url("http://api.example/x")) == nil)
        #expect(settings.proxy(for: Self.url("https://127.0.0.1/x")) == nil)
        #expect(settings.proxy(for: Self.url("https://127.0.0.1:8443/x")) != nil)
    }
}
