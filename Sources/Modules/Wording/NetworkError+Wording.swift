import Services
import Translations

// Networking's errors carry data (host, status, seconds…); their words live
// here, in the layer that words what reaches the screen (App's command-line
// output words them through the same extensions). Modules sees them by the
// names Services gives them (`ServiceError.Network` is `NetworkError`):
// it imports no Networking.

extension ServiceError.Network {
    /// One line for the status bar, e.g. "Timed out after 10 s".
    public var userMessage: String {
        switch self {
        case .cannotConnect(let host):
            return Texts.Network.cannotConnect(host: host)
        case .dns(let host):
            return Texts.Network.unknownHost(host: host)
        case .timeout(let seconds):
            return Texts.Network.timedOut(duration: Self.describe(seconds: seconds))
        case .cancelled:
            return Texts.Network.cancelled
        case .status(let code, _):
            let reason = ServiceError.Status.reasonPhrase(for: code)
            return Texts.Network.serverAnswered(status: reason.isEmpty ? "\(code)" : "\(code) \(reason)")
        case .decoding(let path, let reason):
            return path.isEmpty
                ? Texts.Network.unexpectedData(reason: reason)
                : Texts.Network.unexpectedDataAt(path: path, reason: reason)
        case .ignoredFilter(let filter, let id, let field, let value):
            return Texts.Network.unexpectedData(
                reason: Texts.Service.filterIgnored(filter: filter, id: id, field: field, value: value))
        case .invalidURL(let url):
            return Texts.Network.invalidURL(url: ServiceError.Excerpt.make(from: url))
        case .tlsHandshake(let host, let reason):
            return Texts.Network.tlsHandshake(host: host, reason: ServiceError.Excerpt.make(from: reason))
        case .malformedAnswer(let host, let detail):
            return Texts.Network.malformedAnswer(host: host, detail: ServiceError.Excerpt.make(from: detail))
        case .answerTooLarge(let host, let limit):
            return Texts.Network.answerTooLarge(host: host, size: Self.describe(bytes: limit))
        case .tooManyRedirects(let host):
            return Texts.Network.tooManyRedirects(host: host)
        case .redirectRefused(let origin):
            return Texts.Network.redirectRefused(origin: origin)
        case .redirectedAway(let origin, let code, let excerpt):
            let answer = ServiceError.Network.status(code: code, excerpt: excerpt).userMessage
            return Texts.Network.redirectedAway(answer: answer, origin: origin)
        case .transport(let description):
            return Texts.Network.transport(detail: ServiceError.Excerpt.make(from: description))
        case .auth(let failure):
            return failure.userMessage
        case .proxyRefused(let proxy, let code?):
            let reason = ServiceError.Status.reasonPhrase(for: code)
            let status = reason.isEmpty ? "\(code)" : "\(code) \(reason)"
            return code == 407 || code == 401
                ? Texts.Network.proxyCredentialsRefused(proxy: proxy, status: status)
                : Texts.Network.proxyRefused(proxy: proxy, status: status)
        case .proxyRefused(let proxy, nil):
            return Texts.Network.proxyRefusedTunnel(proxy: proxy)
        case .proxyUnreachable(let proxy):
            return Texts.Network.proxyUnreachable(proxy: proxy)
        case .certificate(let host, let problem):
            return Self.describe(problem, host: host)
        case .setup(let failure):
            return Self.describe(failure)
        }
    }

    static func describe(_ problem: ServiceError.Certificate, host: String) -> String {
        switch problem {
        case .unknownAuthority: Texts.Network.certificateUnknownAuthority(host: host)
        case .expired: Texts.Network.certificateExpired(host: host)
        case .notYetValid: Texts.Network.certificateNotYetValid(host: host)
        case .wrongHost: Texts.Network.certificateWrongHost(host: host)
        case .untrusted: Texts.Network.certificateUntrusted(host: host)
        case .clientCertificateWanted: Texts.Network.clientCertificateWanted(host: host)
        case .clientCertificateRefused: Texts.Network.clientCertificateRefused(host: host)
        }
    }

    static func describe(_ failure: ServiceError.TransportSetup) -> String {
        func setting(_ file: ServiceError.TransportSetup.File) -> String {
            switch file {
            case .authorities: "caFile"
            case .certificate: "clientCertificate.cert"
            case .key: "clientCertificate.key"
            }
        }
        switch failure {
        case .unreadable(let file, let path, let reason):
            return Texts.Network.setupUnreadable(setting: setting(file), path: path, reason: reason)
        case .notPEM(let file, let path):
            return Texts.Network.setupNotPEM(setting: setting(file), path: path)
        case .keyInsecure(let path, let mode):
            return Texts.Network.keyInsecure(path: path, mode: "0" + String(mode, radix: 8))
        }
    }

    /// "256 MiB", or "1000 bytes" ("1000 Bytes") below a MiB or when not whole MiB.
    static func describe(bytes: Int) -> String {
        let mebibyte = 1024 * 1024
        return bytes >= mebibyte && bytes % mebibyte == 0
            ? "\(bytes / mebibyte) MiB" : Texts.Network.bytes(count: "\(bytes)")
    }

    /// "10 s", "0.3 s" ("0,3 s" in German).
    public static func describe(seconds: Double) -> String {
        Language.current.tenths(seconds) + " s"
    }
}

extension ServiceError.Network: CustomStringConvertible {
    /// The ``userMessage``.
    public var description: String { userMessage }
}

extension ServiceError.TokenSource {
    /// One line saying what to do.
    public var userMessage: String {
        switch self {
        case .unreadable(let path, let reason):
            Texts.Network.tokenUnreadable(path: path, reason: reason)
        case .insecurePermissions(let path, let mode):
            Texts.Network.tokenInsecure(path: path, mode: String(mode, radix: 8))
        case .empty(let path):
            Texts.Network.tokenEmpty(path: path)
        }
    }
}
