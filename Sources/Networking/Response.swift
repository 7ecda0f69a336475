import Foundation

/// A complete HTTP response: status, headers and the whole body.
public struct Response: Sendable, Hashable {
    /// The status code.
    public let status: Int
    /// The header fields (names compare case-insensitively).
    public let headers: HTTPHeaders
    /// The body; empty for `HEAD`, 204 and 304.
    public let body: Data
    /// The URL that answered (after redirects).
    public let url: URL
    /// The URLs that answered with a redirect, in order, the one asked
    /// first; ``url`` came after the last. Empty when no redirect was followed.
    public let redirects: [URL]

    /// Creates a response.
    public init(status: Int, headers: HTTPHeaders = [:], body: Data = Data(), url: URL, redirects: [URL] = []) {
        self.status = status
        self.headers = headers
        self.body = body
        self.url = url
        self.redirects = redirects
    }

    /// The origin a redirect led to, as a user reads it
    /// (`http://127.0.0.1:8081`), when it is not the origin of the URL
    /// first asked (the one before the first hop); `nil` otherwise.
    public var redirectedOrigin: String? {
        guard let first = redirects.first, !Redirects.sameOrigin(first, url) else { return nil }
        return Redirects.shownOrigin(of: url)
    }

    /// The `ETag` header exactly as sent (e.g. `W/"abc"`), for `withIfNoneMatch`.
    public var etag: String? { headers["ETag"] }

    /// The parsed `ETag` header, if well formed.
    public var entityTag: ETag? { etag.flatMap(ETag.init(parsing:)) }

    /// The `Last-Modified` header as a date, if present and valid.
    public var lastModified: Date? { headers["Last-Modified"].flatMap(HTTPDate.parse) }

    /// Paging facts from `X-Total-Count` and `Link`.
    public var pageInfo: PageInfo { PageInfo(headers: headers, baseURL: url) }

    /// Whether the status is 304 Not Modified (the cached copy is current).
    public var isNotModified: Bool { status == 304 }

    /// Decodes the body as JSON.
    ///
    /// - Throws: ``NetworkError/decoding(path:reason:)`` naming where the data
    ///   was wrong, e.g. path `[3].title`, reason `expected String, found number`.
    public func decode<T: Decodable>(_ type: T.Type, decoder: JSONDecoder = JSONDecoder()) throws(NetworkError) -> T {
        do {
            return try decoder.decode(type, from: body)
        } catch let error as DecodingError {
            let failure = DecodingFailure(error)
            throw .decoding(path: failure.path, reason: failure.reason)
        } catch {
            throw .decoding(path: "", reason: BodyExcerpt.make(from: "\(error)"))
        }
    }
}
