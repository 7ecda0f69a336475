import Foundation
import Networking

/// Observation (the Siesta idea): screens watch a resource's state instead of
/// holding request results; loads update every watcher of that URL.
extension ResourceStore {
    /// A stream of the state of `request`'s resource: the current state at
    /// once (seeded from storage when nothing was loaded yet), then each change.
    public func observe(_ request: Request) async -> AsyncStream<ResourceState> {
        let key = key(for: request)
        await seed(key, from: request)
        let (stream, continuation) = AsyncStream.makeStream(
            of: ResourceState.self, bufferingPolicy: .bufferingNewest(1))
        let id = UUID()
        observers[key, default: [:]][id] = continuation
        interest.observed(key)
        touch(key)
        continuation.onTermination = { _ in
            Task { await self.removeObserver(id, key: key) }
        }
        if let state = states[key] { continuation.yield(state) }
        return stream
    }

    /// Loads unless fresh data (fetched less than `maxAge` seconds ago from
    /// the server, not just the cache) is already there or a load is running.
    public func loadIfNeeded(_ request: Request, maxAge: TimeInterval) async {
        let key = key(for: request)
        if let state = states[key] {
            // A load begun before a write does not count (it may answer with what was there before).
            if state.isLoading, !state.isOutdated { return }
            if let resource = state.resource, resource.origin != .cache, state.error == nil, !state.isOutdated,
                currentTime().timeIntervalSince(resource.fetchedAt) < maxAge
            {
                return
            }
        }
        await publish(request, sharing: .anyInFlight)
    }

    /// Loads now (revalidating stored data), publishing loading, then data
    /// or error. The answer comes from a request sent after this call, never
    /// from one already in flight, which may predate a write (``Sharing``).
    public func reload(_ request: Request) async {
        await publish(request, sharing: .sentLater)
    }

    /// The state of `key`, when nothing was loaded or observed yet: what
    /// storage kept of it (a previous run's answer), so that a load that
    /// fails — the server down, a 503 — still leaves the last good answer
    /// beside its error, whether the load or a screen's look came first.
    private func seed(_ key: String, from request: Request) async {
        guard states[key] == nil else { return }
        let seed = await cached(request)
        // A load may have published while storage was read: keep its state.
        if states[key] == nil { states[key] = ResourceState(resource: seed) }
        touch(key)
    }

    /// Loads, publishing loading, then data or error.
    private func publish(_ request: Request, sharing: Sharing) async {
        let key = key(for: request)
        await seed(key, from: request)
        publishing[key, default: 0] += 1
        let outdatingsBefore = outdatings[key]
        update(key) { $0.isLoading = true }
        let outcome: Result<LoadedResource, NetworkError>
        do {
            outcome = .success(try await load(request, sharing: sharing, forObservers: true))
        } catch {
            outcome = .failure(error)
        }
        publishing[key, default: 1] -= 1
        // Loading until the last load published here has answered.
        let stillLoading = publishing[key, default: 0] > 0
        if !stillLoading { publishing[key] = nil }
        // Marked outdated while this load was out: the answer may predate that write.
        let stillOutdated = outdatings[key] != outdatingsBefore
        switch outcome {
        case .success(let resource):
            update(key) { state in
                // Answers are published in the order they were sent: an older
                // one resumed late never replaces a newer one.
                let newerShown = state.resource.map { $0.origin != .cache && $0.fetchedAt > resource.fetchedAt }
                if newerShown != true { state.resource = resource }
                state.error = nil
                state.isLoading = stillLoading
                state.isOutdated = stillOutdated
            }
        case .failure(.cancelled):
            // Stopped (nobody wanted it any more): not an error of the resource.
            update(key) { $0.isLoading = stillLoading }
        case .failure(let error):
            update(key) { state in
                state.error = error
                state.isLoading = stillLoading
            }
        }
    }

    private func update(_ key: String, _ change: (inout ResourceState) -> Void) {
        var state = states[key] ?? ResourceState()
        change(&state)
        states[key] = state
        touch(key)
        for continuation in (observers[key] ?? [:]).values { continuation.yield(state) }
    }

    /// Notes that `used`'s state was used now, and lets the idle states least
    /// recently used go while more than ``ResourceStore/idleStates`` are
    /// kept, or their bodies come to more than ``ResourceStore/idleBytes``.
    func touch(_ used: String) {
        touchClock &+= 1
        touches[used] = touchClock
        let idle = states.keys.filter { key in
            (observers[key]?.isEmpty ?? true) && inFlight[key] == nil && queued[key] == nil && publishing[key] == nil
        }
        var bytes = idle.reduce(0) { $0 + (states[$1]?.resource?.body.count ?? 0) }
        var excess = states.count - Self.idleStates
        guard excess > 0 || bytes > Self.idleBytes else { return }
        // The state just used stays, however big: its answer is what was asked for.
        for key in idle.sorted(by: { touches[$0, default: 0] < touches[$1, default: 0] }) where key != used {
            guard excess > 0 || bytes > Self.idleBytes else { break }
            bytes -= states[key]?.resource?.body.count ?? 0
            excess -= 1
            states[key] = nil
            touches[key] = nil
            outdatings[key] = nil
        }
    }

    private func removeObserver(_ id: UUID, key: String) {
        guard observers[key]?.removeValue(forKey: id) != nil else { return }
        guard observers[key]?.isEmpty == true else { return }
        // Idle: the body stays (a page visited again shows at once), its decoded form goes.
        if let resource = states[key]?.resource { states[key]?.resource = resource.withoutDecoded() }
        lastObserverLeft(key)
    }
}
