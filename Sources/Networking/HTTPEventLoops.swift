import NIOPosix

/// The event loop threads every HTTP client of the process runs on
/// (SwiftNIO's shared group, which `trestle serve` uses too).
public enum HTTPEventLoops {
    /// Starts the threads now, ahead of the first request: the group's
    /// making waits until each thread runs its loop (about 2 ms on two busy
    /// cores), which the first request then no longer does.
    public static func start() {
        _ = MultiThreadedEventLoopGroup.singleton
    }
}
