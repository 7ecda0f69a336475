import Foundation

/// Sends the header fields and query items a pasted curl command gave
/// (`trestle 'curl …'`, `:curl-open`) with every request to its origin
/// (scheme, host and port), and nowhere else: a redirect or a link to
/// another origin carries none of them.
///
/// Prepared for show (`:curl`, ``AuthStandIn``), a secret's value is `***`:
/// `Authorization: Bearer ***`, `Cookie: ***`, `?api_key=***`, as the log
/// and the journal write it.
public struct OriginHeadersMiddleware: Middleware {
    /// Where the fields go: this URL's origin.
    public let origin: URL
    public let headers: [HTTPHeaders.Field]
    public let queryItems: [URLQueryItem]

    public init(origin: URL, headers: [HTTPHeaders.Field], queryItems: [URLQueryItem] = []) {
        self.origin = origin
        self.headers = headers
        self.queryItems = queryItems
    }

    public func prepare(_ request: Request) async throws(NetworkError) -> Request {
        guard let url = request.resolvedURL, Redirects.sameOrigin(url, origin) else { return request }
        let shown = AuthStandIn.shown
        var fields = request.headers
        for field in headers {
            fields = fields.setting(field.name, to: shown ? Redaction.value(of: field) : field.value)
        }
        var prepared = request.with(headers: fields)
        if !queryItems.isEmpty {
            let names = Set(queryItems.map(\.name))
            let kept = prepared.queryItems.filter { !names.contains($0.name) }
            let added = queryItems.map { item in
                shown && Redaction.isSecretQueryName(item.name) ? URLQueryItem(name: item.name, value: "***") : item
            }
            prepared = prepared.with(queryItems: kept + added)
        }
        return prepared
    }
}

/// Which header fields and query items hold secrets, as the log, the
/// journal and `:curl` judge them (`Authorization`, `Cookie`, `X-Api-Key`,
/// any name with `token`, `secret`, `key`, `session`…; `?api_key=`).
public enum SecretNames {
    public static func isSecret(header name: String) -> Bool {
        name.lowercased() == "authorization" || Redaction.isSecretHeader(name)
    }

    public static func isSecret(query name: String) -> Bool { Redaction.isSecretQueryName(name) }

    /// A header's value as the log writes it: `Bearer ***`, `***`, or the value when it is no secret.
    public static func shown(header name: String, value: String) -> String {
        Redaction.value(of: HTTPHeaders.Field(name: name, value: value))
    }
}
