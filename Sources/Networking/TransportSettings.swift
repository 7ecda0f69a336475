import Foundation

/// How one service is reached on the network as it is: through which HTTP
/// proxy (if any), trusting which certificate authorities, presenting which
/// client certificate, and whether its certificate is checked at all.
///
/// Only where a setting is found is kept here — file paths and
/// ``SecretSource``s — never a key or a proxy password read from a helper;
/// those are read on the first request (``AsyncHTTPClientTransport``).
public struct TransportSettings: Sendable, Hashable {
    /// The proxy for `http://` URLs (`HTTP_PROXY`, or the service's `proxy:`).
    public var httpProxy: ProxyServer?
    /// The proxy for `https://` URLs (`HTTPS_PROXY`, or the service's `proxy:`).
    public var httpsProxy: ProxyServer?
    /// The hosts reached directly whatever the proxies (`NO_PROXY`).
    public var noProxy = NoProxy()
    /// `caFile:`: a PEM bundle of certificate authorities the service's
    /// certificate may be signed by, added to the system's.
    public var caFile: String?
    /// `caOnly: true`: the ``caFile`` alone is trusted, not the system's roots.
    public var caOnly = false
    /// `clientCertificate:`: what the service is shown when it asks (mutual TLS).
    public var clientCertificate: ClientCertificate?
    /// `insecure: true`: the service's certificate is not checked at all.
    public var insecure = false

    public init() {}

    /// Whether any setting differs from a direct connection that trusts
    /// the system's roots.
    public var isPlain: Bool { httpProxy == nil && httpsProxy == nil && !customizesTLS }

    /// Whether the service's own TLS differs from the system's defaults.
    var customizesTLS: Bool { caFile != nil || clientCertificate != nil || insecure }

    /// The proxy a request to `url` goes through, or `nil` to go directly.
    public func proxy(for url: URL) -> ProxyServer? {
        let scheme = url.scheme?.lowercased()
        guard let proxy = scheme == "https" ? httpsProxy : scheme == "http" ? httpProxy : nil else { return nil }
        guard let host = url.host else { return proxy }
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        return noProxy.bypasses(host: host, port: port) ? nil : proxy
    }
}

/// A client certificate and its private key, for a service that asks for one.
public struct ClientCertificate: Sendable, Hashable {
    /// The PEM file of the certificate (and any intermediates after it).
    public var certificateFile: String
    public var key: ClientKey

    public init(certificateFile: String, key: ClientKey) {
        self.certificateFile = certificateFile
        self.key = key
    }
}

/// Where a client certificate's private key comes from.
public enum ClientKey: Sendable, Hashable {
    /// A PEM file only its owner may read (mode 0600 or 0400), else refused.
    case file(String)
    /// A credential helper's output or an environment variable (`{command: …}`, `{env: …}`).
    case secret(SecretSource)
}

/// An HTTP proxy: requests go to it, HTTPS ones through a `CONNECT` tunnel,
/// and its credentials (Basic) are sent to it alone.
public struct ProxyServer: Sendable, Hashable, CustomStringConvertible {
    public var host: String
    public var port: Int
    /// The proxy's user, if it wants credentials.
    public var user: String?
    public var password: ProxyPassword?

    public init(host: String, port: Int, user: String? = nil, password: ProxyPassword? = nil) {
        self.host = host
        self.port = port
        self.user = user
        self.password = password
    }

    /// `host:port`: what errors name (never the user or the password).
    public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }

    /// The proxy of a URL as in `HTTPS_PROXY` (`http://user:pass@host:port`,
    /// or `host:port`; no port is 1080, as curl has it), or why not.
    /// - Parameter allowsPassword: whether a password may be written in the
    ///   URL (the environment's: yes; the config file's: no, a secret is
    ///   never written there).
    public static func parse(_ text: String, allowsPassword: Bool = true) -> Result<ProxyServer, ProxyURLProblem> {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let full = trimmed.contains("://") ? trimmed : "http://" + trimmed
        guard let components = URLComponents(string: full), let host = components.host, !host.isEmpty else {
            return .failure(.notAURL)
        }
        guard components.scheme?.lowercased() == "http" else {
            return .failure(.unsupportedScheme(components.scheme ?? ""))
        }
        let password = components.percentEncodedPassword.map { $0.removingPercentEncoding ?? $0 }
        if password != nil, !allowsPassword { return .failure(.passwordInURL) }
        let user = components.percentEncodedUser.map { $0.removingPercentEncoding ?? $0 }
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        return .success(
            ProxyServer(
                host: bare, port: components.port ?? 1080, user: user.flatMap { $0.isEmpty ? nil : $0 },
                password: password.map { .given($0) }))
    }
}

