import Foundation

/// Paging facts a list response carries in its headers.
///
/// `totalCount` comes from `X-Total-Count`; `links` from `Link`
/// (`<https://…?_page=2>; rel="next", <…>; rel="last"`). Either may be
/// absent: a `nil` total means "unknown total".
public struct PageInfo: Sendable, Hashable {
    /// The total number of items across all pages, if the server said.
    public let totalCount: Int?
    /// Links by relation (`first`, `prev`, `next`, `last`, or any other).
    public let links: [String: URL]

    /// Creates paging facts directly.
    public init(totalCount: Int? = nil, links: [String: URL] = [:]) {
        self.totalCount = totalCount
        self.links = links
    }

    /// Reads `X-Total-Count` and `Link`; relative link targets resolve against `baseURL`.
    public init(headers: HTTPHeaders, baseURL: URL? = nil) {
        totalCount = headers["X-Total-Count"].flatMap { Int($0.trimmingSpaces()) }.flatMap { $0 >= 0 ? $0 : nil }
        var links: [String: URL] = [:]
        for value in headers.values(for: "Link") {
            links.merge(Self.parseLinks(value, baseURL: baseURL)) { first, _ in first }
        }
        self.links = links
    }

    /// The `next` link.
    public var next: URL? { links["next"] }
    /// The `prev` (or `previous`) link.
    public var previous: URL? { links["prev"] ?? links["previous"] }
    /// The `first` link.
    public var first: URL? { links["first"] }
    /// The `last` link.
    public var last: URL? { links["last"] }

    /// Whether another page follows: `nil` when the response had no `Link`
    /// header (unknown), otherwise whether it has a `next` link.
    public var hasNext: Bool? { links.isEmpty ? nil : links["next"] != nil }

    /// "42 items", or "unknown total".
    public var totalDescription: String {
        guard let totalCount else { return "unknown total" }
        return totalCount == 1 ? "1 item" : "\(totalCount) items"
    }

    /// Parses one `Link` header value. Tolerates spaces, unquoted or
    /// single-quoted `rel`, several relations in one `rel`, and skips
    /// malformed entries.
    public static func parseLinks(_ header: String, baseURL: URL? = nil) -> [String: URL] {
        var result: [String: URL] = [:]
        if !header.contains("<") {
            // One link without the angle brackets RFC 8288 asks for
            // (`http://h/db.json; rel="alternate"`): its target runs to the first `;`.
            let target = header.prefix { $0 != ";" }.trimmingCharacters(in: .whitespaces)
            guard target.utf8.count <= 2048, !target.isEmpty, !target.contains(where: \.isWhitespace),
                let url = URL(string: target, relativeTo: baseURL)?.absoluteURL
            else { return result }
            for relation in relations(in: header.drop { $0 != ";" }) { result[relation] = url }
            return result
        }
        var rest = Substring(header)
        while let open = rest.firstIndex(of: "<") {
            guard let close = rest[open...].firstIndex(of: ">") else { break }
            let target = rest[rest.index(after: open)..<close].trimmingCharacters(in: .whitespaces)
            let paramsEnd = rest[close...].firstIndex(of: "<") ?? rest.endIndex
            let params = rest[rest.index(after: close)..<paramsEnd]
            rest = rest[paramsEnd...]
            guard let url = URL(string: target, relativeTo: baseURL)?.absoluteURL else { continue }
            for relation in relations(in: params) where result[relation] == nil {
                result[relation] = url
            }
        }
        return result
    }

    /// The lowercased relation names in `; rel="next last"`-style parameters.
    private static func relations(in params: Substring) -> [String] {
        for param in params.split(whereSeparator: { $0 == ";" || $0 == "," }) {
            let pair = param.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "rel" else { continue }
            let value = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: " \t\"'"))
            return value.lowercased().split(separator: " ").map(String.init)
        }
        return []
    }
}
