/// Which service the browser shows, and the screens every service visited
/// in this run left behind, as a value: `:service NAME` and `:env NAME`
/// move between them, and a service shown again has its screens exactly
/// where they were.
///
/// A session is one service in one environment (its screens, its
/// services). The stacks start, stop and build nothing themselves: a move
/// says what to do (show a kept session, or build one first), so they are
/// tested with plain values for sessions, as ``NavigationStack`` is.
struct ServiceStacks<Session> {
    /// A service in an environment; `service` is `nil` for the run without
    /// a configured service (JSONPlaceholder, `--base-url`).
    struct Key: Hashable, Sendable {
        var service: String?
        var environment: AppEnvironment
    }

    /// Where a switch leads.
    enum Target: Equatable, Sendable {
        /// The session shown now: nothing to do.
        case current
        /// A session kept from earlier: show it again as it was left.
        case kept(Key)
        /// Not visited yet: start the service (`environment` `nil`: as the
        /// launch said), then ``show(_:as:)`` it.
        case build(service: String?, environment: AppEnvironment?)
    }

    /// What ``show(_:as:)`` did: the session to suspend and the one to resume.
    struct Change {
        var left: Session
        var shown: Session
    }

    /// Which session is shown now.
    private(set) var current: Key
    /// The session shown now.
    private(set) var shown: Session
    /// Every session, the one shown too.
    private var sessions: [Key: Session]
    /// The environment each service was last shown in (`:service` goes back to it).
    private var lastEnvironment: [String?: AppEnvironment]

    /// The first session: the service the run started with.
    init(_ session: Session, as key: Key) {
        current = key
        shown = session
        sessions = [key: session]
        lastEnvironment = [key.service: key.environment]
    }

    /// Every session, the one shown first.
    var all: [Session] {
        [shown] + sessions.filter { $0.key != current }.map(\.value)
    }

    /// Where `:service name` leads: the service as it was last shown, else
    /// a start in the launch's environment.
    func target(service name: String) -> Target {
        guard let environment = lastEnvironment[name] else { return .build(service: name, environment: nil) }
        return target(Key(service: name, environment: environment))
    }

    /// Where `:env environment` leads: the current service in `environment`.
    func target(environment: AppEnvironment) -> Target {
        target(Key(service: current.service, environment: environment))
    }

    private func target(_ key: Key) -> Target {
        if key == current { return .current }
        if sessions[key] != nil { return .kept(key) }
        return .build(service: key.service, environment: key.environment)
    }

    /// Shows the session of `key` — `made` for one just built, else the one
    /// kept — and says which to suspend and which to resume; `nil` when
    /// `key` is shown already or there is nothing to show. A session built
    /// for a key already kept replaces it.
    mutating func show(_ key: Key, made: Session? = nil) -> Change? {
        guard key != current || made != nil else { return nil }
        let left = shown
        if let made { sessions[key] = made }
        guard let shown = sessions[key] else { return nil }
        current = key
        self.shown = shown
        lastEnvironment[key.service] = key.environment
        return Change(left: left, shown: shown)
    }
}

extension ServiceStacks.Change: Equatable where Session: Equatable {}
