import Foundation
import JSON
import JSONServerCore
import Serve
import TestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `TrestleServer` on 127.0.0.1 with an ephemeral port, for one test.
struct RunningServer {
    let url: URL
    let server: TrestleServer
    private let task: Task<Void, any Error>

    /// Starts a server over `database` and waits until it accepts connections.
    /// `configure` adjusts the options first (limits, timeouts, delay).
    static func start(
        database: JSONDatabase, readOnly: Bool = false, configure: (inout ServeOptions) -> Void = { _ in }
    ) async throws -> RunningServer {
        var options = ServeOptions(
            host: "127.0.0.1", port: 0, dataURL: URL(fileURLWithPath: "/dev/null"), readOnly: readOnly)
        configure(&options)
        let server = TrestleServer(options: options, database: database)
        let (ready, continuation) = AsyncStream.makeStream(of: URL.self)
        let task = Task {
            try await server.run(handlingSignals: false) { url in continuation.yield(url) }
        }
        var iterator = ready.makeAsyncIterator()
        guard let url = await iterator.next() else { throw CancellationError() }
        return RunningServer(url: url, server: server, task: task)
    }

    /// The port the server listens on.
    var port: Int { url.port ?? 0 }

    /// Stops the server and waits for it to finish.
    func stop() async {
        task.cancel()
        _ = await task.result
    }

    /// Sends one request with a fresh, cache-free session.
    func send(_ method: String, _ target: String, headers: [String: String] = [:], body: Data? = nil) async throws
        -> ConformanceResponse
    {
        guard let requestURL = URL(string: url.absoluteString + target) else { throw URLError(.badURL) }
        var request = URLRequest(url: requestURL, cachePolicy: .reloadIgnoringLocalAndRemoteCacheData)
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = body
        let (data, response) = try await RunningServer.session.data(for: request)
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        var fields: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { fields[name.lowercased()] = value }
        }
        return ConformanceResponse(status: http.statusCode, headers: fields, body: data)
    }

    static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalAndRemoteCacheData
        return URLSession(configuration: configuration)
    }()
}
