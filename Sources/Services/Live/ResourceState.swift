import Networking

/// What is known about one resource (one GET URL) right now: the latest data,
/// the latest error and whether a request is in flight. Data and error
/// together are the offline mode: the last good answer, and why it is old.
public struct ResourceState: Sendable {
    public var resource: LoadedResource?
    public var error: NetworkError?
    public var isLoading: Bool
    /// A write changed the collection since this was loaded: load again before trusting it.
    public var isOutdated = false

    public init(resource: LoadedResource? = nil, error: NetworkError? = nil, isLoading: Bool = false) {
        self.resource = resource
        self.error = error
        self.isLoading = isLoading
    }
}
