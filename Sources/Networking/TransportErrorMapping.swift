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
    ///
    /// Sent through `proxy`, a proxy that could not be reached or would not
    /// open the tunnel is named as such. A certificate the handshake
    /// refused is ``NetworkError/certificate(host:problem:)``: for another
    /// host, wanted or refused from the client (`presentsCertificate`:
    /// whether one was shown), or ``CertificateProblem/untrusted`` when
    /// BoringSSL says no more than that verifying it failed.
    static func networkError(
        for error: any Error, request: Request, largestBody: Int, proxy: ProxyServer? = nil,
        presentsCertificate: Bool = false
    ) -> NetworkError {
        if let networkError = error as? NetworkError { return networkError }
        if error is CancellationError { return .cancelled }
        let host = hostAndPort(of: request.url)
        if let proxy {
            switch error {
            case let error as HTTPClientError where error == .proxyAuthenticationRequired:
                return .proxyRefused(proxy: proxy.description, code: 407)
            case let error as HTTPClientError where error == .invalidProxyResponse:
                return .proxyRefused(proxy: proxy.description, code: nil)
            case is NIOConnectionError:
                return .proxyUnreachable(proxy: proxy.description)
            case let error as IOError where error.errnoCode == ECONNREFUSED:
                return .proxyUnreachable(proxy: proxy.description)
            default:
                break
            }
        }
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
            let reason = tlsReason(error)
            if let problem = certificateProblem(reason: reason, presentsCertificate: presentsCertificate) {
                return .certificate(host: host, problem: problem)
            }
            return .tlsHandshake(host: host, reason: reason)
        case let error as BoringSSLError:
            // After a TLS 1.3 handshake: the server's alert (no client certificate).
            let reason = tlsReason(text: "\(error)")
            if let problem = certificateProblem(reason: reason, presentsCertificate: presentsCertificate) {
                return .certificate(host: host, problem: problem)
            }
            return .tlsHandshake(host: host, reason: reason)
        case let error as NIOSSLExtraError where error == .failedToValidateHostname:
            return .certificate(host: host, problem: .wrongHost)
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

    /// The certificate problem a handshake's `reason` (``tlsReason(_:)``) names, if any.
    static func certificateProblem(reason: String, presentsCertificate: Bool) -> CertificateProblem? {
        switch reason {
        case "certificate verify failed":
            return .untrusted
        case "tlsv1 alert certificate required":
            return .clientCertificateWanted
        case "sslv3 alert handshake failure" where !presentsCertificate:
            // TLS 1.2 servers say no more when a certificate they want is missing.
            return .clientCertificateWanted
        case "sslv3 alert bad certificate", "tlsv1 alert unknown ca", "sslv3 alert certificate unknown",
            "sslv3 alert certificate expired", "tlsv1 alert decrypt error", "sslv3 alert handshake failure":
            return presentsCertificate ? .clientCertificateRefused : nil
        default:
            return nil
        }
    }

    /// `certificate verify failed`, from BoringSSL's
    /// `error:…:SSL routines:OPENSSL_internal:CERTIFICATE_VERIFY_FAILED at …`.
    static func tlsReason(_ error: NIOSSLError) -> String {
        tlsReason(text: "\(error)")
    }

    /// The reason in a BoringSSL error's `text`, as ``tlsReason(_:)``.
    static func tlsReason(text: String) -> String {
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
