import TestSupport
import Testing

/// Fails a suite when a process its tests started outlives it, and kills
/// what is left, so that a run never leaves tmux servers or apps behind on
/// the developer's machine (`.ci/run` checks once more, by process table).
struct LeftoverProcessCheck: SuiteTrait, TestScoping {
    /// Once around the whole suite, not around each test in it.
    var isRecursive: Bool { false }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await function()
        let survivors = SpawnedProcesses.shared.survivors()
        guard !survivors.isEmpty else { return }
        SpawnedProcesses.shared.killSurvivors()
        let list = survivors.joined(separator: "\n")
        Issue.record("\(survivors.count) process(es) the tests started outlived them (now killed):\n\(list)")
    }
}

extension Trait where Self == LeftoverProcessCheck {
    /// Fails the suite if any process its tests started is still running at its end.
    static var noLeftoverProcesses: Self { Self() }
}
