import Foundation

/// Absolute URLs of the snapshotted service (HAL's `_links.*.href`, any
/// field holding one) made relative to its origin when anonymising:
/// `http://127.0.0.1:8080/api/books/1/author` → `/api/books/1/author`, so
/// the file names no original host while the path still says what it links.
enum ServiceLinks {
    /// `scheme://host[:port]` of `baseURL` (lowercased scheme and host), or `nil` when it has no host.
    static func origin(of baseURL: String) -> String? {
        guard let components = URLComponents(string: baseURL), let scheme = components.scheme?.lowercased(),
            let host = components.host?.lowercased(), !host.isEmpty
        else { return nil }
        return scheme + "://" + host + (components.port.map { ":\($0)" } ?? "")
    }

    /// `text` with every occurrence of `origin` (followed by `/`, `?`, `#` or
    /// the end, so `:80` never matches `:8080`) taken out, leaving the path;
    /// `nil` when `origin` does not occur. A bare origin becomes `/`.
    static func relative(_ text: String, origin: String) -> String? {
        var result = ""
        var rest = Substring(text)
        var found = false
        while let range = rest.range(of: origin, options: .caseInsensitive) {
            let next = rest[range.upperBound...].first
            let boundary = next == nil || next == "/" || next == "?" || next == "#"
            result += rest[..<range.lowerBound]
            if boundary {
                found = true
                if next != "/" { result += "/" }
            } else {
                result += rest[range]
            }
            rest = rest[range.upperBound...]
        }
        return found ? result + rest : nil
    }

    /// `https://…`, `http://…`: a value that is an absolute web address.
    static func isAbsolute(_ text: String) -> Bool {
        scheme(of: text) != nil && !text.contains(" ")
    }

    /// `https` of `https://hildegard.org/about`; `nil` when `text` is no http(s) URL.
    static func scheme(of text: String) -> String? {
        let lower = text.prefix(8).lowercased()
        if lower.hasPrefix("https://") { return String(text.prefix(5)) }
        if lower.hasPrefix("http://") { return String(text.prefix(4)) }
        return nil
    }
}
