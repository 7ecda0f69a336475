import Foundation

/// How a service wants to be authenticated (the config file's `auth:`),
/// decided before its services are built. Secrets appear only as
/// ``SecretSource``s: where to find them.
public enum AuthScheme: Sendable, Hashable {
    /// `Authorization: Bearer <token>`.
    case bearer(SecretSource)
    /// `Authorization: Basic <user:password>`.
    case basic(user: String, password: SecretSource)
    /// An API key in a named header, query parameter or cookie.
    case apiKey(name: String, place: APIKeyPlace, value: SecretSource)
    /// OAuth 2 client credentials: an access token fetched, kept in memory
    /// and refreshed before it expires (and once on a 401).
    case oauth2(OAuth2Settings)
    /// A form POSTed once; the session cookie it sets is sent for the run.
    case login(LoginSettings)

    /// The scheme's name as the config file writes it.
    public var name: String {
        switch self {
        case .bearer: "bearer"
        case .basic: "basic"
        case .apiKey: "apiKey"
        case .oauth2: "oauth2"
        case .login: "login"
        }
    }

    /// The scheme and where its secrets come from, never the secrets:
    /// `basic (user ann, password from $LEGACY_PW)`.
    public var summary: String {
        switch self {
        case .bearer(let source):
            "bearer (token from \(source.origin))"
        case .basic(let user, let password):
            "basic (user \(user), password from \(password.origin))"
        case .apiKey(let name, let place, let value):
            "apiKey (\(place.rawValue) \(name), from \(value.origin))"
        case .oauth2(let settings) where settings.flow.isPersonal:
            "oauth2 \(settings.flow.rawValue) (client \(settings.clientID)"
                + (settings.clientSecret.map { ", secret from \($0.origin)" } ?? "") + ", token URL "
                + (settings.tokenURL ?? "") + ", refresh token "
                + (settings.refreshStore.map { "kept in \($0.origin)" } ?? "in memory only") + ")"
        case .oauth2(let settings):
            "oauth2 (client \(settings.clientID), secret from \(settings.clientSecret?.origin ?? "nowhere"), token URL "
                + (settings.tokenURL ?? "from the OpenAPI document") + ")"
        case .login(let settings):
            "login (form POSTed to \(settings.path))"
        }
    }
}

/// Where an API key goes.
public enum APIKeyPlace: String, Sendable, Hashable, CaseIterable {
    case header
    case query
    case cookie
}

/// OAuth 2: client credentials (RFC 6749 §4.4), or a person signing in —
/// authorization code with PKCE (RFC 7636) and a loopback redirect
/// (RFC 8252), or device authorization (RFC 8628).
public struct OAuth2Settings: Sendable, Hashable {
    /// How the token is had (`flow:`).
    public enum Flow: String, Sendable, Hashable, CaseIterable {
        /// The client's own credentials (the default).
        case clientCredentials
        /// A person signs in in a browser; the code comes back to a loopback port.
        case authorizationCode
        /// A person signs in on another device with a code Trestle shows.
        case deviceCode

        /// Whether a person signs in (a refresh token renews the access token).
        public var isPersonal: Bool { self != .clientCredentials }
    }

    /// How the client proves itself to the token endpoint.
    public enum ClientAuthentication: String, Sendable, Hashable, CaseIterable {
        /// `Authorization: Basic <client id:secret>` (RFC 6749's `client_secret_basic`).
        case basic
        /// `client_id` and `client_secret` in the form (`client_secret_post`).
        case body
    }

    public var clientID: String
    /// `nil` for a public client (a person's sign-in needs none).
    public var clientSecret: SecretSource?
    /// The token endpoint, absolute or under the base URL; `nil`: from the
    /// OpenAPI document's `securitySchemes`.
    public var tokenURL: String?
    public var scopes: [String]
    public var clientAuthentication: ClientAuthentication
    public var flow: Flow
    /// The authorization endpoint (`authorizeURL:`, a full URL) of ``Flow/authorizationCode``.
    public var authorizeURL: String?
    /// The device authorization endpoint (`deviceAuthorizationURL:`, a full URL) of ``Flow/deviceCode``.
    public var deviceAuthorizationURL: String?
    /// Where the refresh token is kept between runs (`store:`); `nil`: in memory only.
    public var refreshStore: RefreshTokenStore?

    public init(
        clientID: String, clientSecret: SecretSource?, tokenURL: String? = nil, scopes: [String] = [],
        clientAuthentication: ClientAuthentication = .basic, flow: Flow = .clientCredentials,
        authorizeURL: String? = nil, deviceAuthorizationURL: String? = nil, refreshStore: RefreshTokenStore? = nil
    ) {
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.tokenURL = tokenURL
        self.scopes = scopes
        self.clientAuthentication = clientAuthentication
        self.flow = flow
        self.authorizeURL = authorizeURL
        self.deviceAuthorizationURL = deviceAuthorizationURL
        self.refreshStore = refreshStore
    }
}

/// A login form for a session-cookie API.
public struct LoginSettings: Sendable, Hashable {
    /// One field of the form: a plain value, or a secret from a source.
    public struct Field: Sendable, Hashable {
        public enum Value: Sendable, Hashable {
            case text(String)
            case secret(SecretSource)
        }

        public var name: String
        public var value: Value

        public init(name: String, value: Value) {
            self.name = name
            self.value = value
        }
    }

    /// Where the form is POSTed: a path under the base URL, or a full URL.
    public var path: String
    /// The form's fields, in order.
    public var fields: [Field]

    public init(path: String, fields: [Field]) {
        self.path = path
        self.fields = fields
    }
}
