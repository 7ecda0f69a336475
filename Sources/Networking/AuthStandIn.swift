/// What `:curl` shows in a secret's place: a request prepared "for show"
/// carries, instead of each secret, the shell text that finds it
/// (`$SHOP_TOKEN`, `$(pass show api/prod)`), after a marker the request's
/// text reads (``split(_:)``). No secret is read, run or fetched for it.
public enum AuthStandIn {
    /// Set while a request is prepared for show.
    @TaskLocal public static var shown = false

    /// Separates a header value's plain start (`Bearer `) from the shell text.
    static let marker: Character = "\u{1}"

    /// `prefix`, the marker and `shell` (which starts with `$`).
    static func marked(_ prefix: String, _ shell: String) -> String {
        prefix + String(marker) + shell
    }

    /// A header value prepared for show, cut at the marker: the plain start
    /// and the shell text without its `$` (`SHOP_TOKEN`, `(gh auth token)`),
    /// as `RequestText.Header` holds them; `nil` for an ordinary value.
    public static func split(_ value: String) -> (prefix: String, variable: String)? {
        guard let index = value.firstIndex(of: marker) else { return nil }
        var shell = value[value.index(after: index)...]
        if shell.first == "$" { shell = shell.dropFirst() }
        return (String(value[..<index]), String(shell))
    }

    /// The credential a scheme shows in place of its secret.
    public static func credential(for scheme: AuthScheme) -> AppliedCredential {
        switch scheme {
        case .bearer(let source):
            return .header(name: "Authorization", value: marked("Bearer ", source.shellText))
        case .basic(let user, let password):
            let pair = "$(printf %s " + AuthShell.quoted(user + ":") + "\"" + password.shellText + "\" | base64 -w0)"
            return .header(name: "Authorization", value: marked("Basic ", pair))
        case .apiKey(let name, .header, let source):
            return .header(name: name, value: marked("", source.shellText))
        case .apiKey(let name, .query, let source):
            return .query(name: name, value: source.shellText)
        case .apiKey(let name, .cookie, let source):
            return .cookie(marked(name + "=", source.shellText))
        case .oauth2:
            return .header(name: "Authorization", value: marked("Bearer ", "$ACCESS_TOKEN"))
        case .login:
            return .cookie(marked("", "$SESSION_COOKIE"))
        }
    }
}

extension NetworkClient {
    /// `request` as ``prepared(_:)`` makes it, but with every secret of a
    /// ``ServiceAuthMiddleware`` (and `TRESTLE_TOKEN`) replaced by the shell
    /// text that finds it (``AuthStandIn``): for `:curl`.
    public func preparedForShow(_ request: Request) async throws(NetworkError) -> Request {
        let result: Result<Request, NetworkError> = await AuthStandIn.$shown.withValue(true) {
            do throws(NetworkError) {
                return .success(try await prepared(request))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}
