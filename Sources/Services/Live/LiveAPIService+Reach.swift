/// Where a live service's requests go, and what being in process changes.
extension LiveAPIService {
    /// A server over HTTP, or an engine in this process (the fake
    /// environment), which has no URL to repeat with curl, runs no
    /// operations, and is readied for a search while the user types one (a
    /// large file parsed and indexed).
    public enum Reach: Sendable {
        case http
        case inProcess(searchWarmUp: @Sendable () async -> Void)
    }

    public func prepareToSearch(_ resource: ResourceDescriptor) async {
        if case .inProcess(let searchWarmUp) = reach { await searchWarmUp() }
    }

    var isInProcess: Bool {
        if case .inProcess = reach { return true }
        return false
    }
}
