/// An HTTP request method.
///
/// Only the methods a REST client needs are modelled. ``isIdempotent`` is
/// what ``RetryPolicy`` consults before sending a request a second time.
public enum HTTPMethod: String, Sendable, Hashable, CaseIterable {
    case get = "GET"
    case post = "POST"
    case put = "PUT"
    case patch = "PATCH"
    case delete = "DELETE"
    case head = "HEAD"
    /// Which methods a resource takes (its answer's `Allow`, RFC 9110 §9.3.7).
    case options = "OPTIONS"

    /// Whether sending the request twice has the same effect as sending it once.
    ///
    /// `POST` and `PATCH` are not idempotent: they are never retried.
    public var isIdempotent: Bool {
        switch self {
        case .get, .put, .delete, .head, .options: true
        case .post, .patch: false
        }
    }
}
