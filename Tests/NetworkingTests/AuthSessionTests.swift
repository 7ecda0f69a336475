import Foundation
import Networking
import TestSupport
import Testing

/// Each `auth:` scheme against a real server on 127.0.0.1 (``AuthTestServer``):
/// the credentials reach the server, are fetched once and kept, are fetched
/// again once after a 401, and a wrong secret is one error naming where it
/// came from, never the secret.
@Suite("Auth: every scheme against a real server")
struct AuthSessionTests {
    /// A client whose only middleware is the auth, over a fresh transport.
    static func client(_ scheme: AuthScheme, _ server: AuthTestServer, environment: [String: String] = [:])
        -> (NetworkClient, AuthSession, AsyncHTTPClientTransport)
    {
        let transport = AsyncHTTPClientTransport(server: server.baseURL)
        let session = AuthSession(
            scheme: scheme, baseURL: server.baseURL, reader: SecretReader(environment: environment),
            transport: transport, timeout: 120)
        let network = NetworkClient(
            client: transport, middleware: [ServiceAuthMiddleware(session: session, transport: transport)],
            retry: .never)
        return (network, session, transport)
    }

    static func books(_ server: AuthTestServer) -> Request {
        Request(method: .get, url: server.baseURL.appendingPathComponent("books"))
    }

    @Test func oauth2FetchesOneTokenAndFetchesAnotherOnceAfterA401() async throws {
        let server = try await AuthTestServer.start(.oauth2(lifetime: 3600))
        let scheme = AuthScheme.oauth2(
            OAuth2Settings(
                clientID: AuthTestServer.clientID, clientSecret: .environment("SECRET"), tokenURL: "/oauth/token"))
        let (network, _, transport) = Self.client(scheme, server, environment: ["SECRET": server.clientSecret])
        for _ in 0..<3 { #expect(try await network.send(Self.books(server)).status == 200) }
        #expect(await server.issued == 1)
        await server.revokeAll()
        #expect(try await network.send(Self.books(server)).status == 200)
        #expect(await server.issued == 2)
        #expect(await server.refusals == 1)
        await transport.shutdown()
        await server.stop()
    }

    @Test func oauth2ClientSecretInTheFormWorksToo() async throws {
        let server = try await AuthTestServer.start(.oauth2(lifetime: 3600))
        let settings = OAuth2Settings(
            clientID: AuthTestServer.clientID, clientSecret: .environment("SECRET"), tokenURL: "/oauth/token",
            scopes: ["books:read"], clientAuthentication: .body)
        let (network, _, transport) = Self.client(
            .oauth2(settings), server, environment: ["SECRET": server.clientSecret])
        #expect(try await network.send(Self.books(server)).status == 200)
        let tokenRequest = try #require(await server.requests.first { $0.path == "/oauth/token" })
        #expect(String(decoding: tokenRequest.body, as: UTF8.self).contains("scope=books%3Aread"))
        await transport.shutdown()
        await server.stop()
    }

    @Test func aTokenIsFetchedAgainAheadOfItsExpiry() async throws {
        #expect(AuthSession.refreshPoint(of: .seconds(2)) == .milliseconds(1600))
        #expect(AuthSession.refreshPoint(of: .seconds(3600)) == .seconds(3570))
        // Long enough that a request on a busy machine reaches the server
        // before its token ends (4 s and then 10 s were not, once each, with
        // the whole suite beside CPU-bound work); the test waits for the
        // expiry by polling.
        let server = try await AuthTestServer.start(.oauth2(lifetime: 30))
        let scheme = AuthScheme.oauth2(
            OAuth2Settings(
                clientID: AuthTestServer.clientID, clientSecret: .environment("SECRET"), tokenURL: "/oauth/token"))
        let (network, session, transport) = Self.client(scheme, server, environment: ["SECRET": server.clientSecret])
        #expect(try await network.send(Self.books(server)).status == 200)
        // Wait until the server no longer takes the first token.
        let first = try #require(await server.issuedSecrets.first)
        let deadline = ContinuousClock.now + .seconds(120)
        while await server.accepts(first), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(try await network.send(Self.books(server)).status == 200)
        #expect(await server.refusals == 0, "the expired token was sent")
        #expect(await server.issued == 2)
        #expect(await session.fetches == 2)
        await transport.shutdown()
        await server.stop()
    }

    @Test func aWrongClientSecretIsOneLineWithoutTheSecret() async throws {
        let server = try await AuthTestServer.start(.oauth2(lifetime: 3600))
        let wrong = "wrong-\(UUID().uuidString)"
        let scheme = AuthScheme.oauth2(
            OAuth2Settings(
                clientID: AuthTestServer.clientID, clientSecret: .environment("SECRET"), tokenURL: "/oauth/token"))
        let (network, _, transport) = Self.client(scheme, server, environment: ["SECRET": wrong])
        await #expect(
            throws: NetworkError.auth(
                .tokenRefused(
                    url: server.baseURL.absoluteString + "/oauth/token", status: 401,
                    said: "invalid_client: client authentication failed"))
        ) {
            try await network.send(Self.books(server))
        }
        #expect(await server.answered == 0)
        await transport.shutdown()
        await server.stop()
    }

