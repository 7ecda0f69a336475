import Foundation
import JSON
import JSONServerCore
import Networking
import Services

/// An `HTTPClient` that answers from an in-process `JSONServerEngine`: the
/// same routes, queries, headers and status codes as `trestle serve`, with
/// the stub's delay and injected faults, and no socket.
public struct EngineHTTPClient: HTTPClient {
    private let engine: JSONServerEngine
    private let behavior: StubBehavior
    private let random: @Sendable () -> Double

    /// - Parameter random: a source of numbers in 0..<1 (injected so tests decide faults).
    public init(
        engine: JSONServerEngine, behavior: StubBehavior,
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
    ) {
        self.engine = engine
        self.behavior = behavior
        self.random = random
    }

    public func send(_ request: Request) async throws(NetworkError) -> Response {
        try await wait(upTo: request.timeout)
        guard let url = request.resolvedURL else { throw .invalidURL(request.url.absoluteString) }
        if let status = injectedFailure() {
            let body = Data(#"{"error":"injected fault"}"#.utf8)
            return Response(status: status, headers: HTTPHeaders(), body: body, url: url)
        }
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        var headers: [String: String] = [:]
        for field in request.headers { headers[field.name.lowercased()] = field.value }
        let answer = await engine.handle(
            EngineRequest(
                method: request.method.rawValue,
                // Still escaped, as a server receives it: the engine unescapes
                // each segment, so an id holding `/` stays one segment.
                path: components?.percentEncodedPath ?? url.path,
                query: (components?.queryItems ?? []).map { QueryItem(name: $0.name, value: $0.value ?? "") },
                headers: headers,
                body: request.body,
                baseURL: "\(url.scheme ?? "fake")://\(url.host ?? "sample-data")"))
        // The data file's own error (a record that does not parse), in its words.
        if let problem = answer.dataFileProblem { throw .decoding(path: "", reason: problem) }
        var responseHeaders = HTTPHeaders()
        for field in answer.headers { responseHeaders[field.name] = field.value }
        return Response(status: answer.status, headers: responseHeaders, body: answer.body, url: url)
    }

    private func injectedFailure() -> Int? {
        if let status = behavior.alwaysFailWith { return status }
        if behavior.errorRate > 0, random() < behavior.errorRate { return behavior.failureStatus }
        return nil
    }

    private func wait(upTo timeout: TimeInterval) async throws(NetworkError) {
        guard case .delayed(let seconds, let jitter) = behavior.delay else { return }
        let delay = max(0, seconds + jitter * (random() * 2 - 1))
        do {
            try await Task.sleep(for: .seconds(min(delay, timeout)))
        } catch {
            throw .cancelled
        }
        if delay > timeout { throw .timeout(seconds: timeout) }
    }
}
