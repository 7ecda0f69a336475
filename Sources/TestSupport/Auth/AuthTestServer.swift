import Foundation

/// A REST service behind one auth scheme, on 127.0.0.1, for the auth tests:
/// `GET /books` and `GET /books/{id}` (12 books) answer only a request that
/// carries valid credentials, else 401 with the credentials it got echoed
/// back (so a test sees whether an error message repeats them).
///
/// - `.oauth2`: `POST /oauth/token` issues client-credentials tokens
///   (client `trestle`, secret ``clientSecret``; Basic or form client auth)
///   that expire after `lifetime`; a wrong secret is `401 invalid_client`.
///   `/openapi.json` names the token URL in its `securitySchemes`.
/// - `.basic`: user ``user``, password ``password``.
/// - `.login`: `POST /login` with `username`/`password` sets `sid=…`; the
///   books answer that cookie.
/// - `.bearer`: the fixed ``staticToken``.
/// - `.apiKey(header:)`: ``staticToken`` in that header.
///
/// End it with ``stop()``.
public final class AuthTestServer: Sendable {
    public enum Scheme: Sendable, Equatable {
        case oauth2(lifetime: Int)
        case basic
        case login
        case bearer
        case apiKey(header: String)
    }

    public static let clientID = "trestle"
    public static let user = "ann"
    public static let bookCount = 12

    public let scheme: Scheme
    public let server: TestHTTPServer
    private let state: AuthTestState
    private let secrets: AuthTestState.Secrets

    public var baseURL: URL { server.baseURL }
    /// The OAuth 2 client's secret (fresh per server).
    public var clientSecret: String { secrets.clientSecret }
    /// The user's password (basic, login).
    public var password: String { secrets.password }
    /// The fixed token (bearer, apiKey).
    public var staticToken: String { secrets.staticToken }

    private init(scheme: Scheme, server: TestHTTPServer, state: AuthTestState, secrets: AuthTestState.Secrets) {
        self.scheme = scheme
        self.server = server
        self.state = state
        self.secrets = secrets
    }

    public static func start(_ scheme: Scheme) async throws -> AuthTestServer {
        let secrets = AuthTestState.Secrets(
            clientSecret: "cs-\(UUID().uuidString)", password: "pw-\(UUID().uuidString)",
            staticToken: "st-\(UUID().uuidString)")
        let state = AuthTestState(scheme: scheme, secrets: secrets)
        let server = try await TestHTTPServer.start { request in await state.answer(request) }
        return AuthTestServer(scheme: scheme, server: server, state: state, secrets: secrets)
    }

    public func stop() async { await server.stop() }

    /// How many tokens (`.oauth2`) or session cookies (`.login`) were issued.
    public var issued: Int { get async { await state.issued } }
    /// Every token or cookie value issued, for looking for them in files.
    public var issuedSecrets: [String] { get async { await state.issuedValues } }
    /// How many book requests were refused (401).
    public var refusals: Int { get async { await state.refusals } }
    /// How many book requests were answered (200).
    public var answered: Int { get async { await state.answered } }
    /// Every request received so far.
    public var requests: [TestHTTPRequest] { get async { await server.requests } }
}

extension AuthTestServer {
    /// Forgets every token and session issued: the next request with one is refused (401).
    public func revokeAll() async { await state.revokeAll() }

    /// Whether the server still takes `value` (a token or session it issued).
    public func accepts(_ value: String) async -> Bool { await state.accepts(value) }
}
