import Services

/// The `:curl` dialog as a value: the request it repeats and what it shows
/// (building, the command, or why there is none).
struct CurlState: ScreenState, Equatable, Sendable {
    /// What the dialog shows.
    enum Content: Equatable, Sendable {
        case loading
        case command(String)
        case failed(String)
    }

    enum Event: Equatable, Sendable {
        /// The screen shows: the command is built if it is not yet.
        case appeared
        /// The screen left: a build under way is dropped (built again next time).
        case disappeared
        /// The service wrote the request as sent.
        case built(String)
        /// The service could not (the reason, in words).
        case failed(String)
    }

    enum Effect: Equatable, Sendable {
        /// Ask the service for the request as sent. Results: `.built`, `.failed`.
        case build(ShownRequest)
        /// Drop the build under way.
        case cancelBuild
    }

    let shown: ShownRequest
    private(set) var content = Content.loading
    /// A build is under way.
    private(set) var isBuilding = false

    init(shown: ShownRequest) {
        self.shown = shown
    }

    mutating func apply(_ event: Event) -> [Effect] {
        switch event {
        case .appeared:
            guard content == .loading, !isBuilding else { return [] }
            isBuilding = true
            return [.build(shown)]
        case .disappeared:
            isBuilding = false
            return [.cancelBuild]
        case .built(let command):
            isBuilding = false
            content = .command(command)
        case .failed(let reason):
            isBuilding = false
            content = .failed(reason)
        }
        return []
    }
}
