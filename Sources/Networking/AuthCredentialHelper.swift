import Foundation
import Synchronization

/// Runs a credential helper (`pass show api/prod`, `gh auth token`) as git
/// and kubectl do: `/bin/sh -c COMMAND`, no input, its standard output
/// (trimmed) is the secret. A helper that fails, prints nothing or runs
/// past the time limit is an ``AuthFailure`` naming the command and the
/// first line it wrote to standard error — never what it wrote to standard
/// output.
enum CredentialHelper {
    /// The helper's secret.
    static func run(_ command: String, environment: [String: String], timeout: Duration)
        async throws(AuthFailure) -> String
    {
        let run = HelperRun()
        let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
            run.begin(continuation)
            Thread.detachNewThread {
                run.finish(runBlocking(command, environment: environment, run: run))
            }
            Task {
                try? await Task.sleep(for: timeout)
                run.stop()
            }
        }
        switch outcome {
        case .output(let data):
            let secret = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            guard !secret.isEmpty else { throw .helperEmpty(command: command) }
            return secret
        case .failed(let status, let said):
            throw .helperFailed(command: command, status: status, said: said)
        case .notStarted(let reason):
            throw .helperNotStarted(command: command, reason: reason)
        case .timedOut:
            throw .helperTimedOut(command: command, seconds: Int(timeout.components.seconds))
        }
    }

    /// How one run ended.
    enum Outcome: Sendable {
        case output(Data)
        case failed(status: Int, said: String)
        case notStarted(String)
        case timedOut
    }

    /// Starts the helper, waits for it on this (its own) thread and reads its output.
    private static func runBlocking(_ command: String, environment: [String: String], run: HelperRun) -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return .notStarted((error as NSError).localizedDescription)
        }
        run.started(pid: process.processIdentifier)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        run.ended()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let line = String(decoding: said, as: UTF8.self).split(whereSeparator: \.isNewline).first ?? ""
            return .failed(
                status: Int(process.terminationStatus),
                said: BodyExcerpt.make(from: line.trimmingCharacters(in: .whitespaces)))
        }
        return .output(data)
    }
}

/// One helper run: the waiting caller, the child's pid, and who ends it
/// first (the child, or the time limit, which kills it).
private final class HelperRun: Sendable {
    private struct State {
        var continuation: CheckedContinuation<CredentialHelper.Outcome, Never>?
        var pid: Int32 = 0
        var timedOut = false
        var exited = false
    }

    private let state = Mutex(State())

    func begin(_ continuation: CheckedContinuation<CredentialHelper.Outcome, Never>) {
        state.withLock { $0.continuation = continuation }
    }

    /// The child runs; a time limit already past kills it at once.
    func started(pid: Int32) {
        let late = state.withLock { state in
            state.pid = pid
            return state.timedOut
        }
        if late { Self.kill(pid) }
    }

    func ended() {
        state.withLock { $0.exited = true }
    }

    /// The time limit: the caller hears of it at once; the child is killed.
    func stop() {
        let pid = state.withLock { state -> Int32 in
            state.timedOut = true
            return state.exited ? 0 : state.pid
        }
        finish(.timedOut)
        if pid > 0 { Self.kill(pid) }
    }

    func finish(_ outcome: CredentialHelper.Outcome) {
        let continuation = state.withLock { state in
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(returning: outcome)
    }

    private static func kill(_ pid: Int32) {
        guard pid > 0 else { return }
        _ = Foundation.kill(pid, SIGKILL)
    }
}
