import Foundation

/// URLs resolved, never glued (RFC 3986): record paths that keep a
/// collection's trailing slash, links resolved against the URL they came
/// from, and paths under a base URL without `//`.
public enum ConventionPath {
    /// The path of record `id` in the collection at `collection`
    /// (`/books` → `/books/3`, `/api/publishers/` → `/api/publishers/3/`);
    /// the id is escaped (a `/` in it too). An id that is a URL
    /// (`https://…/books/3`, a self link) or a path (`/books/3`) is the
    /// record's address already and is returned as it is.
    public static func record(_ id: String, in collection: String) -> String {
        if isAddress(id) { return id }
        let escaped = id.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/"])) ?? id
        let slash = collection.hasSuffix("/")
        return trimmingSlashes(collection) + "/" + escaped + (slash ? "/" : "")
    }

    /// Whether `id` is an address (an absolute http(s) URL or a rooted
    /// path) rather than a bare id.
    public static func isAddress(_ id: String) -> Bool {
        id.hasPrefix("/") || id.hasPrefix("http://") || id.hasPrefix("https://")
    }

    /// The URL of `path` under `base` (`https://h/api` + `/books/` →
    /// `https://h/api/books/`): one `/` between them, the path's own
    /// escapes and trailing slash kept. An absolute URL in `path` is taken
    /// as it is.
    public static func url(_ path: String, under base: URL) -> URL? {
        if path.hasPrefix("http://") || path.hasPrefix("https://") { return URL(string: path) }
        var root = base.absoluteString
        while root.hasSuffix("/") { root.removeLast() }
        var rest = Substring(path)
        while rest.hasPrefix("/") { rest = rest.dropFirst() }
        return URL(string: root + "/" + rest)
    }

    /// `reference` (a link's `href`: absolute, rooted, relative) resolved
    /// against `origin`, the URL of the answer it came from.
    public static func resolve(_ reference: String, against origin: URL) -> URL? {
        URL(string: reference, relativeTo: origin)?.absoluteURL
    }

    /// The path of `url` below `base` with a leading `/` (`https://h/api/books?page=1`
    /// under `https://h/api` → `/books`), the trailing slash kept; `nil`
    /// when `url` is not under `base` (another host, port or root).
    public static func path(of url: URL, under base: URL) -> String? {
        guard url.scheme?.lowercased() == base.scheme?.lowercased(),
            url.host?.lowercased() == base.host?.lowercased(), url.port == base.port
        else { return nil }
        let root = trimmingSlashes(base.path)
        let path = url.path.isEmpty ? "/" : url.path
        var full = path
        if url.absoluteString.split(separator: "?").first?.hasSuffix("/") == true, !full.hasSuffix("/") {
            full += "/"  // Foundation's `path` drops a trailing slash
        }
        guard full == root || full.hasPrefix(root + "/") else { return nil }
        let below = String(full.dropFirst(root.count))
        return below.isEmpty ? "/" : below
    }

    /// Whether a request path holds an empty segment (`//`), which no
    /// convention ever asks for.
    public static func hasEmptySegment(_ path: String) -> Bool {
        let withoutScheme = path.range(of: "://").map { String(path[$0.upperBound...]) } ?? path
        return withoutScheme.contains("//")
    }

    /// `path` without its trailing slashes (`/api/books/` → `/api/books`).
    public static func trimmingSlashes(_ path: String) -> String {
        var result = path
        while result.hasSuffix("/") { result.removeLast() }
        return result
    }
}
