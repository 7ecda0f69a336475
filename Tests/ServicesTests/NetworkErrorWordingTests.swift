import Networking
import Services
import Testing
import Translations

/// Networking's errors carry data; these are the words `Services` gives them.
@Suite struct NetworkErrorWordingTests {
    static let messages: [(NetworkError, String)] = [
        (.timeout(seconds: 0.3), "Timed out after 0.3 s"),
        (.timeout(seconds: 10), "Timed out after 10 s"),
        (.cannotConnect(host: "127.0.0.1:9"), "Cannot connect to 127.0.0.1:9 — is the server running?"),
        (.decoding(path: "address.geo.lat", reason: "missing"), "Unexpected data at address.geo.lat: missing"),
        (.status(code: 503, excerpt: "down"), "Server answered 503 Service Unavailable"),
    ]

    @Test(arguments: messages)
    func eachErrorHasItsLine(_ error: NetworkError, _ expected: String) {
        #expect(error.userMessage == expected)
        #expect("\(error)" == expected)
    }

    @Test func transportDetailsAreOneSafeLine() {
        let error = NetworkError.transport("TLS handshake with 127.0.0.1:4 failed:\n\u{1B}[31m bad")
        #expect(error.userMessage == "Network error: TLS handshake with 127.0.0.1:4 failed: [31m bad")
        #expect(
            NetworkError.decoding(path: "[1].title", reason: "expected String").userMessage
                .hasPrefix("Unexpected data at [1].title: expected String"))
    }

    @Test func secondsAreWordedInTheLanguageOfTheRun() {
        Language.$override.withValue(.de) {
            #expect(NetworkError.timeout(seconds: 0.3).userMessage.contains("0,3 s"))
        }
    }

    @Test func aTokenFileOthersCanReadSaysHowToFixIt() {
        #expect(
            TokenSourceError.insecurePermissions(path: "/t", mode: 0o644).userMessage
                == "Token file /t has mode 644; run: chmod 600 /t")
    }
}
