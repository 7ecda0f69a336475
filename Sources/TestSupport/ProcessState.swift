import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What `/proc` and a pidfd tell about a process that need not be our child.
public enum ProcessState {
    /// Whether `pid` exists and has not exited. A zombie counts as exited: its
    /// parent may be gone, and the container's PID 1 need not reap it.
    public static func isAlive(_ pid: Int32) -> Bool {
        guard pid > 0, let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        // "pid (comm) state …": comm may hold spaces, so read after ")".
        let state = stat[stat.index(after: close)...].split(separator: " ").first
        return state != "Z" && state != "X"
    }

    private typealias PidfdOpen = @convention(c) (pid_t, UInt32) -> Int32

    /// Waits until `pid` exits or `timeout` passes; true when it is gone.
    ///
    /// The wait is the exit event itself: a pidfd (Linux 5.3+, `pidfd_open`
    /// from glibc 2.36, looked up because Swift does not import it) becomes
    /// readable when the process ends, whoever its parent is. Without one,
    /// the fallback polls `/proc`.
    @discardableResult
    public static func waitForExit(_ pid: Int32, timeout: Duration) -> Bool {
        guard isAlive(pid) else { return true }
        let deadline = ContinuousClock.now + timeout
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pidfd_open") {
            let descriptor = unsafeBitCast(symbol, to: PidfdOpen.self)(pid, 0)
            if descriptor >= 0 {
                defer { close(descriptor) }
                var fds = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
                while ContinuousClock.now < deadline {
                    let left = deadline - ContinuousClock.now
                    let milliseconds =
                        left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000
                    if poll(&fds, 1, Int32(clamping: max(1, milliseconds))) > 0 { break }
                }
                return !isAlive(pid)
            }
        }
        while isAlive(pid) && ContinuousClock.now < deadline {
            usleep(10_000)
        }
        return !isAlive(pid)
    }
}
