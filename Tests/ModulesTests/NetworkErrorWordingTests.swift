import Modules
import Networking
import Services
import Testing
import Translations

/// Networking's errors carry data; these are the words `Modules` gives them.
@Suite struct NetworkErrorWordingTests {
    static let messages: [(NetworkError, String)] = [
        (.timeout(seconds: 0.3), "Timed out after 0.3 s"),
        (.timeout(seconds: 10), "Timed out after 10 s"),
        (.cannotConnect(host: "127.0.0.1:9"), "Cannot connect to 127.0.0.1:9 — is the server running?"),
        (.decoding(path: "address.geo.lat", reason: "missing"), "Unexpected data at address.geo.lat: missing"),
        (.status(code: 503, excerpt: "down"), "Server answered 503 Service Unavailable"),
        (
            .tlsHandshake(host: "127.0.0.1:4", reason: "certificate verify failed"),
            "Network error: TLS handshake with 127.0.0.1:4 failed: certificate verify failed"
        ),
        (
            .malformedAnswer(host: "h:1", detail: "invalidEOFState"),
            "Network error: h:1 sent a malformed HTTP answer (invalidEOFState)"
        ),
        (.answerTooLarge(host: "h:1", limit: 1000), "Network error: the answer from h:1 is larger than 1000 bytes"),
        (.answerTooLarge(host: "h:1", limit: 256 << 20), "Network error: the answer from h:1 is larger than 256 MiB"),
        (.tooManyRedirects(host: "h:1"), "Network error: too many redirects from h:1"),
    ]

    @Test(arguments: messages)
    func eachErrorHasItsLine(_ error: NetworkError, _ expected: String) {
        #expect(error.userMessage == expected)
        #expect("\(error)" == expected)
    }

    @Test func transportDetailsAreOneSafeLine() {
        let error = NetworkError.tlsHandshake(host: "127.0.0.1:4", reason: "bad\n\u{1B}[31m certificate")
        #expect(error.userMessage == "Network error: TLS handshake with 127.0.0.1:4 failed: bad [31m certificate")
        #expect(NetworkError.transport("reset\tby\npeer").userMessage == "Network error: reset by peer")
        #expect(
            NetworkError.decoding(path: "[1].title", reason: "expected String").userMessage
                .hasPrefix("Unexpected data at [1].title: expected String"))
    }

    @Test func secondsAreWordedInTheLanguageOfTheRun() {
        Language.$override.withValue(.de) {
            #expect(NetworkError.timeout(seconds: 0.3).userMessage.contains("0,3 s"))
            #expect(NetworkError.answerTooLarge(host: "h", limit: 1000).userMessage.hasSuffix("1000 Bytes"))
        }
    }

    @Test func aTokenFileOthersCanReadSaysHowToFixIt() {
        #expect(
            TokenSourceError.insecurePermissions(path: "/t", mode: 0o644).userMessage
                == "Token file /t has mode 644; run: chmod 600 /t")
    }
}
