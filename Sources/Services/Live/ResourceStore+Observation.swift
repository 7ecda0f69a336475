import Foundation
import Networking

/// Observation (the Siesta idea): screens watch a resource's state instead of
/// holding request results; loads update every watcher of that URL.
extension ResourceStore {
    /// A stream of the state of `request`'s resource: the current state at
    /// once (seeded from storage when nothing was loaded yet), then each change.
    public func observe(_ request: Request) async -> AsyncStream<ResourceState> {
        let key = key(for: request)
        if states[key] == nil {
            let seed = await cached(request)
            // A load may have published while storage was read: keep its state.
            if states[key] == nil { states[key] = ResourceState(resource: seed) }
        }
        let (stream, continuation) = AsyncStream.makeStream(
            of: ResourceState.self, bufferingPolicy: .bufferingNewest(1))
        let id = UUID()
        observers[key, default: [:]][id] = continuation
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
            if state.isLoading { return }
            if let resource = state.resource, resource.origin != .cache, state.error == nil, !state.isOutdated,
                currentTime().timeIntervalSince(resource.fetchedAt) < maxAge
            {
                return
            }
        }
        await reload(request)
    }

    /// Loads now (revalidating stored data), publishing loading, then data or error.
    public func reload(_ request: Request) async {
        let key = key(for: request)
        update(key) { $0.isLoading = true }
        do {
            let resource = try await load(request)
            update(key) { state in
                state.resource = resource
                state.error = nil
                state.isLoading = false
                state.isOutdated = false
            }
        } catch {
            update(key) { state in
                state.error = error
                state.isLoading = false
            }
        }
    }

    private func update(_ key: String, _ change: (inout ResourceState) -> Void) {
        var state = states[key] ?? ResourceState()
        change(&state)
        states[key] = state
        for continuation in (observers[key] ?? [:]).values { continuation.yield(state) }
    }

    private func removeObserver(_ id: UUID, key: String) {
        observers[key]?[id] = nil
    }
}
