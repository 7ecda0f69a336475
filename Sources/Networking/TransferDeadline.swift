/// Runs a transfer against a deadline of its own.
///
/// The deadline covers the whole transfer, body included, whatever the
/// transport's own timers do, and also a server that accepts the
/// connection and never answers.
enum TransferDeadline {
    /// The transfer's result, or `nil` once `seconds` pass first (the
    /// transfer is then cancelled).
    static func run<Value: Sendable>(
        seconds: Double, _ transfer: @escaping @Sendable () async throws -> Value
    ) async -> Result<Value, any Error>? {
        await withTaskGroup(of: DeadlineOutcome<Value>?.self) { group in
            group.addTask {
                do {
                    return .finished(.success(try await transfer()))
                } catch {
                    return .finished(.failure(error))
                }
            }
            group.addTask {
                do {
                    try await Task.sleep(for: .seconds(max(0, seconds)))
                    return .timedOut
                } catch {
                    return nil  // cancelled from outside: the transfer reports it
                }
            }
            while let next = await group.next() {
                guard let outcome = next else { continue }
                group.cancelAll()
                switch outcome {
                case .finished(let result): return result
                case .timedOut: return nil
                }
            }
            return .failure(CancellationError())
        }
    }
}

/// What ends first: the transfer, or the deadline.
private enum DeadlineOutcome<Value: Sendable>: Sendable {
    case finished(Result<Value, any Error>)
    case timedOut
}
