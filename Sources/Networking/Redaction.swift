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
