import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// Nothing leaves the service's origin: two real servers on 127.0.0.1,
    /// the service and "elsewhere" (another port). The service redirects
    /// (302 and 307) its collection, its login form and its token endpoint
    /// elsewhere, which records every header and body it receives and
    /// answers 401. `trestle get` must send elsewhere no API key (the
    /// config's or the document's header), no cookie, no password and no
    /// client secret, fail, and say where the redirect went. A token URL
    /// the OpenAPI document puts elsewhere is refused: elsewhere hears nothing.
    @Suite
    struct OriginEndToEndTests {
        /// Letters and digits only: found as is in a header or a form body.
        static let secret = "S3cret" + UUID().uuidString.replacingOccurrences(of: "-", with: "")

        /// The service: `/books` and `/login` and `/token` answer `status`
        /// with a `Location` on `elsewhere`; the OpenAPI document names a
        /// header `X-Doc-Token` and a token URL (`tokenURL`).
        static func service(redirect status: Int, to elsewhere: URL, documentTokenURL: String = "/token") async throws
            -> TestHTTPServer
        {
            let document = Self.document(tokenURL: documentTokenURL)
            return try await TestHTTPServer.start { request in
                switch request.path {
                case "/openapi.json": return .json(document)
                case "/books", "/login", "/token":
                    return TestHTTPResponse(
                        status: status, headers: [("Location", elsewhere.absoluteString + request.path)])
                default: return .json("{}", status: 404)
                }
            }
        }

        /// Records everything; refuses everything (no credential came).
        static func elsewhere() async throws -> TestHTTPServer {
            try await TestHTTPServer.start { _ in .json(#"{"error":"who are you"}"#, status: 401) }
        }

        static func document(tokenURL: String) -> String {
            """
            {"openapi":"3.0.3","info":{"title":"Books","version":"1"},
             "components":{
              "securitySchemes":{
               "key":{"type":"apiKey","name":"X-Doc-Token","in":"header"},
               "cc":{"type":"oauth2","flows":{"clientCredentials":{"tokenUrl":"\(tokenURL)","scopes":{}}}}},
              "schemas":{"Book":{"type":"object","properties":{"id":{"type":"integer"},"title":{"type":"string"}}}}},
             "security":[{"key":[]}],
             "paths":{
              "/books":{"get":{"operationId":"listBooks","responses":{"200":{"description":"books",
                "content":{"application/json":{"schema":{"type":"array","items":{"$ref":"#/components/schemas/Book"}}}}}}}}}}
            """
        }

        /// `trestle get books` against a config service `shop` with `auth`
        /// (or, with `auth` nil, by `--base-url` and `TRESTLE_TOKEN`).
        static func get(service: TestHTTPServer, auth: String?, openapi: Bool = false) async throws -> ProcessOutcome {
            let home = try TemporaryHome()
            defer { home.remove() }
            var arguments = ["get", "books", "--format", "json", "--timeout", "20"]
            var environment = home.environment
            environment["SHOP_SECRET"] = secret
            if let auth {
                try home.writeConfig(TemporaryHome.shopConfig(baseURL: service.baseURL, auth: auth, openapi: openapi))
                arguments += ["--service", "shop"]
            } else {
                arguments += [
                    "--env", "production", "--base-url", service.baseURL.absoluteString, "--openapi",
                    service.baseURL.absoluteString + "/openapi.json",
                ]
                environment["TRESTLE_TOKEN"] = secret
            }
            return try await ProcessRunner.runOnThread(
                BuiltProducts.trestle, arguments, environment: ProcessRunner.baseEnvironment(environment),
                timeout: 120)
        }

        /// Every header (name and value) and body `server` received, as text.
        static func received(by server: TestHTTPServer) async -> String {
            await server.requests.map { request in
                "\(request.method) \(request.path)?\(request.query ?? "")\n"
                    + request.headers.map { "\($0.name): \($0.value)" }.joined(separator: "\n") + "\n\n"
                    + String(decoding: request.body, as: UTF8.self)
            }.joined(separator: "\n----\n")
        }

        enum Credential: String, CaseIterable, CustomTestStringConvertible {
            case apiKeyHeader, documentHeader, cookie, login, clientSecret
            var testDescription: String { rawValue }

            /// The config's `auth:` (nil: `TRESTLE_TOKEN` in the header the document names).
            var auth: String? {
                switch self {
                case .apiKeyHeader: "apiKey: {header: X-Api-Key, value: {env: SHOP_SECRET}}"
                case .documentHeader: nil
                case .cookie: "apiKey: {cookie: sid, value: {env: SHOP_SECRET}}"
                case .login: "login: {path: /login, fields: {username: ann, password: {env: SHOP_SECRET}}}"
                case .clientSecret:
                    "oauth2: {clientId: trestle, clientSecret: {env: SHOP_SECRET}, tokenURL: /token, clientAuth: body}"
                }
            }
        }

        @Test(arguments: [302, 307], Credential.allCases)
        func aRedirectToAnotherOriginCarriesNoCredential(status: Int, credential: Credential) async throws {
            let elsewhere = try await Self.elsewhere()
            let service = try await Self.service(redirect: status, to: elsewhere.baseURL)
            let outcome = try await Self.get(service: service, auth: credential.auth)
            let seen = await Self.received(by: elsewhere)
            let asked = await service.requests.map(\.path)
            await service.stop()
            await elsewhere.stop()
            #expect(!seen.contains(Self.secret), "elsewhere received the secret:\n\(seen)")
            #expect(!seen.lowercased().contains("cookie"), "elsewhere received a cookie:\n\(seen)")
            #expect(!seen.lowercased().contains("x-api-key") && !seen.lowercased().contains("x-doc-token"), "\(seen)")
            #expect(outcome.status != 0 && !outcome.signalled, "status \(outcome.status), stdout \(outcome.stdout)")
            let origin = "127.0.0.1:\(elsewhere.port)"
            #expect(outcome.stderr.contains(origin), "the error does not say where it went: \(outcome.stderr)")
            #expect(!outcome.stderr.contains(Self.secret))
            #expect(!asked.isEmpty, "the service was never asked")
        }

        /// An answer from elsewhere is printed, and stderr says where it came from.
        @Test func getSaysWhereARedirectWent() async throws {
            let elsewhere = try await TestHTTPServer.start { _ in .json(#"[{"id":1,"title":"Dune"}]"#) }
            let service = try await Self.service(redirect: 302, to: elsewhere.baseURL)
            let outcome = try await Self.get(
                service: service, auth: "apiKey: {header: X-Api-Key, value: {env: SHOP_SECRET}}")
            let seen = await Self.received(by: elsewhere)
            await service.stop()
            await elsewhere.stop()
            #expect(!seen.contains(Self.secret), "elsewhere received the secret:\n\(seen)")
            #expect(outcome.stdout.contains("Dune"), "stdout: \(outcome.stdout) stderr: \(outcome.stderr)")
            #expect(
                outcome.stderr.contains("redirected to http://127.0.0.1:\(elsewhere.port)"), "stderr: \(outcome.stderr)"
            )
        }

        /// The TUI's status line says where a redirect went.
        @Test func theStatusLineSaysWhereARedirectWent() async throws {
            let elsewhere = try await TestHTTPServer.start { _ in .json(#"[{"id":1,"title":"Dune"}]"#) }
            let service = try await Self.service(redirect: 302, to: elsewhere.baseURL)
            let home = try TemporaryHome()
            defer { home.remove() }
            try home.writeConfig(
                TemporaryHome.shopConfig(
                    baseURL: service.baseURL, auth: "apiKey: {header: X-Api-Key, value: {env: SHOP_SECRET}}"))
            let app = try RunningApp(
                ["--service", "shop", "books"], environment: ["SHOP_SECRET": Self.secret], home: home)
            defer { app.stop() }
            let screen = try await app.session.eventually("the redirect said") {
                $0.contains("Dune") && $0.contains("redirected to http://127.0.0.1:\(elsewhere.port)")
            }
            #expect(!screen.contains(Self.secret))
            let seen = await Self.received(by: elsewhere)
            await service.stop()
            await elsewhere.stop()
            #expect(!seen.contains(Self.secret), "elsewhere received the secret:\n\(seen)")
        }

        /// A 307 keeps the body: a login form or a token request is not
        /// followed to another origin at all, and the error names where.
        @Test(arguments: [Credential.login, .clientSecret])
        func a307OfACredentialBodyIsNotFollowedElsewhere(credential: Credential) async throws {
            let elsewhere = try await Self.elsewhere()
            let service = try await Self.service(redirect: 307, to: elsewhere.baseURL)
            let outcome = try await Self.get(service: service, auth: credential.auth)
            let count = await elsewhere.requests.count
            await service.stop()
            await elsewhere.stop()
            #expect(count == 0, "elsewhere was asked \(count) times")
            #expect(outcome.status != 0)
            #expect(
                outcome.stderr.contains("not following a redirect to http://127.0.0.1:\(elsewhere.port)"),
                "stderr: \(outcome.stderr)")
        }

        /// The document names a token URL on another origin: refused in one
        /// line naming it, and the client secret goes nowhere.
        @Test func aTokenURLTheDocumentPutsElsewhereIsRefused() async throws {
            let elsewhere = try await Self.elsewhere()
            let tokenURL = elsewhere.baseURL.absoluteString + "/token"
            let service = try await Self.service(redirect: 302, to: elsewhere.baseURL, documentTokenURL: tokenURL)
            let outcome = try await Self.get(
                service: service, auth: "oauth2: {clientId: trestle, clientSecret: {env: SHOP_SECRET}}", openapi: true)
            let count = await elsewhere.requests.count
            let asked = await service.requests.map(\.path)
            await service.stop()
            await elsewhere.stop()
            #expect(count == 0, "the token URL elsewhere was asked \(count) times")
            #expect(!asked.contains("/books"), "the collection was asked without a token: \(asked)")
            #expect(outcome.status != 0)
            #expect(
                outcome.stderr.contains("refusing the token URL \(tokenURL) from the OpenAPI document"),
                "stderr: \(outcome.stderr)")
        }

        /// The config may name another origin for its token URL: the secret goes there.
        @Test func aTokenURLTheConfigNamesElsewhereIsUsed() async throws {
            let tokens = try await TestHTTPServer.start { request in
                request.path == "/token"
                    ? .json(#"{"access_token":"tok1","token_type":"Bearer","expires_in":3600}"#)
                    : .json("{}", status: 404)
            }
            let service = try await TestHTTPServer.start { request in
                guard request.path == "/books" else { return .json("{}", status: 404) }
                return request.header("Authorization") == "Bearer tok1"
                    ? .json(#"[{"id":1,"title":"Dune"}]"#) : .json("{}", status: 401)
            }
            let outcome = try await Self.get(
                service: service,
                auth: "oauth2: {clientId: trestle, clientSecret: {env: SHOP_SECRET}, tokenURL: "
                    + tokens.baseURL.absoluteString + "/token}")
            let asked = await tokens.requests.count
            await service.stop()
            await tokens.stop()
            #expect(asked == 1)
            #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
            #expect(outcome.stdout.contains("Dune"))
        }
    }
}
