import Foundation

/// How the fake service answers (Moya's stub switch, chosen when the fake is built).
public struct StubBehavior: Sendable, Equatable {
    /// The artificial latency before each answer.
    public enum Delay: Sendable, Equatable {
        /// Answer at once, on the caller's task.
        case immediate
        /// Wait `seconds`, plus or minus up to `jitter` seconds.
        case delayed(seconds: Double, jitter: Double)
    }

    public var delay: Delay
    /// The share of requests (0…1) answered with `failureStatus` instead.
    public var errorRate: Double
    /// The status a failing request gets (503 unless set).
    public var failureStatus: Int
    /// Every request fails with this status (`--fake-fail-with 503`).
    public var alwaysFailWith: Int?

    public init(delay: Delay, errorRate: Double = 0, failureStatus: Int = 503, alwaysFailWith: Int? = nil) {
        self.delay = delay
        self.errorRate = errorRate
        self.failureStatus = failureStatus
        self.alwaysFailWith = alwaysFailWith
    }

    /// A realistic demo latency: 0.5 s ± 0.2 s.
    public static let demo = StubBehavior(delay: .delayed(seconds: 0.5, jitter: 0.2))
    /// No latency and no faults: for tests and benchmarks.
    public static let immediate = StubBehavior(delay: .immediate)

    /// `delay` seconds (0 = immediate) with a jitter of a fifth of it.
    public static func delayed(_ seconds: Double) -> StubBehavior {
        seconds <= 0 ? .immediate : StubBehavior(delay: .delayed(seconds: seconds, jitter: seconds / 5))
    }
}
