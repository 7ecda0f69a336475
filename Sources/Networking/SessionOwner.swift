import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Owns the session and invalidates it when the last client copy goes away.
///
/// The session is made on first use: creating a `URLSession` costs start-up
/// time (libcurl's set-up) that a run which never sends a request — the fake
/// environment, `--version` — should not pay.
final class SessionOwner: @unchecked Sendable {
    // @unchecked: `made` is only touched while `lock` is held.
    private let make: @Sendable () -> URLSession
    private let lock = NSLock()
    private var made: URLSession?

    init(make: @escaping @Sendable () -> URLSession) {
        self.make = make
    }

    /// The session, made now if this is the first use.
    var session: URLSession {
        lock.lock()
        defer { lock.unlock() }
        if let made { return made }
        let session = make()
        made = session
        return session
    }

    deinit {
        made?.finishTasksAndInvalidate()
    }
}
