import Foundation
import Networking
import Testing

@Suite struct RetryPolicyTests {
    let url = URL(string: "http://h/todos")!

    func response(_ status: Int, _ headers: HTTPHeaders = [:]) -> Result<Response, NetworkError> {
        .success(Response(status: status, headers: headers, url: url))
    }

    @Test func backoffDoublesAndStopsAtMaxDelay() {
        let policy = RetryPolicy(maxAttempts: 10, baseDelay: 0.5, maxDelay: 3, jitter: 0)
        #expect((1...5).map(policy.backoff(attempt:)) == [0.5, 1, 2, 3, 3])
    }

    @Test func jitterSpreadsTheDelayWithTheInjectedRandomSource() {
        let low = RetryPolicy(baseDelay: 1, jitter: 0.2, random: { 0 })
        let high = RetryPolicy(baseDelay: 1, jitter: 0.2, random: { 0.999_999 })
        #expect(abs(low.backoff(attempt: 1) - 0.8) < 1e-9)
        #expect(abs(high.backoff(attempt: 1) - 1.2) < 1e-5)
    }

    @Test func retryableStatusesAndErrorsAreRetriedForIdempotentMethodsOnly() {
        let policy = RetryPolicy(jitter: 0)
        let get = request(.get, url)
        for status in [408, 429, 500, 502, 503, 504] {
            #expect(policy.delay(after: response(status), of: get, attempt: 1, validation: .successCodes) == 0.5)
        }
        #expect(policy.delay(after: response(404), of: get, attempt: 1, validation: .successCodes) == nil)
        #expect(
            policy.delay(after: .failure(.timeout(seconds: 1)), of: get, attempt: 1, validation: .successCodes) != nil)
        #expect(
            policy.delay(
                after: .failure(.decoding(path: "", reason: "")), of: get, attempt: 1, validation: .successCodes) == nil
        )
        for method in [HTTPMethod.post, .patch] {
            #expect(
                policy.delay(after: response(503), of: request(method, url), attempt: 1, validation: .successCodes)
                    == nil)
            #expect(
                policy.delay(
                    after: .failure(.cannotConnect(host: "h")), of: request(method, url), attempt: 1,
                    validation: .successCodes) == nil)
        }
    }

    @Test func noRetryAfterTheLastAttemptOrForAnAcceptedStatus() {
        let policy = RetryPolicy(maxAttempts: 2, jitter: 0)
        let get = request(.get, url)
        #expect(policy.delay(after: response(503), of: get, attempt: 2, validation: .successCodes) == nil)
        #expect(policy.delay(after: response(503), of: get, attempt: 1, validation: .none) == nil)
    }

    @Test func retryAfterInSecondsOrAsDateIsHonouredUpToMaxDelay() {
        let now = Date(timeIntervalSince1970: 1_000_000)
        let policy = RetryPolicy(maxDelay: 10, jitter: 0, now: { now })
        let get = request(.get, url)
        #expect(
            policy.delay(after: response(503, ["Retry-After": "4"]), of: get, attempt: 1, validation: .successCodes)
                == 4)
        #expect(
            policy.delay(after: response(429, ["Retry-After": "120"]), of: get, attempt: 1, validation: .successCodes)
                == 10)
        let date = HTTPDate.format(now.addingTimeInterval(7))
        #expect(
            policy.delay(after: response(503, ["Retry-After": date]), of: get, attempt: 1, validation: .successCodes)
                == 7)
        #expect(policy.retryAfter("soon") == nil)
    }
}
