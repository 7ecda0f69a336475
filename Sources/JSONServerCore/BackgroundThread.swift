import Foundation

/// The engine's long work (the whole parse of a large file, search indexes)
/// runs on threads of its own, not the cooperative pool, and below the
/// priority of the thread that draws the screen: on two cores, a keystroke's
/// frame is not held up by a parse of hundreds of milliseconds.
enum BackgroundThread {
    /// How much the thread yields: `answer` (a request's own work) to
    /// nothing, `parse` to a waiting request's work (nice 10), `index` to
    /// anything (nice 19).
    enum Niceness: Int32 {
        case answer = 0
        case parse = 10
        case index = 19
    }

    /// Runs `body` on a new thread at `niceness`.
    static func start(_ niceness: Niceness, _ body: @escaping @Sendable () -> Void) {
        Thread {
            #if os(Linux)
                _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, niceness.rawValue)  // this thread only
            #endif
            body()
        }.start()
    }
}
