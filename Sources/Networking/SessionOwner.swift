import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Owns the session and invalidates it when the last client copy goes away.
final class SessionOwner: Sendable {
    let session: URLSession

    init(session: URLSession) {
        self.session = session
    }

    deinit {
        session.finishTasksAndInvalidate()
    }
}
