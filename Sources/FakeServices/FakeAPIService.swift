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
/// middleware and errors behave as they do against a real server. Being in
/// process (`Reach.inProcess`), it has no request for `:curl` to repeat,
/// runs no operations, and warms the engine up while the user types a search.
public enum FakeAPIService {
    /// - Parameters:
    ///   - cacheNamespace: keeps the caches of different data files apart.
    ///   - origin: what the status bar names as the data's source.
    public static func make(
        engine: JSONServerEngine, behavior: StubBehavior, storage: any StorageService,
        middleware: [any Middleware], logger: Logger, cacheNamespace: String = "fake", origin: String = "sample-data"
    ) -> LiveAPIService {
        let base = URL(string: "fake://sample-data") ?? URL(fileURLWithPath: "/sample-data")
        let network = NetworkClient(
            client: EngineHTTPClient(engine: engine, behavior: behavior), middleware: middleware,
            retry: .never)
        let store = ResourceStore(network: network, storage: storage, namespace: cacheNamespace, logger: logger)
        // A large data file is parsed whole and indexed while the user
        // types the search, not after the first keystroke.
        return LiveAPIService(
            baseURL: base, network: network, store: store, origin: origin,
            reach: .inProcess(searchWarmUp: { await engine.prepareToSearch() }))
    }
}
