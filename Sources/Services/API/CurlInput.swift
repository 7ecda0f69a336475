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
        var reader = FlagReader(words: Array(words.dropFirst()))
        return try reader.read()
    }

    /// The words of `text` as a POSIX shell splits them; no expansion.
    public static func words(_ text: String) throws(Failure) -> [String] {
        guard text.utf8.count <= maxLength else { throw Failure(.tooLong) }
        var splitter = ShellWords(Array(text.unicodeScalars))
        return try splitter.split()
    }
}

/// The flags of a curl command, read in order.
private struct FlagReader {
    let words: [String]
    var index = 0
    var urls: [String] = []
    var headers: [CurlInput.Header] = []
    var data: [String] = []
    var dataFlag: String?
    var get = false
    var insecure = false

    init(words: [String]) {
        self.words = words
    }

    /// Flags that take a value, by their short and long names.
    static let valued: [String: String] = [
        "-H": "header", "--header": "header", "-u": "user", "--user": "user", "-b": "cookie", "--cookie": "cookie",
        "-X": "request", "--request": "request", "-d": "data", "--data": "data", "--data-raw": "data",
        "--data-ascii": "data", "--data-urlencode": "urlencode", "--url": "url",
    ]
    /// Flags that take none.
    static let plain: [String: String] = [
        "-G": "get", "--get": "get", "-k": "insecure", "--insecure": "insecure", "--compressed": "compressed",
        "-s": "output", "--silent": "output", "-S": "output", "--show-error": "output",
    ]

    mutating func read() throws(CurlInput.Failure) -> CurlInput {
        var onlyURLs = false
        while index < words.count {
            let word = words[index]
            index += 1
            if onlyURLs || !word.hasPrefix("-") || word == "-" {
                urls.append(word)
            } else if word == "--" {
                onlyURLs = true
            } else if word.hasPrefix("--") {
                try flag(word, attached: nil)
            } else {
                try shortFlags(word)
            }
        }
        return try finish()
    }

    /// `-sS`, `-HAccept: x`, `-XGET`: several short flags in one word, the last one's value attached.
    private mutating func shortFlags(_ word: String) throws(CurlInput.Failure) {
        var rest = Substring(word.dropFirst())
        while let letter = rest.first {
            rest = rest.dropFirst()
            let name = "-" + String(letter)
            if Self.valued[name] != nil {
                try flag(name, attached: rest.isEmpty ? nil : String(rest))
                return
            }
            try flag(name, attached: nil)
        }
    }

    private mutating func argument(of name: String, attached: String?) throws(CurlInput.Failure) -> String {
        if let attached { return attached }
        guard index < words.count else { throw CurlInput.Failure(.needsValue(flag: name)) }
        index += 1
        return words[index - 1]
    }

    private mutating func flag(_ name: String, attached: String?) throws(CurlInput.Failure) {
        if let kind = Self.plain[name] {
            switch kind {
            case "get": get = true
            case "insecure": insecure = true
            default: break  // --compressed: Trestle always asks for gzip; -s/-S: curl's output only
            }
            return
        }
        guard let kind = Self.valued[name] else { throw CurlInput.Failure(.unknownFlag(flag: name)) }
        let value = try argument(of: name, attached: attached)
        switch kind {
        case "header": try header(value)
        case "user": try user(value)
        case "cookie":
            guard value.contains("=") else { throw CurlInput.Failure(.cookieFile(file: value)) }
            if let index = headers.firstIndex(where: { $0.name.lowercased() == "cookie" }) {
                headers[index].value += "; " + value
            } else {
                headers.append(CurlInput.Header("Cookie", value))
            }
        case "request":
            guard value == "GET" else { throw CurlInput.Failure(.onlyGet(method: value)) }
        case "data", "urlencode":
            if value.hasPrefix("@") || (kind == "urlencode" && value.contains("@") && !value.contains("=")) {
                throw CurlInput.Failure(.dataFile(flag: name))
            }
            dataFlag = dataFlag ?? name
            data.append(kind == "data" ? value : Self.urlencoded(value))
        default:
            urls.append(value)
        }
    }

