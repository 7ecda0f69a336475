import Foundation

extension ProcessRunner {
    /// ``run(_:_:environment:workingDirectory:timeout:)`` on a thread of its
    /// own, awaited: a server in this process (which answers on the
    /// cooperative pool) keeps answering the child meanwhile.
    public static func runOnThread(
        _ executable: URL, _ arguments: [String], environment: [String: String], timeout: TimeInterval = 30
    ) async throws -> ProcessOutcome {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(
                    with: Result { try run(executable, arguments, environment: environment, timeout: timeout) })
            }.start()
        }
    }
}
