import AsyncHTTPClient
import NIOPosix
import Synchronization

/// Owns one AsyncHTTPClient `HTTPClient`: makes it on the first request and
/// shuts it down once (``shutdown()``, or when the last copy goes away).
///
/// Made on first use: a run that never sends a request — the fake
/// environment, `--version` — creates no client, no connection pool and
/// starts no event loop thread.
final class ClientOwner: Sendable {
    private enum State: Sendable {
        case idle
        case running(AsyncHTTPClient.HTTPClient)
        case shutDown
    }

    private let state = Mutex<State>(.idle)
    let configuration: AsyncHTTPClient.HTTPClient.Configuration

    init(configuration: AsyncHTTPClient.HTTPClient.Configuration) {
        self.configuration = configuration
    }

    /// The client, made now if this is the first use; `nil` once shut down.
    var client: AsyncHTTPClient.HTTPClient? {
        state.withLock { state in
            switch state {
            case .idle:
                let client = AsyncHTTPClient.HTTPClient(
                    eventLoopGroup: MultiThreadedEventLoopGroup.singleton, configuration: configuration)
                state = .running(client)
                return client
            case .running(let client):
                return client
            case .shutDown:
                return nil
            }
        }
    }

    /// Closes the client's connections and waits until they are closed;
    /// later requests fail. Does nothing if no request was ever sent.
    func shutdown() async {
        guard let client = takeForShutdown() else { return }
        try? await client.shutdown()
    }

    private func takeForShutdown() -> AsyncHTTPClient.HTTPClient? {
        state.withLock { state in
            defer { state = .shutDown }
            if case .running(let client) = state { return client }
            return nil
        }
    }

    deinit {
        // Not shut down by its user (a test's transport): start the shutdown
        // without waiting, so the client is not dropped while running.
        if case .running(let client) = state.withLock({ $0 }) {
            client.shutdown { _ in }
        }
    }
}
