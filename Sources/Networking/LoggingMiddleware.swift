import Foundation
import Logging

/// Logs every call through swift-log, with secrets redacted.
///
/// The request line at ``requestLevel`` (debug by default), the status and
/// duration at ``responseLevel`` (info), statuses of 400 and above, retries
/// and failures at warning. `Authorization` values are written as
/// `Bearer ***` / `Basic ***`, other credential headers and token-like query
/// items as `***`. A failure is written in the words ``describe`` gives it
/// (the app passes its user messages: Networking knows no words).
public struct LoggingMiddleware: Middleware {
    /// Where lines go.
    public let logger: Logger
    /// The level of the request line.
    public let requestLevel: Logger.Level
    /// The level of a successful response line.
    public let responseLevel: Logger.Level
    /// Words a failure for the log line ("Cannot connect to h:1 — …").
    public let describe: @Sendable (NetworkError) -> String

    /// Logs to `logger`, failures in the words of `describe`.
    public init(
        logger: Logger, requestLevel: Logger.Level = .debug, responseLevel: Logger.Level = .info,
        describe: @escaping @Sendable (NetworkError) -> String
    ) {
        self.logger = logger
        self.requestLevel = requestLevel
        self.responseLevel = responseLevel
        self.describe = describe
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
            "↻ \(request.method.rawValue) \(Redaction.url(of: request)) failed (\(describe(failure))); retrying in \(Self.seconds(delay))",
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
            logger.warning("✗ \(line)\(durationSuffix): \(describe(error))", metadata: metadata)
        }
    }

    // MARK: - Helpers

    /// "10 s", "0.3 s": tenths, the whole number alone when it is one.
    static func seconds(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return (tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(abs(tenths % 10))") + " s"
    }

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
