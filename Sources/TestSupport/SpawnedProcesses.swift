import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Every process the tests started and have not yet seen end, so that a
/// suite can fail when one outlives it instead of leaving it running on the
/// developer's machine.
///
/// `Spawn` registers each child until it reaps it; `TmuxSession` registers
/// its server and its pane's command until `kill()` has seen them gone.
public final class SpawnedProcesses: @unchecked Sendable {
    /// The one registry of the test process.
    public static let shared = SpawnedProcesses()

    private let lock = NSLock()
    private var running: [Int32: String] = [:]

    private init() {}

    /// Records `pid`, described for the failure message.
    public func add(_ pid: Int32, _ description: String) {
        lock.withLock { running[pid] = description }
    }

    /// Forgets `pid` (it ended, or its owner saw it end).
    public func remove(_ pid: Int32) {
        _ = lock.withLock { running.removeValue(forKey: pid) }
    }

    /// Registered processes that are still alive, as `pid description`.
    public func survivors() -> [String] {
        let snapshot = lock.withLock { running }
        return snapshot.filter { ProcessState.isAlive($0.key) }.sorted { $0.key < $1.key }
            .map { "\($0.key) \($0.value)" }
    }

    /// Kills every surviving process with its process group (`SIGKILL`) and
    /// forgets them all: the clean-up after a failed check.
    public func killSurvivors() {
        let snapshot = lock.withLock {
            defer { running = [:] }
            return running
        }
        for pid in snapshot.keys where ProcessState.isAlive(pid) {
            if getpgid(pid) == pid { Glibc.kill(-pid, SIGKILL) }
            Glibc.kill(pid, SIGKILL)
        }
    }
}
