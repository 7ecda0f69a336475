import JSON
import Services
import Translations

/// What the snapshot walker reads a service through: pages of a collection
/// and single records, in whatever convention the service speaks. The
/// services' `APIService` is one; tests wrap one to watch the requests.
public protocol SnapshotSource: Sendable {
    /// One page (or the whole collection, for a route that does not page).
    func records(_ resource: ResourceDescriptor, _ query: ListQuery) async throws(ServiceError) -> Listing<JSONValue>
    /// One record (`id` empty: an object resource).
    func record(_ resource: ResourceDescriptor, id: String) async throws(ServiceError) -> JSONValue
}

/// An `APIService` read as a snapshot source.
public struct APISnapshotSource: SnapshotSource {
    let api: any APIService

    public init(api: any APIService) { self.api = api }

    public func records(_ resource: ResourceDescriptor, _ query: ListQuery) async throws(ServiceError)
        -> Listing<JSONValue>
    {
        try await api.records(resource, query)
    }

    public func record(_ resource: ResourceDescriptor, id: String) async throws(ServiceError) -> JSONValue {
        try await api.record(resource, id: id)
    }
}

/// At most `width` requests in flight at once, across all collections:
/// every request waits for a place and gives it back when answered.
actor RequestGate {
    private let width: Int
    private var inFlight = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []
    /// Requests sent through the gate.
    private(set) var sent = 0

    init(width: Int) { self.width = max(1, width) }

    /// Runs `body` once a place is free, unless the task was cancelled meanwhile (a walk that ended).
    func run<T: Sendable>(_ body: @Sendable () async throws(ServiceError) -> T) async throws(ServiceError) -> T {
        await enter()
        defer { leave() }
        if Task.isCancelled { throw ServiceError(.cancelled, Texts.Service.cancelled) }
        sent += 1
        return try await body()
    }

    private func enter() async {
        if inFlight < width {
            inFlight += 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Hands the place to the next waiting request, if any.
    private func leave() {
        if waiting.isEmpty {
            inFlight -= 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
