import Foundation
import Networking
import Testing

@testable import App

/// `auth:` on a service and in `environments.<env>`: every scheme read,
/// and each mistake refused in one line naming the place.
@Suite("Configuration: auth per service")
final class AuthConfigurationTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("trestle-auth-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// Each test's folder goes with it.
    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    private func load(_ yaml: String, service: String? = "shop", env: String? = nil) async throws -> AppConfiguration {
        let file = folder.appendingPathComponent("config.yaml")
        try yaml.write(to: file, atomically: true, encoding: .utf8)
        var options = LaunchOptions()
        options.configFile = file.path
        options.service = service
        options.environment = env
        return try await ConfigurationLoader(options: options, environment: ["HOME": folder.path]).load()
    }

    private func service(_ auth: String) -> String {
        """
        services:
          - name: shop
            baseURL: http://127.0.0.1:9
            resources: [{name: books}]
            auth:
        \(auth.split(separator: "\n").map { "      " + $0 }.joined(separator: "\n"))
        """
    }

    @Test func everySchemeIsRead() async throws {
        let cases: [(String, AuthScheme)] = [
            ("bearer: {env: SHOP_TOKEN}", .bearer(.environment("SHOP_TOKEN"))),
            ("bearer: {command: \"gh auth token\"}", .bearer(.command("gh auth token"))),
            ("basic: {user: ann, password: {file: ~/.pw}}", .basic(user: "ann", password: .file("~/.pw"))),
            (
                "apiKey: {query: api_key, value: {env: K}}",
                .apiKey(name: "api_key", place: .query, value: .environment("K"))
            ),
            (
                "oauth2: {clientId: trestle, clientSecret: {env: S}, scopes: [a, b], clientAuth: body}",
                .oauth2(
                    OAuth2Settings(
                        clientID: "trestle", clientSecret: .environment("S"), scopes: ["a", "b"],
                        clientAuthentication: .body))
            ),
            (
                "login: {path: /login, fields: {username: ann, password: {env: PW}}}",
                .login(
                    LoginSettings(
                        path: "/login",
                        fields: [
                            .init(name: "username", value: .text("ann")),
                            .init(name: "password", value: .secret(.environment("PW"))),
                        ]))
            ),
        ]
        for (yaml, expected) in cases {
            let configuration = try await load(service(yaml))
            #expect(configuration.auth == ConfiguredAuth(scheme: expected, path: "services[0].auth"), "\(yaml)")
        }
    }

    @Test func anEnvironmentSectionGivesAuthToARunWithoutAService() async throws {
        let yaml = """
            environments:
              production:
                baseURL: http://127.0.0.1:9
                auth:
                  bearer: {env: PROD_TOKEN}
            """
        let configuration = try await load(yaml, service: nil, env: "production")
        #expect(
            configuration.auth
                == ConfiguredAuth(scheme: .bearer(.environment("PROD_TOKEN")), path: "environments.production.auth"))
        #expect(try await load(yaml, service: nil, env: "development").auth == nil)
    }

    @Test(arguments: [
        (
            "bearer: s3cret-token",
            "services[0].auth: bearer must be {env: NAME}, {file: PATH} or {command: \"…\"} (a secret is not written in the file)"
        ),
        ("bearr: {env: T}", "services[0].auth: unknown key 'bearr' in auth (did you mean 'bearer'?)"),
        ("basic: {user: ann}", "services[0].auth.basic: missing 'password'"),
        (
            "apiKey: {value: {env: K}}",
            "services[0].auth.apiKey: give exactly one of header, query, cookie (the key's name)"
        ),
        (
            "oauth2: {clientId: c, clientSecret: {env: S}, clientAuth: post}",
            "services[0].auth.oauth2: clientAuth 'post' is not basic or body"
        ),
    ])
    func mistakesAreOneLineNamingThePlace(_ yaml: String, _ expected: String) async throws {
        do {
            _ = try await load(service(yaml))
            Issue.record("\(yaml) was accepted")
        } catch {
            let text = "\(error)"
            #expect(text.hasSuffix(expected), "\(text)")
            #expect(!text.contains("\n"))
        }
    }
}
