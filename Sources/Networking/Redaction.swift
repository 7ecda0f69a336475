import Foundation
import Logging

/// Hides credentials in what is logged.
public enum Redaction {
    /// Headers whose whole value is secret.
    static let secretHeaders: Set<String> = [
        "cookie", "set-cookie", "proxy-authorization", "x-api-key", "x-auth-token",
    ]
    /// Query item names whose value is secret.
    static let secretQueryNames: Set<String> = [
        "token", "access_token", "api_key", "apikey", "key", "password", "secret",
    ]

    /// Parts of a header name that mark it secret, so an API key under a
    /// name of the service's own (`X-Shop-Key`, `X-Session-Id`) is hidden too.
    static let secretHeaderParts = ["key", "token", "secret", "auth", "session", "password", "signature"]
    /// Parts of a query item's name that mark it secret (`shop_api_key`,
    /// `sessionToken`); fewer than a header's, as `author=3` or `sortKey` are data.
    static let secretQueryParts = [
        "token", "secret", "apikey", "api_key", "api-key", "password", "session", "signature",
    ]

    /// Whether a header's value is secret: the known names, or one that
    /// holds a ``secretHeaderParts`` word.
    static func isSecretHeader(_ name: String) -> Bool {
        let name = name.lowercased()
        return secretHeaders.contains(name) || secretHeaderParts.contains { name.contains($0) }
    }

    /// Whether a query item's value is secret (as ``isSecretHeader(_:)``).
    static func isSecretQueryName(_ name: String) -> Bool {
        let name = name.lowercased()
        return secretQueryNames.contains(name) || secretQueryParts.contains { name.contains($0) }
    }

    /// Header values safe to log: `Authorization: Bearer ***`, `Cookie: ***`.
    static func headers(_ headers: HTTPHeaders) -> Logger.Metadata {
        var result: Logger.Metadata = [:]
        for field in headers {
            result[field.name] = .string(value(of: field))
        }
        return result
    }

    /// One header value with any secret replaced by `***`.
    public static func value(of field: HTTPHeaders.Field) -> String {
        let name = field.name.lowercased()
        if name == "authorization" {
            let scheme = field.value.split(separator: " ", maxSplits: 1).first.map(String.init) ?? ""
            return scheme.isEmpty || scheme.count == field.value.count ? "***" : "\(scheme) ***"
        }
        return isSecretHeader(name) ? "***" : field.value
    }

    /// The start of a response body, one line (``BodyExcerpt``), with every
    /// secret `request` carried replaced by `***`: a server's error page may
    /// echo the token it refused ("token Bearer abc… is not valid").
    static func excerpt(of body: Data, for request: Request) -> String {
        BodyExcerpt.make(from: scrub(String(decoding: body, as: UTF8.self), of: request))
    }

    /// `body` with the request's secrets (``scrub(_:of:)``) replaced by
    /// `***`; the same bytes when it holds none.
    static func scrubbed(_ body: Data, of request: Request) -> Data {
        let secrets = secrets(of: request)
        guard secrets.contains(where: { body.range(of: Data($0.utf8)) != nil }) else { return body }
        return Data(replacing(secrets, in: String(decoding: body, as: UTF8.self)).utf8)
    }

    /// `text` without the request's secrets: the credentials of its
    /// `Authorization`, the values of secret headers and of secret query items.
    static func scrub(_ text: String, of request: Request) -> String {
        replacing(secrets(of: request), in: text)
    }

    /// The credentials of `Authorization`, the values of secret headers and of secret query items.
    private static func secrets(of request: Request) -> [String] {
        var secrets: [String] = []
        for field in request.headers {
            let name = field.name.lowercased()
            if name == "authorization" || name == "proxy-authorization" {
                secrets.append(field.value)
                if let credentials = field.value.split(separator: " ", maxSplits: 1).dropFirst().first {
                    secrets.append(String(credentials))
                }
            } else if isSecretHeader(name) {
                secrets.append(field.value)
                if name == "cookie" {
                    secrets += field.value.split(separator: ";").compactMap { pair in
                        pair.split(separator: "=", maxSplits: 1).dropFirst().first.map(String.init)
                    }
                }
            }
        }
        for item in request.queryItems where isSecretQueryName(item.name) {
            if let value = item.value { secrets.append(value) }
        }
        return secrets.filter { $0.count >= 4 }
    }

    /// `text` with each of `secrets` replaced by `***`, longest first, so
    /// `Bearer abc` goes whole before `abc` alone.
    private static func replacing(_ secrets: [String], in text: String) -> String {
        var result = text
        for secret in secrets.sorted(by: { $0.count > $1.count }) {
            result = result.replacingOccurrences(of: secret, with: "***")
        }
        return result
    }

    /// The request URL with secret query values replaced by `***`.
    static func url(of request: Request) -> String {
        guard let url = request.resolvedURL else { return request.url.absoluteString }
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let items = components.percentEncodedQueryItems,
            items.contains(where: { isSecretQueryName($0.name) })
        else { return url.absoluteString }
        components.percentEncodedQueryItems = items.map { item in
            isSecretQueryName(item.name) ? URLQueryItem(name: item.name, value: "***") : item
        }
        return components.url?.absoluteString ?? request.url.absoluteString
    }
}
