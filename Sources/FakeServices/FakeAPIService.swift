import Foundation
import JSON
import JSONServerCore
import Logging
import Networking
import Services

/// The fake environment's service: the sample data served in-process, after a
/// realistic delay, with exactly the semantics of a json-server.
///
/// It is the live service over an `EngineHTTPClient`, so caching, ETags,
/// middleware and errors behave as they do against a real server.
public struct FakeAPIService: APIService {
    private let live: LiveAPIService
    private let engine: JSONServerEngine

    /// `sample-data`, or the name of the `--data` file served.
    public let origin: String
    public var keepsWrites: Bool { true }

    /// - Parameters:
    ///   - cacheNamespace: keeps the caches of different data files apart.
    ///   - origin: what the status bar names as the data's source.
    public init(
        engine: JSONServerEngine, behavior: StubBehavior, storage: any StorageService,
        middleware: [any Middleware], logger: Logger, cacheNamespace: String = "fake", origin: String = "sample-data"
    ) {
        self.origin = origin
        self.engine = engine
        let base = URL(string: "fake://sample-data") ?? URL(fileURLWithPath: "/sample-data")
        let network = NetworkClient(
            client: EngineHTTPClient(engine: engine, behavior: behavior), middleware: middleware,
            retry: .never)
        let store = ResourceStore(network: network, storage: storage, namespace: cacheNamespace, logger: logger)
        live = LiveAPIService(baseURL: base, network: network, store: store, origin: origin)
    }

    public func recordList(_ resource: ResourceDescriptor, _ query: ListQuery) async
        -> AsyncStream<ListState<JSONValue>>
    {
        await live.recordList(resource, query)
    }

    public func refreshRecords(_ resource: ResourceDescriptor, _ query: ListQuery, force: Bool) async {
        await live.refreshRecords(resource, query, force: force)
    }

    /// A large data file is parsed whole and indexed while the user types
    /// the search, not after the first keystroke.
    public func prepareToSearch(_ resource: ResourceDescriptor) async {
        await engine.prepareToSearch()
    }

    public func records(_ resource: ResourceDescriptor, _ query: ListQuery) async throws(ServiceError)
        -> Listing<JSONValue>
    {
        try await live.records(resource, query)
    }

    public func count(_ resource: ResourceDescriptor, _ query: ListQuery) async throws(ServiceError) -> Int {
        try await live.count(resource, query)
    }

    public func record(_ resource: ResourceDescriptor, id: String) async throws(ServiceError) -> JSONValue {
        try await live.record(resource, id: id)
    }

    public func relatedRecord(
        _ target: ResourceDescriptor, id: String, from resource: ResourceDescriptor, field: String
    ) async throws(ServiceError) -> JSONValue {
        try await live.relatedRecord(target, id: id, from: resource, field: field)
    }

    public func create(_ resource: ResourceDescriptor, _ fields: JSONObject) async throws(ServiceError)
        -> JSONValue
    {
        try await live.create(resource, fields)
    }

    public func update(_ resource: ResourceDescriptor, id: String, _ fields: JSONObject) async throws(ServiceError)
        -> JSONValue
    {
        try await live.update(resource, id: id, fields)
    }

    public func delete(_ resource: ResourceDescriptor, id: String) async throws(ServiceError) {
        try await live.delete(resource, id: id)
    }

    public func discoverResources() async -> [DiscoveredResource] {
        await live.discoverResources()
    }
}
