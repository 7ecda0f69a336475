/// Status bar content contributed by a screen.
public struct ScreenStatus: Equatable, Sendable {
    /// The resource shown (`todos`).
    public var resource: String
    /// The count text (`37 of 200`), if any.
    public var count: String?
    /// The offline marker (`offline · cached 5 min ago`), if showing stale data.
    public var offline: String?
    /// Work in flight (drives the spinner).
    public var isLoading: Bool
    /// A short-lived message (`Todo 3 marked done`), if any.
    public var message: StatusMessage?
    /// `watch 5s` while `:watch` re-fetches the screen, else `nil`.
    public var watch: String?

    public init(
        resource: String, count: String? = nil, offline: String? = nil, isLoading: Bool = false,
        message: StatusMessage? = nil, watch: String? = nil
    ) {
        self.watch = watch
        self.resource = resource
        self.count = count
        self.offline = offline
        self.isLoading = isLoading
        self.message = message
    }
}
