import Foundation
import Logging

/// Hides credentials in what is logged.
enum Redaction {
    /// Headers whose whole value is secret.
    static let secretHeaders: Set<String> = [
        "cookie", "set-cookie", "proxy-authorization", "x-api-key", "x-auth-token",
    ]
    /// Query item names whose value is secret.
    static let secretQueryNames: Set<String> = [
        "token", "access_token", "api_key", "apikey", "key", "password", "secret",
    ]

    /// Header values safe to log: `Authorization: Bearer ***`, `Cookie: ***`.
    static func headers(_ headers: HTTPHeaders) -> Logger.Metadata {
        var result: Logger.Metadata = [:]
        for field in headers {
            result[field.name] = .string(value(of: field))
        }
        return result
    }

    /// One header value with any secret replaced by `***`.
    static func value(of field: HTTPHeaders.Field) -> String {
        let name = field.name.lowercased()
        if name == "authorization" {
            let scheme = field.value.split(separator: " ", maxSplits: 1).first.map(String.init) ?? ""
            return scheme.isEmpty || scheme.count == field.value.count ? "***" : "\(scheme) ***"
        }
        return secretHeaders.contains(name) ? "***" : field.value
    }

    /// The start of a response body, one line (``BodyExcerpt``), with every
    /// secret `request` carried replaced by `***`: a server's error page may
    /// echo the token it refused ("token Bearer abc… is not valid").
    static func excerpt(of body: Data, for request: Request) -> String {
        BodyExcerpt.make(from: scrub(String(decoding: body, as: UTF8.self), of: request))
    }

    /// `text` without the request's secrets: the credentials of its
    /// `Authorization`, the values of secret headers and of secret query items.
    static func scrub(_ text: String, of request: Request) -> String {
        var secrets: [String] = []
        for field in request.headers {
            let name = field.name.lowercased()
            if name == "authorization" || name == "proxy-authorization" {
                secrets.append(field.value)
                if let credentials = field.value.split(separator: " ", maxSplits: 1).dropFirst().first {
                    secrets.append(String(credentials))
                }
            } else if secretHeaders.contains(name) {
                secrets.append(field.value)
            }
        }
        for item in request.queryItems where secretQueryNames.contains(item.name.lowercased()) {
            if let value = item.value { secrets.append(value) }
        }
        var result = text
        // Longest first, so `Bearer abc` goes whole before `abc` alone.
        for secret in secrets.sorted(by: { $0.count > $1.count }) where secret.count >= 4 {
            result = result.replacingOccurrences(of: secret, with: "***")
        }
        return result
    }

    /// The request URL with secret query values replaced by `***`.
    static func url(of request: Request) -> String {
        guard let url = request.resolvedURL else { return request.url.absoluteString }
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let items = components.percentEncodedQueryItems,
            items.contains(where: { secretQueryNames.contains($0.name.lowercased()) })
        else { return url.absoluteString }
        components.percentEncodedQueryItems = items.map { item in
            secretQueryNames.contains(item.name.lowercased()) ? URLQueryItem(name: item.name, value: "***") : item
        }
        return components.url?.absoluteString ?? request.url.absoluteString
    }
}
