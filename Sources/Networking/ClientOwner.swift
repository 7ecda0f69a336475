import AsyncHTTPClient
import NIOPosix
import Synchronization

/// Owns the AsyncHTTPClient `HTTPClient`s of a transport — one for each
/// way a request goes out (directly or through a proxy; with the service's
/// own TLS or the system's): makes each on its first request and shuts
/// them all down once (``shutdown()``, or when the last copy goes away).
///
/// Made on first use: a run that never sends a request — the fake
/// environment, `--version` — creates no client, no connection pool and
/// starts no event loop thread.
final class ClientOwner: Sendable {
    /// How a request goes out: which proxy, whose TLS.
    struct Route: Hashable, Sendable {
        var proxy: ProxyServer?
        /// The service's own TLS (`caFile:`, `clientCertificate:`, `insecure:`).
        var serviceTLS: Bool

        static let direct = Route(proxy: nil, serviceTLS: false)
    }

    private enum State: Sendable {
        case running([Route: AsyncHTTPClient.HTTPClient])
        case shutDown
    }

    private let state = Mutex<State>(.running([:]))
    /// The configuration of a direct client with the system's TLS.
    let configuration: AsyncHTTPClient.HTTPClient.Configuration

    init(configuration: AsyncHTTPClient.HTTPClient.Configuration) {
        self.configuration = configuration
    }

    /// The direct client, made now if this is the first use; `nil` once shut down.
    var client: AsyncHTTPClient.HTTPClient? { client(for: .direct) { $0 } }

    /// The client of `route`, made now with `configure`d ``configuration``
    /// if this is its first use; `nil` once shut down.
    func client(
        for route: Route,
        configure: (AsyncHTTPClient.HTTPClient.Configuration) -> AsyncHTTPClient.HTTPClient.Configuration
    ) -> AsyncHTTPClient.HTTPClient? {
        state.withLock { state in
            guard case .running(var clients) = state else { return nil }
            if let client = clients[route] { return client }
            let client = AsyncHTTPClient.HTTPClient(
                eventLoopGroup: MultiThreadedEventLoopGroup.singleton, configuration: configure(configuration))
            clients[route] = client
            state = .running(clients)
            return client
        }
    }

    /// Closes the clients' connections and waits until they are closed;
    /// later requests fail. Does nothing if no request was ever sent.
    func shutdown() async {
        for client in takeForShutdown() {
            try? await client.shutdown()
        }
    }

    private func takeForShutdown() -> [AsyncHTTPClient.HTTPClient] {
        state.withLock { state in
            defer { state = .shutDown }
            if case .running(let clients) = state { return Array(clients.values) }
            return []
        }
    }

    deinit {
        // Not shut down by its user (a test's transport): start the shutdown
        // without waiting, so no client is dropped while running.
        if case .running(let clients) = state.withLock({ $0 }) {
            for client in clients.values { client.shutdown { _ in } }
        }
    }
}
