/// Waits until `condition` holds: polled every 50 ms with `Task.sleep` (no
/// cooperative thread is blocked), for at most `limit` — 120 s, the bound
/// every wait of the suite has, so that a loaded machine's late event is
/// not a failure (docs/TESTING-FAULTS.md). Returns whether it held.
public func waitUntil(within limit: Duration = .seconds(120), _ condition: () async throws -> Bool) async rethrows
    -> Bool
{
    let deadline = ContinuousClock.now + limit
    while try await !condition() {
        guard ContinuousClock.now < deadline else { return false }
        try? await Task.sleep(for: .milliseconds(50))
    }
    return true
}
