import Foundation

/// A person's OAuth 2 sign-in and its renewal, against the endpoints the
/// config names: authorization code with PKCE and a loopback redirect
/// (RFC 7636, RFC 8252), device authorization (RFC 8628), and the refresh
/// token grant (RFC 6749 §6). Every request goes straight through the
/// transport: no journal, log line or cache sees a code or a token.
struct OAuth2PersonFlow {
    /// The token endpoint's answer.
    struct Tokens: Sendable {
        var accessToken: String
        var lifetime: Duration?
        var refreshToken: String?
    }

    let settings: OAuth2Settings
    let tokenURL: URL
    /// The client's secret, for a confidential client; `nil` for a public one.
    let secret: String?
    let transport: any HTTPClient
    let timeout: Double

    /// How long the loopback port waits for the browser's redirect.
    static let redirectWait = Duration.seconds(300)
    /// The longest a device code is waited for, whatever the server says.
    static let longestDeviceWait = 1800
    /// RFC 8628 §3.5: a `slow_down` adds 5 seconds to the interval.
    static let slowDownStep = 5

    // MARK: - Refresh

    /// New tokens for `refreshToken`.
    func refresh(_ refreshToken: String) async throws(AuthFailure) -> Tokens {
        let (status, object, body) = try await post([("grant_type", "refresh_token"), ("refresh_token", refreshToken)])
        return try tokens(status, object, body, hiding: [refreshToken])
    }

    // MARK: - Authorization code

    /// Listens on the loopback port, shows the authorize URL (the prompt
    /// opens the browser), takes the one redirect, checks its `state` and
    /// trades the code (with PKCE's verifier) for tokens.
    func authorizationCode(prompt: any SignInPrompt, service: String) async throws(AuthFailure) -> Tokens {
        guard let authorize = settings.authorizeURL.flatMap({ URL(string: $0) }),
            var components = URLComponents(url: authorize, resolvingAgainstBaseURL: false)
        else { throw .signInUnavailable(reason: "no authorizeURL") }
        let listener = try await LoopbackRedirect.open(page: { prompt.browserPage(signedIn: $0, detail: $1) })
        defer { listener.close() }
        let pkce = PKCE()
        let state = Base64URL.encode(PKCE.randomBytes(16))
        var items = components.queryItems ?? []
        items += [
            URLQueryItem(name: "response_type", value: "code"),
            URLQueryItem(name: "client_id", value: settings.clientID),
            URLQueryItem(name: "redirect_uri", value: listener.redirectURI),
            URLQueryItem(name: "state", value: state),
            URLQueryItem(name: "code_challenge", value: pkce.challenge),
            URLQueryItem(name: "code_challenge_method", value: "S256"),
        ]
        if !settings.scopes.isEmpty {
            items.append(URLQueryItem(name: "scope", value: settings.scopes.joined(separator: " ")))
        }
        components.percentEncodedQuery = items.map {
            FormEncoding.encode($0.name) + "=" + FormEncoding.encode($0.value ?? "")
        }.joined(separator: "&")
        guard let url = components.url else { throw .signInUnavailable(reason: "authorizeURL") }
        await prompt.show(.browser(url: url.absoluteString), service: service)
        let answer = try await listener.wait(upTo: Self.redirectWait)
        guard answer["state"] == state else { throw .signInStateMismatch }
        guard let code = answer["code"], !code.isEmpty else {
            throw .signInRefused(error: answer["error"] ?? "no code", description: answer["error_description"] ?? "")
        }
        let (status, object, body) = try await post([
            ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", listener.redirectURI),
            ("code_verifier", pkce.verifier),
        ])
        return try tokens(status, object, body, hiding: [code, pkce.verifier])
    }

    // MARK: - Device authorization

