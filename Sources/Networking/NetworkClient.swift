import Foundation

/// What services use to talk HTTP: an ``HTTPClient`` plus middleware, retry
/// and validation.
///
/// See ``Middleware`` for the order of the steps. Every failure is a
/// ``NetworkError``.
public struct NetworkClient: Sendable {
    /// The transport.
    public let client: any HTTPClient
    /// Middleware, applied in order (`process` in reverse).
    public let middleware: [any Middleware]
    /// When to retry.
    public let retry: RetryPolicy

    /// Creates a client.
    public init(client: any HTTPClient, middleware: [any Middleware] = [], retry: RetryPolicy = .default) {
        self.client = client
        self.middleware = middleware
        self.retry = retry
    }

    /// Sends `request` and returns the response if `validation` accepts its status.
    ///
    /// - Throws: ``NetworkError/status(code:excerpt:)`` for a rejected status
    ///   (``NetworkError/redirectedAway(to:code:excerpt:)`` after a redirect
    ///   to another origin),
    ///   or the transport's error after the last attempt.
    public func send(_ request: Request, validation: Validation = .successCodes) async throws(NetworkError) -> Response
    {
        let final = try await prepared(request)
        let result = await RequestTrace.$current.withValue(RequestTrace.start()) {
            await run(final, validation: validation)
        }
        let response = try result.get()
        guard validation.accepts(response.status) else {
            throw .rejected(response, excerpt: Redaction.excerpt(of: response.body, for: final))
        }
        return response
    }

    /// Sends a read (`GET`, `HEAD`) as ``send(_:validation:)`` does, but
    /// a `406 Not Acceptable` answered in a media type the request's
    /// `Accept` did not name is asked once more accepting that type: what
    /// the server offers (a JSON:API service answering `application/json`
    /// with a `406` in `application/vnd.api+json`). Other requests are sent
    /// as they are.
    public func sendNegotiating(_ request: Request, validation: Validation = .successCodes) async throws(NetworkError)
        -> Response
    {
        guard request.method == .get || request.method == .head, !validation.accepts(406) else {
            return try await send(request, validation: validation)
        }
        let first = try await send(request, validation: validation.alsoAccepting(406))
        guard first.status == 406 else { return first }
        if let offered = Self.offeredType(first, asked: request.headers["Accept"]) {
            return try await send(request |> withHeader("Accept", offered), validation: validation)
        }
        throw .rejected(first, excerpt: Redaction.excerpt(of: first.body, for: try await prepared(request)))
    }

    /// The media type of a `406`'s body when the request's `Accept` did not
    /// name it (nor `*/*`, nor its `type/*`): bounded, parameters dropped.
    static func offeredType(_ response: Response, asked: String?) -> String? {
        guard let header = response.headers["Content-Type"], header.utf8.count <= 200 else { return nil }
        let offered = String(header.prefix { $0 != ";" }).trimmingCharacters(in: .whitespaces).lowercased()
        let parts = offered.split(separator: "/")
        guard parts.count == 2, !parts.contains("*"), offered != "text/html" else { return nil }
        let named = (asked ?? "").lowercased().split(separator: ",").map {
            String($0.prefix { $0 != ";" }).trimmingCharacters(in: .whitespaces)
        }
        return named.contains(offered) || named.contains("*/*") || named.contains("\(parts[0])/*") ? nil : offered
    }

    /// `request` as ``send(_:validation:)`` would send it: every
    /// middleware's `prepare` applied (auth, timeout), nothing sent.
    public func prepared(_ request: Request) async throws(NetworkError) -> Request {
        var prepared = request
        for step in middleware {
            prepared = try await step.prepare(prepared)
        }
        return prepared
    }

    /// Sends the endpoint's request, validated by its ``Endpoint/validation``.
    public func send(_ endpoint: some Endpoint) async throws(NetworkError) -> Response {
        try await send(endpoint.makeRequest(), validation: endpoint.validation)
    }

    /// Sends the endpoint's request and decodes the JSON body as `type`.
    ///
    /// - Throws: ``NetworkError/decoding(path:reason:)`` if the body does not fit.
    public func decode<T: Decodable>(
        _ type: T.Type, from endpoint: some Endpoint, decoder: JSONDecoder = JSONDecoder()
    ) async throws(NetworkError) -> T {
        try await send(endpoint).decode(type, decoder: decoder)
    }

    // MARK: - Steps

    private func run(_ request: Request, validation: Validation) async -> Result<Response, NetworkError> {
        for step in middleware { step.willSend(request) }
        var result = await attempts(request, validation: validation)
        for step in middleware { step.didReceive(result, for: request) }
        for step in middleware.reversed() {
            result = await step.process(result, for: request)
        }
        return result
    }

    private func attempts(_ request: Request, validation: Validation) async -> Result<Response, NetworkError> {
        var attempt = 1
        while true {
            let result = await once(request)
            guard let delay = retry.delay(after: result, of: request, attempt: attempt, validation: validation) else {
                return result
            }
            let failure: NetworkError
            switch result {
            case .success(let response):
                failure = .rejected(response, excerpt: Redaction.excerpt(of: response.body, for: request))
            case .failure(let error):
                failure = error
            }
            for step in middleware { step.willRetry(request, after: failure, attempt: attempt, delay: delay) }
            do {
                try await retry.sleep(delay)
            } catch {
                return .failure(.cancelled)
            }
            attempt += 1
        }
    }

    private func once(_ request: Request) async -> Result<Response, NetworkError> {
        guard !Task.isCancelled else { return .failure(.cancelled) }
        do throws(NetworkError) {
            return .success(try await client.send(request))
        } catch {
            return .failure(error)
        }
    }
}
