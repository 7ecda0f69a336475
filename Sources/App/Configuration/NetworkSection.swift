import Foundation
import Networking

/// How a service of the config file is reached: its `proxy:`, `caFile:`,
/// `caOnly:`, `clientCertificate:` and `insecure:` (see docs/CONFIG.md).
struct ServiceNetwork: Sendable, Equatable {
    /// `proxy:` of a service.
    enum Proxy: Sendable, Equatable {
        /// No `proxy:`: `HTTPS_PROXY` / `HTTP_PROXY` / `NO_PROXY` decide.
        case environment
        /// `proxy: none`: every request goes directly.
        case none
        /// `proxy: URL` or `proxy: {url:, user:, password:}`: every request
        /// goes through it (but to the hosts of `NO_PROXY`).
        case server(ProxyServer)
    }

    var proxy = Proxy.environment
    var caFile: String?
    var caOnly = false
    var clientCertificate: ClientCertificate?
    var insecure = false

    /// The transport settings of a run of this service, the proxies of
    /// `environment` where the service names none.
    func settings(environment: [String: String]) throws(ConfigurationError) -> TransportSettings {
        var settings = try Self.environmentSettings(environment)
        switch proxy {
        case .environment: break
        case .none:
            settings.httpProxy = nil
            settings.httpsProxy = nil
        case .server(let server):
            settings.httpProxy = server
            settings.httpsProxy = server
        }
        settings.caFile = caFile
        settings.caOnly = caOnly
        settings.clientCertificate = clientCertificate
        settings.insecure = insecure
        return settings
    }

    /// The settings of a run without a service: the environment's proxies.
    static func environmentSettings(_ environment: [String: String]) throws(ConfigurationError)
        -> TransportSettings
    {
        var settings = TransportSettings()
        do {
            (settings.httpProxy, settings.httpsProxy, settings.noProxy) = try TransportSettings.proxies(
                from: environment)
        } catch {
            throw ConfigurationError("\(error.variable): \(NetworkSection.explain(error.problem))")
        }
        return settings
    }
}

/// Reads a service entry's network keys.
enum NetworkSection {
    static let keys = ["proxy", "caFile", "caOnly", "clientCertificate", "insecure"]

    static func network(_ fields: ConfigFields) throws(ConfigurationError) -> ServiceNetwork {
        var network = ServiceNetwork()
        if let node = fields["proxy"] { network.proxy = try proxy(node) }
        network.caFile = try fields["caFile"]?.text()
        network.caOnly = try fields["caOnly"]?.flag() ?? false
        if network.caOnly, network.caFile == nil, let node = fields["caOnly"] {
            throw node.invalid("needs caFile: (the only authorities trusted)")
        }
        if let node = fields["clientCertificate"] { network.clientCertificate = try clientCertificate(node) }
        network.insecure = try fields["insecure"]?.flag() ?? false
        return network
    }

    /// `none`, a URL, or `{url:, user:, password: {env|file|command}}`.
    private static func proxy(_ node: ConfigNode) throws(ConfigurationError) -> ServiceNetwork.Proxy {
        if node.node.mapping == nil {
            let text = try node.text()
            if text == "none" { return .none }
            return .server(try server(text, node))
        }
        let fields = try node.fields(of: "proxy", allowed: ["url", "user", "password"])
        let urlNode = try fields.required("url")
        var server = try server(try urlNode.text(), urlNode)
        if let user = fields["user"] { server.user = try user.name() }
        if let password = fields["password"] {
            guard server.user != nil else { throw password.invalid("needs user: beside it") }
            server.password = .secret(try AuthSection.secret(password))
        }
        return .server(server)
    }

    private static func server(_ text: String, _ node: ConfigNode) throws(ConfigurationError) -> ProxyServer {
        switch ProxyServer.parse(text, allowsPassword: false) {
        case .success(let server): return server
        case .failure(let problem): throw node.invalid(explain(problem))
        }
    }

    static func explain(_ problem: ProxyURLProblem) -> String {
        switch problem {
        case .notAURL: "not a proxy URL (http://host:port)"
        case .unsupportedScheme(let scheme): "'\(scheme)://' proxies are not supported: give an http:// proxy"
        case .passwordInURL:
            "a password is not written in the file: give {url:, user:, password: {env: NAME}}"
        }
    }

    /// `{cert: FILE, key: FILE}`, the key also `{command: "…"}` or `{env: NAME}`.
    private static func clientCertificate(_ node: ConfigNode) throws(ConfigurationError) -> ClientCertificate {
        let fields = try node.fields(of: "clientCertificate", allowed: ["cert", "key"])
        let cert = try fields.required("cert").text()
        let keyNode = try fields.required("key")
        if keyNode.node.mapping == nil {
            return ClientCertificate(certificateFile: cert, key: .file(try keyNode.text()))
        }
        switch try AuthSection.secret(keyNode) {
        case .file(let path): return ClientCertificate(certificateFile: cert, key: .file(path))
        case let source: return ClientCertificate(certificateFile: cert, key: .secret(source))
        }
    }
}
