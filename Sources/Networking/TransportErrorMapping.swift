import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOHTTPCompression
import NIOPosix
import NIOSSL

/// Maps AsyncHTTPClient's and SwiftNIO's errors onto ``NetworkError``.
enum TransportErrorMapping {
    /// The ``NetworkError`` for `error`, raised while sending `request`.
    ///
    /// A connection the server refused, reset or closed before the whole
    /// answer arrived is ``NetworkError/cannotConnect(host:)`` (retryable for
    /// reads); a failed TLS handshake, a malformed answer, a body over
    /// `largestBody` and a redirect loop are cases of their own, as data.
    static func networkError(for error: any Error, request: Request, largestBody: Int) -> NetworkError {
        if let networkError = error as? NetworkError { return networkError }
        if error is CancellationError { return .cancelled }
        let host = hostAndPort(of: request.url)
        switch error {
        case let error as HTTPClientError:
            return map(error, request: request, host: host)
        case let error as NIOConnectionError:
            if error.connectionErrors.isEmpty, error.dnsAError != nil || error.dnsAAAAError != nil {
                return .dns(host: request.url.host ?? request.url.absoluteString)
            }
            return .cannotConnect(host: host)
        case is IOError, is ChannelError:
            return .cannotConnect(host: host)
        case let error as NIOSSLError:
            return .tlsHandshake(host: host, reason: tlsReason(error))
        case let error as NIOSSLExtraError:
            return .tlsHandshake(host: host, reason: "\(error)")
        case is HTTPParserError:
            return .malformedAnswer(host: host, detail: "\(error)")
        case is BodyTooLarge, is NIOHTTPDecompression.DecompressionError:
            return .answerTooLarge(host: host, limit: largestBody)
        default:
            return .transport("\(error)")
        }
    }

    private static func map(_ error: HTTPClientError, request: Request, host: String) -> NetworkError {
        switch error {
        case .cancelled:
            return .cancelled
        case .deadlineExceeded, .connectTimeout, .readTimeout, .writeTimeout, .tlsHandshakeTimeout:
            return .timeout(seconds: request.timeout)
        case .remoteConnectionClosed, .bodyLengthMismatch:
            return .cannotConnect(host: host)
        case .invalidURL, .emptyHost, .emptyScheme:
            return .invalidURL(request.url.absoluteString)
        case .redirectLimitReached, .redirectCycleDetected:
            return .tooManyRedirects(host: host)
        default:
            if error.description.contains("unsupportedScheme") { return .invalidURL(request.url.absoluteString) }
            return .transport("\(error)")
        }
    }

    /// `certificate verify failed`, from BoringSSL's
    /// `error:…:SSL routines:OPENSSL_internal:CERTIFICATE_VERIFY_FAILED at …`.
    static func tlsReason(_ error: NIOSSLError) -> String {
        let text = "\(error)"
        for part in text.split(separator: ":") {
            let word = part.prefix { $0 != " " && $0 != "]" && $0 != ")" }
            let isReason = word.allSatisfy { ($0.isUppercase && $0.isASCII) || $0.isNumber || $0 == "_" }
            if isReason, word.count > 3, word.contains("_"), word.first?.isLetter == true {
                return word.lowercased().replacingOccurrences(of: "_", with: " ")
            }
        }
        return text
    }

    /// `127.0.0.1:3000`, or just the host when the URL has no explicit port.
    static func hostAndPort(of url: URL) -> String {
        let host = url.host ?? url.absoluteString
        guard let port = url.port else { return host }
        return "\(host):\(port)"
    }
}
