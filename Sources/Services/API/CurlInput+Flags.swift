import Foundation

/// The flags of a curl command, read in order.
struct CurlFlagReader {
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