    @Test func basicAuthSendsUserAndPassword() async throws {
        let server = try await AuthTestServer.start(.basic)
        let scheme = AuthScheme.basic(user: AuthTestServer.user, password: .environment("PW"))
        let (network, _, transport) = Self.client(scheme, server, environment: ["PW": server.password])
        #expect(try await network.send(Self.books(server)).status == 200)
        let (refused, _, other) = Self.client(scheme, server, environment: ["PW": "nope"])
        await #expect(throws: NetworkError.self) { try await refused.send(Self.books(server)) }
        #expect(await server.refusals == 1)
        await transport.shutdown()
        await other.shutdown()
        await server.stop()
    }

    @Test func aLoginIsPostedOnceAndItsCookieSent() async throws {
        let server = try await AuthTestServer.start(.login)
        let scheme = AuthScheme.login(
            LoginSettings(
                path: "/login",
                fields: [
                    .init(name: "username", value: .text(AuthTestServer.user)),
                    .init(name: "password", value: .secret(.environment("PW"))),
                ]))
        let (network, _, transport) = Self.client(scheme, server, environment: ["PW": server.password])
        for _ in 0..<3 { #expect(try await network.send(Self.books(server)).status == 200) }
        #expect(await server.issued == 1)
        await server.revokeAll()
        #expect(try await network.send(Self.books(server)).status == 200)
        #expect(await server.issued == 2)
        await transport.shutdown()
        await server.stop()
    }

    @Test func anAPIKeyGoesInItsHeader() async throws {
        let server = try await AuthTestServer.start(.apiKey(header: "X-Shop-Key"))
        let scheme = AuthScheme.apiKey(name: "X-Shop-Key", place: .header, value: .environment("KEY"))
        let (network, _, transport) = Self.client(scheme, server, environment: ["KEY": server.staticToken])
        #expect(try await network.send(Self.books(server)).status == 200)
        await transport.shutdown()
        await server.stop()
    }

    @Test func credentialsGoOnlyToTheServicesOrigin() async throws {
        let server = try await AuthTestServer.start(.bearer)
        let elsewhere = try await TestHTTPServer.start { _ in .json("[]") }
        let (network, _, transport) = Self.client(
            .bearer(.environment("T")), server, environment: ["T": server.staticToken])
        _ = try await network.send(Request(method: .get, url: elsewhere.baseURL.appendingPathComponent("books")))
        let sent = try #require(await elsewhere.requests.first)
        #expect(sent.header("Authorization") == nil)
        await transport.shutdown()
        await elsewhere.stop()
        await server.stop()
    }
}

/// What the journal (and so `:history` and the cache) keeps of a refusal
/// that echoes the credentials back.
@Suite("Auth: a refusal's echo of the credentials is not kept")
struct AuthEchoTests {
    @Test(arguments: ["bearer", "cookie"])
    func theJournalKeepsARefusalWithoutTheSecret(_ kind: String) async throws {
        let server = try await AuthTestServer.start(kind == "bearer" ? .bearer : .login)
        let journal = RequestJournal()
        let transport = AsyncHTTPClientTransport(server: server.baseURL)
        let secret = "wrong-\(UUID().uuidString)"
        let credential: AppliedCredential =
            kind == "bearer" ? .header(name: "Authorization", value: "Bearer \(secret)") : .cookie("sid=\(secret)")
        let network = NetworkClient(client: transport, middleware: [JournalMiddleware(journal: journal)], retry: .never)
        let response = try await network.send(
            credential.apply(to: AuthSessionTests.books(server)), validation: .none)
        #expect(String(decoding: response.body, as: UTF8.self).contains(secret), "the server did not echo it")
        let entry = try #require(journal.entries().first)
        #expect(entry.status == 401)
        #expect(!String(decoding: entry.body ?? Data(), as: UTF8.self).contains(secret))
        #expect(String(decoding: entry.body ?? Data(), as: UTF8.self).contains("***"))
        await transport.shutdown()
        await server.stop()
    }
}
