/// Counts a call as in flight in an ``ActivityTracker`` from `willSend`
/// until `didReceive` (retries included, so a spinner does not flicker).
public struct ActivityMiddleware: Middleware {
    /// The tracker that is counted.
    public let tracker: ActivityTracker

    /// Counts calls in `tracker`.
    public init(tracker: ActivityTracker) {
        self.tracker = tracker
    }

    public func willSend(_ request: Request) {
        tracker.begin()
    }

    public func didReceive(_ result: Result<Response, NetworkError>, for request: Request) {
        tracker.end()
    }
}
