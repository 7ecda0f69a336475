import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Maps Foundation's URL loading errors onto ``NetworkError``.
enum URLErrorMapping {
    /// The ``NetworkError`` for `error`, raised while sending `request`.
    ///
    /// Works from the `NSURLErrorDomain` code, because on Linux the error
    /// arrives as an `NSError` that does not always cast to `URLError`.
    static func networkError(for error: any Error, request: Request, taskCancelled: Bool) -> NetworkError {
        if let networkError = error as? NetworkError { return networkError }
        if taskCancelled || error is CancellationError { return .cancelled }
        let nsError = error as NSError
        guard nsError.domain == NSURLErrorDomain else {
            return .transport(nsError.localizedDescription)
        }
        switch URLError.Code(rawValue: nsError.code) {
        case .cannotConnectToHost, .networkConnectionLost, .notConnectedToInternet:
            return .cannotConnect(host: hostAndPort(of: request.url))
        case .cannotFindHost, .dnsLookupFailed:
            return .dns(host: request.url.host ?? request.url.absoluteString)
        case .timedOut:
            return .timeout(seconds: request.timeout)
        case .cancelled:
            return .cancelled
        case .badURL, .unsupportedURL:
            return .invalidURL(request.url.absoluteString)
        default:
            return .transport(nsError.localizedDescription)
        }
    }

    /// `127.0.0.1:3000`, or just the host when the URL has no explicit port.
    static func hostAndPort(of url: URL) -> String {
        let host = url.host ?? url.absoluteString
        guard let port = url.port else { return host }
        return "\(host):\(port)"
    }
}
