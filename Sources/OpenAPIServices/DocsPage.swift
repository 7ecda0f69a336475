import Foundation

/// A documentation page that names its service's document: Swagger UI
/// (`SwaggerUIBundle({url: "…"})`, `urls: [{url: "…", name: "…"}]`, a
/// settings object's `"url": "…"`), Redoc (`<redoc spec-url="…">`,
/// `Redoc.init('…', …)`). Read bounded: the first ``maxBytes`` of the page,
/// and only URLs of the page's own origin (or relative to it).
public enum DocsPage {
    /// Only this much of a page is read.
    public static let maxBytes = 256 * 1024
    /// At most this many URLs are taken from one page.
    public static let maxURLs = 4

    /// The documents `page` (an HTML answer from `url`) names, in the page's order.
    public static func documents(in page: Data, at url: URL) -> [URL] {
        let text = String(decoding: page.prefix(maxBytes), as: UTF8.self)
        guard
            text.contains("SwaggerUIBundle") || text.contains("swagger-ui") || text.contains("redoc")
                || text.contains("Redoc")
        else { return [] }
        var found: [URL] = []
        for pattern in patterns {
            guard let expression = try? NSRegularExpression(pattern: pattern) else { continue }
            let range = NSRange(text.startIndex..., in: text)
            for match in expression.matches(in: text, range: range) {
                guard let captured = Range(match.range(at: 1), in: text) else { continue }
                let written = String(text[captured]).trimmingCharacters(in: .whitespaces)
                guard let resolved = sameOrigin(written, page: url), !found.contains(resolved) else { continue }
                found.append(resolved)
                if found.count == maxURLs { return found }
            }
        }
        return found
    }

    /// `url: "…"` (not `validatorUrl`, `oauth2RedirectUrl`), `"url": "…"`,
    /// `spec-url="…"`, `Redoc.init("…"`.
    static let patterns = [
        #"(?<![A-Za-z0-9_$-])["']?url["']?\s*:\s*["']([^"'<>\s]+)["']"#,
        #"spec-url\s*=\s*["']([^"'<>\s]+)["']"#,
        #"Redoc\.init\(\s*["']([^"'<>\s]+)["']"#,
    ]

    /// `written` resolved against `page`, if it stays on the page's origin (scheme, host, port).
    static func sameOrigin(_ written: String, page: URL) -> URL? {
        guard !written.isEmpty, !written.contains("{{"),
            let resolved = URL(string: written, relativeTo: page)?.absoluteURL,
            let scheme = resolved.scheme?.lowercased(), scheme == page.scheme?.lowercased(),
            resolved.host?.lowercased() == page.host?.lowercased(), port(resolved) == port(page)
        else { return nil }
        return resolved
    }

    private static func port(_ url: URL) -> Int? {
        url.port ?? (url.scheme?.lowercased() == "https" ? 443 : url.scheme?.lowercased() == "http" ? 80 : nil)
    }
}
