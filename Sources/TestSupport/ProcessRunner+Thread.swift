import Foundation

extension ProcessRunner {
    /// ``run(_:_:environment:workingDirectory:timeout:)`` on a thread of its
    /// own, awaited: no thread of the cooperative pool waits for the child,
    /// and a server in this process (which answers on that pool) keeps
    /// answering it meanwhile.
    public static func runOnThread(
        _ executable: URL, _ arguments: [String], environment: [String: String], workingDirectory: URL? = nil,
        timeout: TimeInterval = 120
    ) async throws -> ProcessOutcome {
        try await OwnThread.run {
            try run(
                executable, arguments, environment: environment, workingDirectory: workingDirectory, timeout: timeout)
        }
    }
}
