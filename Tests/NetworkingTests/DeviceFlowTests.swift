import Foundation
import Synchronization
import TestSupport
import Testing

@testable import Networking

/// The device authorization grant's polling (RFC 8628 §3.4–3.5) over a
/// stub token endpoint: `slow_down` makes the next poll 5 s later,
/// `access_denied` ends the sign-in as refused, `expired_token` as timed
/// out. The end-to-end test (SignInEndToEndTests) walks the accepted case
/// against django-oauth-toolkit, which cannot be made to answer these.
@Suite("Device flow")
struct DeviceFlowTests {
    /// Records what the prompt was shown.
    final class Prompt: SignInPrompt {
        let shown = Mutex<[SignInStep]>([])
        func show(_ step: SignInStep, service: String) async { shown.withLock { $0.append(step) } }
        func finished(service: String) async {}
        func browserPage(signedIn: Bool, detail: String) -> String { "" }
    }

    /// The token endpoint's answers to each poll, in turn; when each poll came.
    final class Endpoint: Sendable {
        let polls: [(Int, String)]
        let times = Mutex<[ContinuousClock.Instant]>([])

        init(_ polls: [(Int, String)]) { self.polls = polls }

        var client: StubHTTPClient {
            StubHTTPClient { [self] request throws(NetworkError) in
                if request.url.path == "/device" {
                    return Self.json(
                        200,
                        #"{"device_code": "dc-1", "user_code": "WDJB-MJHT", "verification_uri": "/device/verify", "expires_in": 600, "interval": 1}"#,
                        request.url)
                }
                let index = times.withLock { times in
                    times.append(.now)
                    return times.count - 1
                }
                let (status, body) = polls[min(index, polls.count - 1)]
                return Self.json(status, body, request.url)
            }
        }

        static func json(_ status: Int, _ body: String, _ url: URL) -> Response {
            Response(status: status, headers: ["Content-Type": "application/json"], body: Data(body.utf8), url: url)
        }
    }

    static func flow(_ endpoint: Endpoint) -> OAuth2PersonFlow {
        let settings = OAuth2Settings(
            clientID: "trestle-device", clientSecret: nil, tokenURL: "http://idp.test/token", flow: .deviceCode,
            deviceAuthorizationURL: "http://idp.test/device")
        return OAuth2PersonFlow(
            settings: settings, tokenURL: URL(string: "http://idp.test/token")!, secret: nil,
            transport: endpoint.client,
            timeout: 10)
    }

    @Test func slowDownMakesTheNextPollFiveSecondsLater() async throws {
        let endpoint = Endpoint([
            (400, #"{"error": "authorization_pending"}"#), (400, #"{"error": "slow_down"}"#),
            (200, #"{"access_token": "at-1", "token_type": "Bearer", "expires_in": 60}"#),
        ])
        let prompt = Prompt()
        let tokens = try await Self.flow(endpoint).deviceCode(prompt: prompt, service: "todos")
        #expect(tokens.accessToken == "at-1")
        #expect(
            prompt.shown.withLock { $0 }
                == [.device(userCode: "WDJB-MJHT", verificationURL: "http://idp.test/device/verify", completeURL: nil)])
        let times = endpoint.times.withLock { $0 }
        try #require(times.count == 3)
        // After the slow_down the interval is 1 + 5 s (a lower bound holds on a busy machine).
        #expect(times[2] - times[1] >= .seconds(6))
    }

    @Test func accessDeniedEndsTheSignInAsRefused() async {
        let endpoint = Endpoint([(400, #"{"error": "access_denied", "error_description": "the user said no"}"#)])
        await #expect(throws: AuthFailure.signInRefused(error: "access_denied", description: "the user said no")) {
            _ = try await Self.flow(endpoint).deviceCode(prompt: Prompt(), service: "todos")
        }
    }

    @Test func anExpiredCodeEndsTheSignInAsTimedOut() async {
        let endpoint = Endpoint([(400, #"{"error": "expired_token"}"#)])
        await #expect(throws: AuthFailure.signInTimedOut(seconds: 600)) {
            _ = try await Self.flow(endpoint).deviceCode(prompt: Prompt(), service: "todos")
        }
    }
}
