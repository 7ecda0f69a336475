import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An ``HTTPClient`` over its own ephemeral `URLSession`.
///
/// No URL cache, no cookies: conditional requests and caching are the
/// caller's (URLSession on Linux never caches anyway). Each request uses its
/// own ``Request/timeout``; cancelling the calling task cancels the transfer.
///
/// Each write (every method but GET and HEAD) goes over a session of its
/// own, so on a connection of its own, never a kept-alive one: when a
/// server has dropped a kept-alive connection, libcurl silently sends the
/// request again on a new one. For a write that is a second, hidden send,
/// and as libcurl cannot rewind the body, one that then hangs until the
/// timeout (a PATCH reset before its answer waited 15 s and reached the
/// server twice; the fault corpus found it).
public struct URLSessionHTTPClient: HTTPClient {
    private let owner: SessionOwner

    /// Creates a client with a fresh ephemeral session (made on the first request).
    public init() {
        owner = SessionOwner { URLSession(configuration: Self.configuration()) }
    }

    private static func configuration() -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        return configuration
    }

    public func send(_ request: Request) async throws(NetworkError) -> Response {
        var urlRequest = try Self.makeURLRequest(request)
        let isWrite = request.method != .get && request.method != .head
        if isWrite { urlRequest.setValue("close", forHTTPHeaderField: "Connection") }
        let session = isWrite ? SessionOwner { URLSession(configuration: Self.configuration()) } : owner
        let outcome = await runWithDeadline(urlRequest, on: session, seconds: request.timeout)
        switch outcome {
        case .none:
            throw .timeout(seconds: request.timeout)
        case .success(let (data, urlResponse)):
            guard let http = urlResponse as? HTTPURLResponse else {
                throw .transport("Not an HTTP response from \(request.url.absoluteString)")
            }
            return Response(
                status: http.statusCode, headers: Self.headers(of: http), body: data,
                url: http.url ?? urlRequest.url ?? request.url)
        case .failure(let error):
            throw URLErrorMapping.networkError(for: error, request: request, taskCancelled: Task.isCancelled)
        }
    }

    // MARK: - Transfer

    /// Runs the transfer, or returns `nil` once `seconds` pass without an answer.
    ///
    /// URLSession on Linux does not enforce `timeoutInterval` while a server
    /// holds a connection open without answering, so the deadline is ours.
    private func runWithDeadline(_ urlRequest: URLRequest, on owner: SessionOwner, seconds: Double) async -> Result<
        (Data, URLResponse), any Error
    >? {
        enum Outcome: Sendable {
            case finished(Result<(Data, URLResponse), any Error>)
            case timedOut
        }
        return await withTaskGroup(of: Outcome?.self) { group in
            group.addTask { .finished(await run(urlRequest, on: owner)) }
            group.addTask {
                do {
                    try await Task.sleep(for: .seconds(max(0, seconds)))
                    return .timedOut
                } catch {
                    return nil  // cancelled from outside: the transfer reports it
                }
            }
            while let next = await group.next() {
                guard let outcome = next else { continue }
                group.cancelAll()
                switch outcome {
                case .finished(let result): return result
                case .timedOut: return nil
                }
            }
            return .failure(CancellationError())
        }
    }

    /// Runs a data task; cancellation of the current Swift task cancels it.
    private func run(_ urlRequest: URLRequest, on owner: SessionOwner) async -> Result<(Data, URLResponse), any Error> {
        let pending = PendingTask()
        return await withTaskCancellationHandler {
            await withCheckedContinuation {
                (continuation: CheckedContinuation<Result<(Data, URLResponse), any Error>, Never>) in
                let task = owner.session.dataTask(with: urlRequest) { data, response, error in
                    if let error {
                        continuation.resume(returning: .failure(error))
                    } else if let response {
                        continuation.resume(returning: .success((data ?? Data(), response)))
                    } else {
                        continuation.resume(returning: .failure(URLError(.badServerResponse)))
                    }
                }
                if !pending.start(task) {  // cancelled before it began: the task never runs
                    continuation.resume(returning: .failure(CancellationError()))
                }
            }
        } onCancel: {
            pending.cancel()
        }
    }

    static func makeURLRequest(_ request: Request) throws(NetworkError) -> URLRequest {
        guard let url = request.resolvedURL, let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", url.host != nil
        else {
            throw .invalidURL(request.url.absoluteString)
        }
        var urlRequest = URLRequest(
            url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: request.timeout)
        urlRequest.httpMethod = request.method.rawValue
        for field in request.headers {
            urlRequest.addValue(field.value, forHTTPHeaderField: field.name)
        }
        urlRequest.httpBody = request.body
        return urlRequest
    }

    private static func headers(of response: HTTPURLResponse) -> HTTPHeaders {
        var fields: [HTTPHeaders.Field] = []
        for (name, value) in response.allHeaderFields {
            fields.append(HTTPHeaders.Field(name: "\(name)", value: "\(value)"))
        }
        return HTTPHeaders(fields.sorted { $0.name.lowercased() < $1.name.lowercased() })
    }
}
