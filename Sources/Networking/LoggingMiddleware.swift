import Foundation
import Logging

/// Logs every call through swift-log, with secrets redacted.
///
/// The request line at ``requestLevel`` (debug by default), the status and
/// duration at ``responseLevel`` (info), statuses of 400 and above, retries
/// and failures at warning. `Authorization` values are written as
/// `Bearer ***` / `Basic ***`, other credential headers and token-like query
/// items as `***`.
public struct LoggingMiddleware: Middleware {
    /// Where lines go.
    public let logger: Logger
    /// The level of the request line.
    public let requestLevel: Logger.Level
    /// The level of a successful response line.
    public let responseLevel: Logger.Level

    /// Logs to `logger`.
    public init(logger: Logger, requestLevel: Logger.Level = .debug, responseLevel: Logger.Level = .info) {
        self.logger = logger
        self.requestLevel = requestLevel
        self.responseLevel = responseLevel
    }

    public func willSend(_ request: Request) {
        logger.log(
            level: requestLevel, "→ \(request.method.rawValue) \(Redaction.url(of: request))",
            metadata: metadata(for: request).merging(["http.headers": .dictionary(Redaction.headers(request.headers))])
            { $1 })
    }

    public func willRetry(_ request: Request, after failure: NetworkError, attempt: Int, delay: Double) {
        var metadata = metadata(for: request)
        metadata["http.attempt"] = "\(attempt)"
        metadata["retry.delay_s"] = "\(delay)"
        logger.warning(
            "↻ \(request.method.rawValue) \(Redaction.url(of: request)) failed (\(failure.userMessage)); retrying in \(NetworkError.describe(seconds: delay))",
            metadata: metadata)
    }

    public func didReceive(_ result: Result<Response, NetworkError>, for request: Request) {
        var metadata = metadata(for: request)
        let line = "\(request.method.rawValue) \(Redaction.url(of: request))"
        switch result {
        case .success(let response):
            metadata["http.status"] = "\(response.status)"
            metadata["http.bytes"] = "\(response.body.count)"
            let reason = HTTPStatus.reasonPhrase(for: response.status)
            let message: Logger.Message = "← \(response.status) \(reason) \(line)\(durationSuffix)"
            if response.status >= 400 {
                metadata["http.body_excerpt"] = .string(Redaction.excerpt(of: response.body, for: request))
                logger.warning(message, metadata: metadata)
            } else {
                logger.log(level: responseLevel, message, metadata: metadata)
            }
        case .failure(let error):
            metadata["error"] = .string(String(reflecting: error))
            logger.warning("✗ \(line)\(durationSuffix): \(error.userMessage)", metadata: metadata)
        }
    }

    // MARK: - Helpers

    private func metadata(for request: Request) -> Logger.Metadata {
        guard let trace = RequestTrace.current else { return [:] }
        return ["http.request_id": "\(trace.id)"]
    }

    private var durationSuffix: String {
        guard let trace = RequestTrace.current else { return "" }
        let milliseconds =
            Double(trace.elapsed.components.seconds) * 1_000
            + Double(trace.elapsed.components.attoseconds) / 1e15
        return " (\(Int(milliseconds.rounded())) ms)"
    }
}
