import Foundation
import Networking
import OpenAPIServices
import Yams

/// The configured auth (`auth:`) made into the middleware that sends it,
/// before the services are built: the session reads or fetches each secret
/// on first need, straight through `transport` (no journal, log or cache
/// sees a token or login request).
enum ServiceAuth {
    /// The first middleware of a service with `auth:`; `nil` without.
    static func middleware(
        _ configuration: AppConfiguration, transport: any HTTPClient, environment: [String: String]
    ) -> ServiceAuthMiddleware? {
        guard let auth = configuration.auth else { return nil }
        return ServiceAuthMiddleware(
            session: session(auth.scheme, configuration, transport: transport, environment: environment),
            transport: transport)
    }

    /// The session of `scheme` for the configured service.
    static func session(
        _ scheme: AuthScheme, _ configuration: AppConfiguration, transport: any HTTPClient,
        environment: [String: String]
    ) -> AuthSession {
        let base = configuration.baseURL
        let openapi = configuration.openapi
        let timeout = configuration.timeout
        let name = configuration.serviceName ?? base.absoluteString
        return AuthSession(
            scheme: scheme, baseURL: base, reader: SecretReader(environment: environment), transport: transport,
            timeout: timeout,
            findTokenURL: { () async throws(AuthFailure) -> URL in
                guard
                    let url = await DocumentTokenURL.find(
                        openapi: openapi, baseURL: base, transport: transport, timeout: timeout)
                else { throw .noTokenURL(service: name) }
                return url
            }, service: name)
    }
}

/// The OAuth 2 client-credentials token URL a service's OpenAPI document
/// names (`components.securitySchemes.*.flows.clientCredentials.tokenUrl`;
/// Swagger 2's `securityDefinitions.*.tokenUrl` of an `application` flow).
/// The document is asked without credentials, through the transport alone.
enum DocumentTokenURL {
    static func find(openapi: String?, baseURL: URL, transport: any HTTPClient, timeout: Double) async -> URL? {
        let locations = openapi.map { [$0] } ?? OpenAPIDiscovery.conventionalPaths
        for location in locations {
            let isFile = !location.contains("://") && FileManager.default.fileExists(atPath: location)
            let documentURL = isFile ? baseURL : AuthURL.resolve(location, against: baseURL)
            guard
                let data = await fetch(
                    location, from: isFile ? nil : documentURL, transport: transport, timeout: timeout),
                let text = tokenURL(in: data)
            else { continue }
            // A relative token URL is relative to the document (RFC 3986).
            return URL(string: text, relativeTo: documentURL)?.absoluteURL ?? AuthURL.resolve(text, against: baseURL)
        }
        return nil
    }

    /// The document at `url`, or in the file at `location` when `url` is `nil`.
    private static func fetch(_ location: String, from url: URL?, transport: any HTTPClient, timeout: Double) async
        -> Data?
    {
        guard let url else { return FileManager.default.contents(atPath: location) }
        let request = Request(
            method: .get, url: url,
            headers: ["Accept": "application/json, application/yaml"], timeout: timeout)
        guard let response = try? await transport.send(request), (200..<300).contains(response.status) else {
            return nil
        }
        return response.body
    }

    /// The token URL in a document's text (JSON or YAML), if it names one.
    static func tokenURL(in data: Data) -> String? {
        let root =
            (try? JSONSerialization.jsonObject(with: data))
            ?? (try? Yams.load(yaml: String(decoding: data, as: UTF8.self)))
        guard let document = root as? [String: Any] else { return nil }
        let schemes = (document["components"] as? [String: Any])?["securitySchemes"] as? [String: Any]
        for case let scheme as [String: Any] in (schemes ?? [:]).sorted(by: { $0.key < $1.key }).map(\.value) {
            let flows = scheme["flows"] as? [String: Any]
            if let url = (flows?["clientCredentials"] as? [String: Any])?["tokenUrl"] as? String { return url }
        }
        let definitions = document["securityDefinitions"] as? [String: Any] ?? [:]
        for case let scheme as [String: Any] in definitions.sorted(by: { $0.key < $1.key }).map(\.value)
        where scheme["flow"] as? String == "application" {
            if let url = scheme["tokenUrl"] as? String { return url }
        }
        return nil
    }
}
