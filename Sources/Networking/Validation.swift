/// Which response statuses a request accepts; any other status fails with
/// ``NetworkError/status(code:excerpt:)``.
///
/// A conditional request (`If-None-Match`, `If-Modified-Since`) must accept
/// `304 Not Modified` to see it: pass ``successOrNotModified`` (or
/// `.customCodes` including 304) and treat a 304 response as "use the cached
/// copy" — its body is empty.
public enum Validation: Sendable, Hashable {
    /// Accept every status.
    case none
    /// Accept 200..<300.
    case successCodes
    /// Accept 200..<400.
    case successAndRedirectCodes
    /// Accept exactly these statuses.
    case customCodes(Set<Int>)

    /// Accept 200..<300 and 304, for conditional requests.
    public static let successOrNotModified = Validation.customCodes(Set(200..<300).union([304]))

    /// This validation, `status` passing too.
    public func alsoAccepting(_ status: Int) -> Validation {
        switch self {
        case .none,
            .successAndRedirectCodes where (200..<400).contains(status):
            self
        case .successCodes: .customCodes(Set(200..<300).union([status]))
        case .successAndRedirectCodes: .customCodes(Set(200..<400).union([status]))
        case .customCodes(let codes): .customCodes(codes.union([status]))
        }
    }

    /// Whether a response with `status` passes.
    public func accepts(_ status: Int) -> Bool {
        switch self {
        case .none: true
        case .successCodes: (200..<300).contains(status)
        case .successAndRedirectCodes: (200..<400).contains(status)
        case .customCodes(let codes): codes.contains(status)
        }
    }
}
