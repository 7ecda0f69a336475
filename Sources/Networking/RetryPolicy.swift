import Foundation

/// When and how long to wait before sending a failed request again.
///
/// Only reads (`GET`, `HEAD`) are retried, never a write: not even an
/// idempotent `PUT` or `DELETE`, whose first send may have been applied
/// with its answer lost (a reset mid-answer), so that the retry's `404`
/// would report a delete that happened as failed. And only
/// after retryable failures: timeouts, refused connections and the statuses
/// in ``NetworkError/retryableStatusCodes``. The wait grows exponentially
/// from ``baseDelay``, varies by ``jitter``, honours `Retry-After` (seconds
/// or an HTTP date) and never exceeds ``maxDelay``. Randomness, the clock and
/// sleeping are injectable, so tests run instantly and deterministically.
public struct RetryPolicy: Sendable {
    /// Sleeps for the given seconds; throws if cancelled.
    public typealias Sleeper = @Sendable (Double) async throws -> Void

    /// The most sends per call, counting the first (1 means never retry).
    public var maxAttempts: Int
    /// The wait before the first retry, in seconds; doubles each retry.
    public var baseDelay: Double
    /// The longest wait, in seconds, including one asked for by `Retry-After`.
    public var maxDelay: Double
    /// How much the wait varies: 0.2 spreads it over ±20 %.
    public var jitter: Double
    /// A number in `0..<1`; the default is `Double.random(in:)`.
    public var random: @Sendable () -> Double
    /// The current time, for `Retry-After` dates.
    public var now: @Sendable () -> Date
    /// How waiting is done; the default is `Task.sleep`.
    public var sleep: Sleeper

    /// Creates a policy.
    public init(
        maxAttempts: Int = 3,
        baseDelay: Double = 0.5,
        maxDelay: Double = 10,
        jitter: Double = 0.2,
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
        now: @escaping @Sendable () -> Date = { Date() },
        sleep: @escaping Sleeper = { seconds in try await Task.sleep(for: .seconds(seconds)) }
    ) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = max(0, baseDelay)
        self.maxDelay = max(0, maxDelay)
        self.jitter = min(max(0, jitter), 1)
        self.random = random
        self.now = now
        self.sleep = sleep
    }

    /// Three attempts, 0.5 s doubling, at most 10 s, ±20 % jitter.
    public static let `default` = RetryPolicy()

    /// Never retry.
    public static let never = RetryPolicy(maxAttempts: 1)

    /// The seconds to wait before retrying after `attempt` (1 for the first
    /// send) ended in `result`, or `nil` if the request must not be retried.
    public func delay(
        after result: Result<Response, NetworkError>, of request: Request, attempt: Int, validation: Validation
    ) -> Double? {
        guard attempt < maxAttempts, request.method == .get || request.method == .head else { return nil }
        switch result {
        case .success(let response):
            guard !validation.accepts(response.status),
                NetworkError.retryableStatusCodes.contains(response.status)
            else { return nil }
            if let requested = retryAfter(response.headers["Retry-After"]) {
                return min(requested, maxDelay)
            }
        case .failure(let error):
            guard error.isRetryable else { return nil }
        }
        return backoff(attempt: attempt)
    }

    /// Exponential backoff with jitter for the retry after `attempt`.
    public func backoff(attempt: Int) -> Double {
        let exponential = baseDelay * pow(2, Double(max(0, attempt - 1)))
        let spread = 1 + jitter * (2 * random() - 1)
        return min(max(0, min(exponential, maxDelay) * spread), maxDelay)
    }

    /// Seconds asked for by a `Retry-After` value (delta seconds or HTTP date).
    public func retryAfter(_ value: String?) -> Double? {
        guard let value = value?.trimmingSpaces(), !value.isEmpty else { return nil }
        if let seconds = Int(value) { return Double(max(0, seconds)) }
        guard let date = HTTPDate.parse(value) else { return nil }
        return max(0, date.timeIntervalSince(now()))
    }
}
