import Synchronization

/// The convention a service was found to speak this run (or remembered from
/// the last, `RememberedConvention`), shared by the live service and the
/// start's detection: once it is known to be other than json-server,
/// json-server's own paths (`/db`) are not asked.
public final class ConventionMemory: Sendable {
    private let found = Mutex<ConventionName?>(nil)

    public init() {}

    /// The convention found, if any yet.
    public var convention: ConventionName? { found.withLock { $0 } }

    /// Notes the convention the service's root was found in (this run, or
    /// remembered from the last).
    public func note(_ convention: ConventionName) { found.withLock { $0 = convention } }

    /// The service no longer answers as what was noted: nothing is known.
    public func forget() { found.withLock { $0 = nil } }

    /// Whether the service answered as something other than json-server.
    public var isOtherThanJSONServer: Bool {
        guard let convention else { return false }
        return convention != .jsonServer
    }
}