/// Why a proxy URL was not taken.
public enum ProxyURLProblem: Error, Sendable, Hashable {
    case notAURL
    /// Only `http://` proxies are spoken to (`https://`, `socks5://` are not).
    case unsupportedScheme(String)
    /// The config file names a proxy with a password in its URL.
    case passwordInURL
}

/// A proxy's password: as the environment's URL gave it, or from where a
/// secret of the config file comes. Printed, it is `***`.
public enum ProxyPassword: Sendable, Hashable, CustomStringConvertible {
    case given(String)
    case secret(SecretSource)

    public var description: String { "***" }
}

/// `NO_PROXY`: comma- (or space-) separated host names, each also matching
/// its subdomains (`example.com`, `.example.com`, `*.example.com`), IP
/// addresses, an optional `:port` on any of them, or `*` for every host.
public struct NoProxy: Sendable, Hashable {
    struct Entry: Sendable, Hashable {
        var host: String
        var port: Int?
    }

    /// The most entries kept (a list longer than any real one is cut).
    static let mostEntries = 1000

    var everything = false
    var entries: [Entry] = []

    public init() {}

    public init(_ text: String) {
        for raw in text.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" }).prefix(Self.mostEntries) {
            var item = raw.lowercased()
            if item == "*" {
                everything = true
                continue
            }
            var port: Int?
            if item.hasPrefix("[") {
                // [::1]:8080
                guard let close = item.firstIndex(of: "]") else { continue }
                let rest = item[item.index(after: close)...]
                if rest.hasPrefix(":") { port = Int(rest.dropFirst()) }
                item = String(item[item.index(after: item.startIndex)..<close])
            } else if item.filter({ $0 == ":" }).count == 1, let colon = item.lastIndex(of: ":") {
                port = Int(item[item.index(after: colon)...])
                item = String(item[..<colon])
            }
            if item.hasPrefix("*.") { item.removeFirst(2) }
            while item.hasPrefix(".") { item.removeFirst() }
            if item.hasSuffix(".") { item.removeLast() }
            guard !item.isEmpty else { continue }
            entries.append(Entry(host: item, port: port))
        }
    }

    /// Whether `host` (and `port`) is reached directly.
    public func bypasses(host: String, port: Int) -> Bool {
        if everything { return true }
        var name = host.lowercased()
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        if name.hasSuffix(".") { name.removeLast() }
        return entries.contains { entry in
            guard entry.port == nil || entry.port == port else { return false }
            return name == entry.host || name.hasSuffix("." + entry.host)
        }
    }
}

extension TransportSettings {
    /// The proxies of `environment`: `HTTPS_PROXY` / `https_proxy`,
    /// `HTTP_PROXY` / `http_proxy`, `NO_PROXY` / `no_proxy` (the lower-case
    /// spelling first, as curl reads it). An empty variable is no proxy.
    /// - Throws: the variable whose URL is not a proxy's, and why.
    public static func proxies(from environment: [String: String]) throws(EnvironmentProxyProblem) -> (
        http: ProxyServer?, https: ProxyServer?, noProxy: NoProxy
    ) {
        func server(_ names: [String]) throws(EnvironmentProxyProblem) -> ProxyServer? {
            for name in names {
                guard let value = environment[name], !value.trimmingCharacters(in: .whitespaces).isEmpty else {
                    continue
                }
                switch ProxyServer.parse(value) {
                case .success(let server): return server
                case .failure(let problem): throw EnvironmentProxyProblem(variable: name, problem: problem)
                }
            }
            return nil
        }
        let noProxy = environment["no_proxy"] ?? environment["NO_PROXY"] ?? ""
        return (
            try server(["http_proxy", "HTTP_PROXY"]), try server(["https_proxy", "HTTPS_PROXY"]), NoProxy(noProxy)
        )
    }
}

/// A proxy variable of the environment that names no usable proxy.
public struct EnvironmentProxyProblem: Error, Sendable, Hashable {
    public var variable: String
    public var problem: ProxyURLProblem
}