    /// Asks for a device code, shows the user code and the page to enter it
    /// at, and polls the token endpoint at the server's interval (slower on
    /// `slow_down`) until the person answered or the code expired.
    func deviceCode(prompt: any SignInPrompt, service: String) async throws(AuthFailure) -> Tokens {
        guard let deviceURL = settings.deviceAuthorizationURL.flatMap({ URL(string: $0) }) else {
            throw .signInUnavailable(reason: "no deviceAuthorizationURL")
        }
        var fields = [("client_id", settings.clientID)]
        if !settings.scopes.isEmpty { fields.append(("scope", settings.scopes.joined(separator: " "))) }
        let (status, object, body) = try await post(fields, to: deviceURL, clientInBody: true)
        guard (200..<300).contains(status) else {
            throw .tokenRefused(
                url: deviceURL.absoluteString, status: status,
                said: OAuth2TokenEndpoint.said(object, body: body, hiding: [secret].compactMap { $0 }))
        }
        guard let deviceCode = object?["device_code"] as? String, let userCode = object?["user_code"] as? String,
            let verification = object?["verification_uri"] as? String
        else { throw .tokenAnswerUnreadable(url: deviceURL.absoluteString) }
        let page = URL(string: verification, relativeTo: deviceURL)?.absoluteString ?? verification
        let complete = (object?["verification_uri_complete"] as? String).map {
            URL(string: $0, relativeTo: deviceURL)?.absoluteString ?? $0
        }
        let lifetime = min(Int(OAuth2TokenEndpoint.seconds(object?["expires_in"]) ?? 600), Self.longestDeviceWait)
        var interval = min(max(Int(OAuth2TokenEndpoint.seconds(object?["interval"]) ?? 5), 1), 60)
        await prompt.show(.device(userCode: userCode, verificationURL: page, completeURL: complete), service: service)
        let end = ContinuousClock.now + .seconds(lifetime)
        while true {
            do {
                try await Task.sleep(for: .seconds(interval))
            } catch {
                throw .signInCancelled
            }
            if ContinuousClock.now >= end { throw .signInTimedOut(seconds: lifetime) }
            let (status, object, body) = try await post([
                ("grant_type", "urn:ietf:params:oauth:grant-type:device_code"), ("device_code", deviceCode),
            ])
            if (200..<300).contains(status) { return try tokens(status, object, body, hiding: [deviceCode]) }
            switch object?["error"] as? String {
            case "authorization_pending": continue
            case "slow_down": interval += Self.slowDownStep
            case "access_denied":
                throw .signInRefused(error: "access_denied", description: object?["error_description"] as? String ?? "")
            case "expired_token": throw .signInTimedOut(seconds: lifetime)
            default: return try tokens(status, object, body, hiding: [deviceCode])
            }
        }
    }

    // MARK: - The token endpoint

    /// POSTs `fields` (the client's id or credentials added) to `url`, the
    /// token endpoint by default: the status and the JSON object answered.
    private func post(_ fields: [(String, String)], to url: URL? = nil, clientInBody: Bool = false)
        async throws(AuthFailure) -> (Int, [String: Any]?, Data)
    {
        let target = url ?? tokenURL
        var fields = fields
        var headers: HTTPHeaders = [
            "Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json",
        ]
        if let secret, settings.clientAuthentication == .basic, !clientInBody {
            let pair = FormEncoding.encode(settings.clientID) + ":" + FormEncoding.encode(secret)
            headers = headers.setting("Authorization", to: "Basic " + Data(pair.utf8).base64EncodedString())
        } else {
            fields.append(("client_id", settings.clientID))
            if let secret { fields.append(("client_secret", secret)) }
        }
        let request = Request(
            method: .post, url: target, headers: headers, body: FormEncoding.body(fields), timeout: timeout)
        let response: Response
        do {
            response = try await transport.send(request)
        } catch {
            if Task.isCancelled { throw .signInCancelled }
            throw .tokenUnreachable(url: target.absoluteString, error: error)
        }
        if !(200..<300).contains(response.status), let origin = response.redirectedOrigin {
            throw .tokenUnreachable(
                url: target.absoluteString, error: .redirectedAway(to: origin, code: response.status, excerpt: ""))
        }
        let object = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any]
        return (response.status, object, response.body)
    }

    /// The tokens of a 2xx answer; anything else is the endpoint's refusal
    /// (its `error`, with `hiding` and the secret scrubbed).
    private func tokens(_ status: Int, _ object: [String: Any]?, _ body: Data, hiding: [String])
        throws(AuthFailure) -> Tokens
    {
        guard (200..<300).contains(status) else {
            throw .tokenRefused(
                url: tokenURL.absoluteString, status: status,
                said: OAuth2TokenEndpoint.said(object, body: body, hiding: hiding + [secret].compactMap { $0 }))
        }
        guard let access = object?["access_token"] as? String, !access.isEmpty else {
            throw .tokenAnswerUnreadable(url: tokenURL.absoluteString)
        }
        let refresh = (object?["refresh_token"] as? String).flatMap { $0.isEmpty ? nil : $0 }
        return Tokens(
            accessToken: access, lifetime: OAuth2TokenEndpoint.seconds(object?["expires_in"]).map { .seconds($0) },
            refreshToken: refresh)
    }
}