    /// `-H 'Name: value'`; `Name:` alone (curl's "remove this header") sends nothing.
    private mutating func header(_ text: String) throws(CurlInput.Failure) {
        guard let colon = text.firstIndex(of: ":"), colon != text.startIndex else {
            throw CurlInput.Failure(.badHeader(header: text))
        }
        let name = String(text[..<colon]).trimmingCharacters(in: .whitespaces)
        let value = String(text[text.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, !name.contains(" "), !value.isEmpty else {
            if value.isEmpty, !name.isEmpty { return }
            throw CurlInput.Failure(.badHeader(header: text))
        }
        guard !value.contains(where: { $0 == "\n" || $0 == "\r" }) else {
            throw CurlInput.Failure(.badHeader(header: name))
        }
        headers.append(CurlInput.Header(name, value))
    }

    /// `-u user:password` as `Authorization: Basic …`; a user alone would make curl ask for the password.
    private mutating func user(_ text: String) throws(CurlInput.Failure) {
        guard text.contains(":") else { throw CurlInput.Failure(.userWithoutPassword) }
        headers.append(CurlInput.Header("Authorization", "Basic " + Data(text.utf8).base64EncodedString()))
    }

    /// `--data-urlencode`'s value: `name=value` with the value escaped, or the whole text escaped.
    static func urlencoded(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        guard let equals = text.firstIndex(of: "=") else {
            return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
        }
        let value = String(text[text.index(after: equals)...])
        return String(text[...equals]) + (value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value)
    }

    private mutating func finish() throws(CurlInput.Failure) -> CurlInput {
        guard let first = urls.first else { throw CurlInput.Failure(.noURL) }
        guard urls.count == 1 else { throw CurlInput.Failure(.twoURLs(second: urls[1])) }
        if let dataFlag, !get { throw CurlInput.Failure(.dataWithoutGet(flag: dataFlag)) }
        let text = first.contains("://") ? first : "http://" + first
        guard var components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            ["http", "https"].contains(scheme), let host = components.host, !host.isEmpty
        else { throw CurlInput.Failure(.badURL(url: first)) }
        components.scheme = scheme
        components.fragment = nil
        if let user = components.user {
            // `https://ann:pw@host/`: the credentials are `-u`'s, never part of the URL shown.
            if !headers.contains(where: { $0.name.lowercased() == "authorization" }) {
                let pair =
                    (user.removingPercentEncoding ?? user) + ":"
                    + (components.password.flatMap { $0.removingPercentEncoding } ?? "")
                headers.append(CurlInput.Header("Authorization", "Basic " + Data(pair.utf8).base64EncodedString()))
            }
            components.user = nil
            components.password = nil
        }
        if !data.isEmpty {
            let query = [components.percentEncodedQuery].compactMap { $0 } + data
            components.percentEncodedQuery = query.filter { !$0.isEmpty }.joined(separator: "&")
        }
        if components.percentEncodedQuery == "" { components.percentEncodedQuery = nil }
        guard let url = components.url else { throw CurlInput.Failure(.badURL(url: first)) }
        return CurlInput(url: url, headers: headers, insecure: insecure)
    }
}

/// Splits text into words as a POSIX shell does, without expanding anything.
private struct ShellWords {
    let scalars: [Unicode.Scalar]
    var index = 0

    init(_ scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    private static func isNewline(_ scalar: Unicode.Scalar) -> Bool { scalar == "\n" || scalar == "\r" }

    mutating func split() throws(CurlInput.Failure) -> [String] {
        var words: [String] = []
        var word: String?
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            switch scalar {
            case " ", "\t", "\n", "\r":
                if let done = word { words.append(done) }
                word = nil
            case "\\":
                guard index < scalars.count else { throw CurlInput.Failure(.unfinished, incomplete: true) }
                let next = scalars[index]
                index += 1
                if Self.isNewline(next) {
                    // A continuation: `\` + CR LF too, as pasted from another system.
                    if next == "\r", index < scalars.count, scalars[index] == "\n" { index += 1 }
                    continue
                }
                word = (word ?? "") + String(next)
            case "'":
                word = (word ?? "") + (try singleQuoted())
            case "\"":
                word = (word ?? "") + (try doubleQuoted())
            case "$" where index < scalars.count && scalars[index] == "'":
                index += 1
                word = (word ?? "") + (try ansiQuoted())
            default:
                word = (word ?? "") + String(scalar)
            }
        }
        if let done = word { words.append(done) }
        return words
    }

    private mutating func singleQuoted() throws(CurlInput.Failure) -> String {
        var text = String.UnicodeScalarView()
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            if scalar == "'" { return String(text) }
            text.append(scalar)
        }
        throw CurlInput.Failure(.unfinished, incomplete: true)
    }

    private mutating func doubleQuoted() throws(CurlInput.Failure) -> String {
        var text = String.UnicodeScalarView()
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            if scalar == "\"" { return String(text) }
            if scalar == "\\", index < scalars.count {
                let next = scalars[index]
                if "$`\"\\".unicodeScalars.contains(next) {
                    text.append(next)
                    index += 1
                    continue
                }
                if Self.isNewline(next) {
                    index += 1
                    if next == "\r", index < scalars.count, scalars[index] == "\n" { index += 1 }
                    continue
                }
            }
            text.append(scalar)
        }
        throw CurlInput.Failure(.unfinished, incomplete: true)
    }

    /// `$'…'` (bash's ANSI-C quoting, which Chrome's "Copy as cURL" writes).
    private mutating func ansiQuoted() throws(CurlInput.Failure) -> String {
        var text = String.UnicodeScalarView()
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            if scalar == "'" { return String(text) }
            guard scalar == "\\", index < scalars.count else {
                text.append(scalar)
                continue
            }
            let next = scalars[index]
            index += 1
            switch next {
            case "n": text.append("\n")
            case "t": text.append("\t")
            case "r": text.append("\r")
            case "x", "u", "U":
                let digits = next == "x" ? 2 : next == "u" ? 4 : 8
                var hex = ""
                while hex.count < digits, index < scalars.count, scalars[index].properties.isASCIIHexDigit {
                    hex.unicodeScalars.append(scalars[index])
                    index += 1
                }
                if let value = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(value) {
                    text.append(decoded)
                } else {
                    text.append(contentsOf: "\\\(next)\(hex)".unicodeScalars)
                }
            default: text.append(next)  // \\ \' \" and the rest: the character itself
            }
        }
        throw CurlInput.Failure(.unfinished, incomplete: true)
    }
}
