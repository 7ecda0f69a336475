import Foundation

/// Redirects as Trestle follows them (the HTTP client library follows none).
///
/// At most ``limit`` hops and no URL twice. A hop to the same origin
/// (scheme, host and port) keeps the request as it was. A hop to another
/// origin — `https` to `http` on the same host counts — carries no
/// credential of any kind: only the fields in ``portableFields`` go on
/// (no `Authorization`, `Cookie`, `Proxy-Authorization`, no header an auth
/// scheme or an OpenAPI document named, no conditional fields), and once a
/// chain has left the origin it stays stripped. 301 and 302 turn a POST
/// into a GET, 303 anything but HEAD, without body; a hop that would carry
/// a body (307, 308) to another origin is not followed at all: it is
/// ``NetworkError/redirectRefused(to:)``, naming where it went.
public enum Redirects {
    /// The most hops followed for one request.
    public static let limit = 10

    /// The fields a request keeps on a hop to another origin: none can
    /// hold a credential.
    public static let portableFields: Set<String> = ["accept", "accept-encoding", "accept-language", "user-agent"]

    /// The statuses followed.
    public static let statuses: Set<Int> = [301, 302, 303, 307, 308]

    /// `scheme://host:port` of `url`, lowercased, with the scheme's default
    /// port written out (so `http://h` and `http://h:80` are one origin).
    public static func origin(of url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? ""
        let host = url.host?.lowercased() ?? ""
        let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : 0)
        return "\(scheme)://\(host):\(port)"
    }

    /// `scheme://host[:port]` as a user reads it (the port only when the URL names one).
    public static func shownOrigin(of url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? ""
        let host = url.host ?? ""
        return url.port.map { "\(scheme)://\(host):\($0)" } ?? "\(scheme)://\(host)"
    }

    /// Whether `a` and `b` are on one origin.
    public static func sameOrigin(_ a: URL, _ b: URL) -> Bool { origin(of: a) == origin(of: b) }

    /// The request to send after `response` (a redirect) to `sent`, or
    /// `nil` when `response` is not a redirect to follow (no `Location`).
    ///
    /// - Parameters:
    ///   - first: the URL the caller asked for: its origin is the one
    ///     credentials were meant for.
    ///   - visited: every URL asked so far, the first included.
    static func next(
        after status: Int, location: String?, sent: Request, first: URL, visited: [URL]
    ) throws(NetworkError) -> Request? {
        guard statuses.contains(status), let location, !location.isEmpty else { return nil }
        let here = sent.resolvedURL ?? sent.url
        guard let target = URL(string: location, relativeTo: here)?.absoluteURL,
            let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = target.host, !host.isEmpty
        else {
            throw .invalidURL(BodyExcerpt.make(from: location))
        }
        guard visited.count <= limit, !visited.contains(where: { $0.absoluteString == target.absoluteString }) else {
            throw .tooManyRedirects(host: TransportErrorMapping.hostAndPort(of: first))
        }
        var method = sent.method
        var body = sent.body
        var headers = sent.headers
        let becomesGet = (status == 303 && method != .head) || ((status == 301 || status == 302) && method == .post)
        if becomesGet {
            method = .get
            body = nil
            headers = HTTPHeaders(
                headers.filter { !["content-type", "content-length"].contains($0.name.lowercased()) })
        }
        if !sameOrigin(target, first) {
            // A body is not carried elsewhere: it may hold a password or a client secret.
            if body != nil { throw .redirectRefused(to: shownOrigin(of: target)) }
            headers = HTTPHeaders(headers.filter { portableFields.contains($0.name.lowercased()) })
        }
        return Request(
            method: method, url: target, headers: headers, body: body, timeout: sent.timeout,
            bodyScan: sent.bodyScan)
    }
}
