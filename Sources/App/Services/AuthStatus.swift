import Foundation
import Modules
import Networking
import Services
import Translations

/// `trestle auth status`: per configured service (and environment section)
/// with `auth:`, which scheme it uses and whether it works, tried with one
/// request. Never prints a secret: a failure says where the secret was
/// looked for and what went wrong.
public enum AuthStatus {
    /// One line per service; the exit status is 0 when every auth works.
    public static func run(options: LaunchOptions, environment: [String: String]) async -> (
        lines: [String], status: Int32
    ) {
        let loader = ConfigurationLoader(options: options, environment: environment)
        let services: [ServiceDefinition]
        do {
            let document = try ConfigFileDocument.read(loader.configFile)
            services = try ServicesSection.services(from: document.services)
        } catch {
            return (["\(error)"], 2)
        }
        let chosen = services.filter { options.service == nil || $0.name == options.service }
        if chosen.isEmpty {
            return (["no services in \(loader.configFile.path)" + (options.service.map { " named \($0)" } ?? "")], 2)
        }
        var lines: [String] = []
        var failed = false
        for service in chosen {
            var serviceOptions = options
            serviceOptions.service = service.name
            let line: String
            do {
                let configuration = try await ConfigurationLoader(options: serviceOptions, environment: environment)
                    .load()
                guard let auth = configuration.auth else {
                    lines.append("\(service.name): no auth")
                    continue
                }
                let (works, said) = await check(auth.scheme, configuration, environment: environment)
                failed = failed || !works
                line = "\(service.name): \(auth.scheme.summary): \(said)"
            } catch {
                failed = true
                line = "\(service.name): \(error)"
            }
            lines.append(line)
        }
        return (lines, failed ? 1 : 0)
    }

    /// One request with the scheme's credentials: the first configured
    /// collection, else the base URL. Whether it got past the auth, and what happened.
    static func check(_ scheme: AuthScheme, _ configuration: AppConfiguration, environment: [String: String]) async
        -> (Bool, String)
    {
        let transport = AsyncHTTPClientTransport(
            server: configuration.baseURL, settings: configuration.transport,
            secrets: SecretReader(environment: environment))
        defer { Task { await transport.shutdown() } }
        let session = ServiceAuth.session(scheme, configuration, transport: transport, environment: environment)
        let network = NetworkClient(
            client: transport, middleware: [ServiceAuthMiddleware(session: session, transport: transport)],
            retry: .never)
        var url = configuration.baseURL
        if let first = configuration.catalog.resources.first(where: { !$0.isObject }) {
            url = url.appendingPathComponent(first.name)
        }
        let request = Request(
            method: .get, url: url, headers: ["Accept": "application/json"], timeout: configuration.timeout)
        let target = "GET \(url.path.isEmpty ? "/" : url.path)"
        do {
            let response = try await network.send(request, validation: .none)
            return verdict(target: target, status: response.status)
        } catch {
            return (false, "fails: \(error.userMessage)")
        }
    }

    /// Whether `status` proves the auth works — only a 2xx does — and what
    /// it means, in one line: a 404 or a 5xx proves nothing, a 431 says the
    /// credential may be too long to send.
    static func verdict(target: String, status: Int) -> (Bool, String) {
        let code = String(status)
        switch status {
        case 200..<300: return (true, Texts.AuthStatus.works(target: target, status: code))
        case 401: return (false, Texts.AuthStatus.unauthorized(target: target))
        case 403: return (false, Texts.AuthStatus.forbidden(target: target))
        case 404: return (false, Texts.AuthStatus.notFound(target: target))
        case 431: return (false, Texts.AuthStatus.headersTooLarge(target: target))
        case 300..<400: return (false, Texts.AuthStatus.redirected(target: target, status: code))
        case 400..<500: return (false, Texts.AuthStatus.clientError(target: target, status: code))
        case 500..<600: return (false, Texts.AuthStatus.serverError(target: target, status: code))
        default: return (false, Texts.AuthStatus.otherStatus(target: target, status: code))
        }
    }
}
