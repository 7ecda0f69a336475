import Foundation

/// What a request carries to authenticate: a header, a query item or cookies.
public enum AppliedCredential: Sendable, Hashable {
    case header(name: String, value: String)
    case query(name: String, value: String)
    /// `Cookie:` pairs, `name=value; other=value`.
    case cookie(String)

    /// `request` with this credential in place of any it carried before.
    public func apply(to request: Request) -> Request {
        switch self {
        case .header(let name, let value):
            return request.with(headers: request.headers.setting(name, to: value))
        case .query(let name, let value):
            let kept = request.queryItems.filter { $0.name != name }
            return request.with(queryItems: kept + [URLQueryItem(name: name, value: value)])
        case .cookie(let pairs):
            let earlier = request.headers["Cookie"].map { $0 + "; " } ?? ""
            return request.with(headers: request.headers.setting("Cookie", to: earlier + pairs))
        }
    }
}

/// A service's credentials for the run: read or fetched on first need,
/// kept in memory only, fetched again ahead of expiry (an OAuth 2 token)
/// or once after the server refused them (a 401). Concurrent requests share
/// one fetch.
public actor AuthSession {
    /// Finds the OAuth 2 token endpoint when the config names none (from
    /// the service's OpenAPI document).
    public typealias TokenURLFinder = @Sendable () async throws(AuthFailure) -> URL

    public nonisolated let scheme: AuthScheme
    /// The service's base URL: credentials go only to its scheme, host and port.
    public nonisolated let baseURL: URL
    let reader: SecretReader
    let transport: any HTTPClient
    let timeout: Double
    let findTokenURL: TokenURLFinder?

    /// The service's name, as a sign-in prompt names it.
    public nonisolated let service: String
    private var current: AppliedCredential?
    private var expiresAt: ContinuousClock.Instant?
    /// A signed-in person's refresh token, in memory (and in the config's `store:`).
    private var refreshToken: String?
    /// Whether the `store:` was read (once a run; not again after a logout).
    private var storeRead = false
    /// Where a person is asked to sign in; `nil`: nowhere (``AuthFailure/signInNeeded(service:)``).
    private var prompt: (any SignInPrompt)?
    private var pending: Task<Result<AppliedCredential, AuthFailure>, Never>?
    /// How many times the credentials were read or fetched (for tests and `auth status`).
    public private(set) var fetches = 0

    /// - Parameters:
    ///   - transport: sends the token and login requests, which no journal,
    ///     log or cache sees (their bodies hold secrets).
    ///   - timeout: seconds for those requests.
    public init(
        scheme: AuthScheme, baseURL: URL, reader: SecretReader, transport: any HTTPClient, timeout: Double,
        findTokenURL: TokenURLFinder? = nil, service: String? = nil
    ) {
        self.service = service ?? baseURL.absoluteString
        self.scheme = scheme
        self.baseURL = baseURL
        self.reader = reader
        self.transport = transport
        self.timeout = timeout
        self.findTokenURL = findTokenURL
    }

    /// The credential to send now.
    public func credential() async throws(AuthFailure) -> AppliedCredential {
        if let current, !expiresSoon { return current }
        let task: Task<Result<AppliedCredential, AuthFailure>, Never>
        if let pending {
            task = pending
        } else {
            task = Task { await self.renew() }
            pending = task
        }
        return try await task.value.get()
    }

    /// Where a person is asked to sign in from now on (the TUI's dialog, the CLI's lines).
    public func attach(_ prompt: (any SignInPrompt)?) {
        self.prompt = prompt
    }

    /// Signs a person in afresh (no refresh token tried), keeping the new
    /// refresh token where the config says: `trestle auth login`.
    public func signIn() async throws(AuthFailure) {
        pending?.cancel()
        pending = nil
        current = nil
        expiresAt = nil
        refreshToken = nil
        storeRead = true
        _ = try await credential()
    }

    /// Forgets every token (and a sign-in under way), the stored refresh
    /// token too: `:logout`, `trestle auth logout`.
    public func logout() async throws(AuthFailure) {
        pending?.cancel()
        pending = nil
        current = nil
        expiresAt = nil
        refreshToken = nil
        storeRead = true
        if case .oauth2(let settings) = scheme, let store = settings.refreshStore {
            try await store.erase(reader)
        }
    }

    /// Ends a sign-in under way (the dialog's Esc): its requests fail with
    /// ``AuthFailure/signInCancelled``.
    public func cancelSignIn() {
        pending?.cancel()
    }

    /// Whether a token is held now (in memory).
    public var signedIn: Bool { current != nil }

    /// The server refused `sent`: forget it (unless another request
    /// already replaced it). Returns whether asking again may help.
    public func refused(_ sent: AppliedCredential) -> Bool {
        if current == sent {
            current = nil
            expiresAt = nil
        }
        return true
    }

    /// Whether `url` is on the service's origin (scheme, host and port,
    /// a default port written out or not): credentials are never sent anywhere else.
    public nonisolated func covers(_ url: URL?) -> Bool {
        guard let url else { return false }
        return Redirects.sameOrigin(url, baseURL)
    }

    // MARK: - Renewal

    /// Past the token's refresh point (``refreshPoint(of:)``).
    private var expiresSoon: Bool {
        guard let expiresAt else { return false }
        return ContinuousClock.now >= expiresAt
    }

    private func renew() async -> Result<AppliedCredential, AuthFailure> {
        defer { pending = nil }
        // The lifetime counts from before the token was asked for: the
        // server's clock started no earlier, so however long the answer
        // took to arrive (a busy machine), the refresh point is never late.
        let asked = ContinuousClock.now
        do throws(AuthFailure) {
            let (credential, lifetime) = try await obtain()
            fetches += 1
            current = credential
            expiresAt = lifetime.map { asked + Self.refreshPoint(of: $0) }
            return .success(credential)
        } catch {
            return .failure(error)
        }
    }

    /// When, within a token's `lifetime`, a new one is fetched: after four
    /// fifths of it, and at least 30 s before its end for long ones.
    public static func refreshPoint(of lifetime: Duration) -> Duration {
        lifetime - min(lifetime / 5, .seconds(30))
    }

    private func obtain() async throws(AuthFailure) -> (AppliedCredential, Duration?) {
        switch scheme {
        case .bearer(let source):
            return (.header(name: "Authorization", value: "Bearer " + (try await reader.read(source))), nil)
        case .basic(let user, let password):
            let pair = Data("\(user):\(try await reader.read(password))".utf8).base64EncodedString()
            return (.header(name: "Authorization", value: "Basic " + pair), nil)
        case .apiKey(let name, let place, let source):
            let value = try await reader.read(source)
            switch place {
            case .header: return (.header(name: name, value: value), nil)
            case .query: return (.query(name: name, value: value), nil)
            case .cookie: return (.cookie("\(name)=\(value)"), nil)
            }
        case .oauth2(let settings) where settings.flow.isPersonal:
            let tokens = try await personTokens(settings)
            return (.header(name: "Authorization", value: "Bearer " + tokens.accessToken), tokens.lifetime)
        case .oauth2(let settings):
            let url = try await tokenURL(settings)
            guard let source = settings.clientSecret else { throw .signInUnavailable(reason: "no clientSecret") }
            let secret = try await reader.read(source)
            let token = try await OAuth2TokenEndpoint(url: url, transport: transport, timeout: timeout)
                .fetch(settings, secret: secret)
            return (.header(name: "Authorization", value: "Bearer " + token.accessToken), token.lifetime)
        case .login(let settings):
            var fields: [(String, String)] = []
            for field in settings.fields {
                switch field.value {
                case .text(let text): fields.append((field.name, text))
                case .secret(let source): fields.append((field.name, try await reader.read(source)))
                }
            }
            let url = AuthURL.resolve(settings.path, against: baseURL)
            let form = LoginForm(url: url, transport: transport, timeout: timeout)
            return (.cookie(try await form.post(fields)), nil)
        }
    }

    /// A person's tokens: renewed with the refresh token while it works,
    /// else a sign-in through the prompt.
    private func personTokens(_ settings: OAuth2Settings) async throws(AuthFailure) -> OAuth2PersonFlow.Tokens {
        guard let text = settings.tokenURL else { throw .noTokenURL(service: service) }
        var secret: String?
        if let source = settings.clientSecret { secret = try await reader.read(source) }
        let flow = OAuth2PersonFlow(
            settings: settings, tokenURL: AuthURL.resolve(text, against: baseURL), secret: secret,
            transport: transport, timeout: timeout)
        if !storeRead, let store = settings.refreshStore {
            storeRead = true
            refreshToken = try await store.load(reader)
        }
        if let refreshToken, let tokens = try? await flow.refresh(refreshToken) {
            try await keep(tokens, settings)
            return tokens
        }
        refreshToken = nil
        guard let prompt else { throw .signInNeeded(service: service) }
        let tokens: OAuth2PersonFlow.Tokens
        do throws(AuthFailure) {
            if settings.flow == .deviceCode {
                tokens = try await flow.deviceCode(prompt: prompt, service: service)
            } else {
                tokens = try await flow.authorizationCode(prompt: prompt, service: service)
            }
        } catch {
            await prompt.finished(service: service)
            if Task.isCancelled { throw .signInCancelled }
            throw error
        }
        await prompt.finished(service: service)
        try await keep(tokens, settings)
        return tokens
    }

    /// Keeps a new refresh token (servers rotate them) in memory and where the config says.
    private func keep(_ tokens: OAuth2PersonFlow.Tokens, _ settings: OAuth2Settings) async throws(AuthFailure) {
        guard let fresh = tokens.refreshToken, fresh != refreshToken else { return }
        refreshToken = fresh
        try await settings.refreshStore?.save(fresh, reader)
    }

    private func tokenURL(_ settings: OAuth2Settings) async throws(AuthFailure) -> URL {
        if let text = settings.tokenURL { return AuthURL.resolve(text, against: baseURL) }
        guard let findTokenURL else { throw .noTokenURL(service: baseURL.absoluteString) }
        // The config may name any origin; a document only the service's own:
        // a document could otherwise send the client secret anywhere.
        let found = try await findTokenURL()
        guard covers(found) else {
            throw .tokenURLElsewhere(url: found.absoluteString, origin: Redirects.shownOrigin(of: baseURL))
        }
        return found
    }
}

/// URLs the auth config names: absolute, or a path under the base URL.
public enum AuthURL {
    /// `text` if absolute, else `base` with `text` appended (`/login` under
    /// `http://host/api` is `http://host/api/login`).
    public static func resolve(_ text: String, against base: URL) -> URL {
        if let url = URL(string: text), url.scheme != nil, url.host != nil { return url }
        var root = base.absoluteString
        while root.hasSuffix("/") { root.removeLast() }
        let path = text.hasPrefix("/") ? text : "/" + text
        return URL(string: root + path) ?? base
    }
}
