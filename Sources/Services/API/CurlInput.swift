import Foundation
import Networking

/// A curl command read back in (`trestle 'curl …'`, `:curl-open`): the GET
/// it sends, and where Trestle opens it — the base URL of an ad-hoc
/// service and the list or record the URL names.
///
/// The words are split as a POSIX shell would (single and double quotes,
/// `$'…'`, backslashes, backslash-newline continuations as browser
/// devtools paste them); nothing is expanded (`$NAME` stays as written).
/// Read: `-H/--header`, `-u/--user`, `-b/--cookie`, `-X/--request GET`,
/// `-G/--get` with `-d/--data/--data-raw` and `--data-urlencode` (the
/// query), `-k/--insecure`, `--compressed` (Trestle always asks for gzip),
/// `--url`, and `-s`/`-S` (`:curl`'s own, output only). Any other flag is
/// refused with one line naming it.
public struct CurlInput: Sendable, Equatable {
    /// One header field as the command gave it.
    public struct Header: Sendable, Equatable {
        public var name: String
        public var value: String

        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    /// Why a command cannot be opened, as data (`Modules` words it:
    /// `CurlInput.Failure.message`).
    public struct Failure: Error, Sendable, Equatable {
        public enum Problem: Sendable, Equatable {
            case notCurl
            case tooLong
            case needsValue(flag: String)
            case unknownFlag(flag: String)
            case cookieFile(file: String)
            case onlyGet(method: String)
            case dataFile(flag: String)
            case badHeader(header: String)
            case userWithoutPassword
            case noURL
            case twoURLs(second: String)
            case dataWithoutGet(flag: String)
            case badURL(url: String)
            /// The text ends inside quotes or after a backslash.
            case unfinished
        }

        public var problem: Problem
        /// The text ends inside quotes or after a backslash: more is coming (a paste in parts).
        public var incomplete = false

        public init(_ problem: Problem, incomplete: Bool = false) {
            self.problem = problem
            self.incomplete = incomplete
        }
    }

    /// The URL as sent: the command's query and `-G`'s data, secret items too.
    public var url: URL
    /// `-H`, then `-u` (as `Authorization: Basic …`), then `-b` (as `Cookie`), in the command's order.
    public var headers: [Header]
    /// `-k`: the service's certificate is not checked.
    public var insecure: Bool

    /// Most words a command may have, and most characters: a paste is bounded.
    public static let maxWords = 400
    public static let maxLength = 64 * 1024

    // MARK: - Where it opens

    /// The origin and the path before the collection: `http://127.0.0.1:3000`, `https://h/api/v1`.
    public var baseURL: String {
        let (base, _, _) = placement
        return base
    }

    /// The launch target's words: `["todos/3"]`, `["todos?userId=2"]`; none for the service's root.
    public var target: [String] {
        let (_, collection, id) = placement
        guard let collection else { return [] }
        var word = collection
        if let id { word += "/" + id }
        // Percent-encoded as sent: the launch target reads them back.
        let encoded = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedQueryItems ?? []
        let filters = encoded.filter { !SecretNames.isSecret(query: $0.name) && !Self.pagingNames.contains($0.name) }
            .map { "\($0.name)=\($0.value ?? "")" }
        if id == nil, !filters.isEmpty { word += "?" + filters.joined(separator: "&") }
        return [word]
    }

    /// Query items a list pages by, which Trestle sends itself (`:curl`
    /// writes them): not filters of the list it opens.
    public static let pagingNames: Set<String> = [
        "_page", "_limit", "_per_page", "_start", "_end", "page", "per_page", "page_size", "limit", "offset",
    ]

    /// Query items whose names mark a secret (`api_key`, `token`): sent with every request to the origin.
    public var secretQueryItems: [URLQueryItem] {
        queryItems.filter { SecretNames.isSecret(query: $0.name) }
    }

    private var queryItems: [URLQueryItem] {
        URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
    }

    /// The base URL, the collection and the record's id of ``url``'s path.
    /// The last segment is an id when it is a number, a UUID or a 24-digit
    /// hex object id and a collection comes before it; else it is the collection.
    private var placement: (base: String, collection: String?, id: String?) {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        var origin = "\(components?.scheme ?? "http")://\(components?.percentEncodedHost ?? "")"
        if let port = components?.port { origin += ":\(port)" }
        var segments = (components?.percentEncodedPath ?? "").split(separator: "/").map(String.init)
        guard let last = segments.popLast() else { return (origin, nil, nil) }
        var id: String?
        var collection = last
        if Self.looksLikeID(last), let before = segments.popLast() {
            id = last.removingPercentEncoding ?? last
            collection = before
        }
        let base = segments.isEmpty ? origin : origin + "/" + segments.joined(separator: "/")
        return (base, collection.removingPercentEncoding ?? collection, id)
    }

    static func looksLikeID(_ segment: String) -> Bool {
        if !segment.isEmpty, segment.allSatisfy(\.isASCII), segment.allSatisfy(\.isNumber) { return true }
        let hex = segment.allSatisfy { $0.isHexDigit && $0.isASCII }
        if segment.count == 24, hex { return true }
        let parts = segment.split(separator: "-", omittingEmptySubsequences: false).map(\.count)
        return parts == [8, 4, 4, 4, 12] && segment.allSatisfy { ($0.isHexDigit && $0.isASCII) || $0 == "-" }
    }

    // MARK: - Shown

    /// The headers as every screen, log and `:curl` shows them: a secret's value is `***`.
    public var shownHeaders: [Header] {
        headers.map { Header($0.name, SecretNames.shown(header: $0.name, value: $0.value)) }
    }

    /// The URL with secret query values as `***`.
    public var shownURL: String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let items = components.percentEncodedQueryItems,
            items.contains(where: { SecretNames.isSecret(query: $0.name) })
        else { return url.absoluteString }
        components.percentEncodedQueryItems = items.map {
            SecretNames.isSecret(query: $0.name) ? URLQueryItem(name: $0.name, value: "***") : $0
        }
        return components.url?.absoluteString ?? url.absoluteString
    }

    /// This request as shown: what a round trip through `:curl` must give back.
    public var shown: CurlInput {
        var copy = self
        copy.headers = shownHeaders
        copy.url = URL(string: shownURL) ?? url
        return copy
    }

    // MARK: - Reading

    /// Reads a whole command (`curl -H 'A: b' https://…`), as pasted.
    public static func parse(_ text: String) throws(Failure) -> CurlInput {
        try parse(words: try words(text))
    }

    /// Whether `text` is meant as a curl command: its first word is `curl`.
    public static func isCurl(_ text: String) -> Bool {
        let trimmed = text.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard trimmed.hasPrefix("curl") else { return false }
        let after = trimmed.dropFirst(4).first
        return after == nil || after == " " || after == "\t" || after == "\n" || after == "\r" || after == "\\"
    }

    /// Reads a command already split into words (`trestle curl -H … URL`), `curl` first.
    public static func parse(words: [String]) throws(Failure) -> CurlInput {
        guard words.first == "curl" else { throw Failure(.notCurl) }
        guard words.count <= maxWords else { throw Failure(.tooLong) }
        var reader = CurlFlagReader(words: Array(words.dropFirst()))
        return try reader.read()
    }

    /// The words of `text` as a POSIX shell splits them; no expansion.
    public static func words(_ text: String) throws(Failure) -> [String] {
        guard text.utf8.count <= maxLength else { throw Failure(.tooLong) }
        var splitter = ShellWords(Array(text.unicodeScalars))
        return try splitter.split()
    }
}
