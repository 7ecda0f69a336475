import Foundation
import Networking
import Testing

@testable import App

/// `auth.oauth2` with a person's flow: `authorizationCode` and `deviceCode`
/// read with their endpoints and `store:`, and each mistake refused in one line.
@Suite("Configuration: a person's sign-in")
final class SignInConfigurationTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("trestle-signin-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// Each test's folder goes with it.
    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    private func load(_ oauth2: String) async throws -> AppConfiguration {
        let file = folder.appendingPathComponent("config.yaml")
        let yaml = """
            services:
              - name: shop
                baseURL: http://127.0.0.1:9
                resources: [{name: books}]
                auth:
                  oauth2: \(oauth2)
            """
        try yaml.write(to: file, atomically: true, encoding: .utf8)
        var options = LaunchOptions()
        options.configFile = file.path
        options.service = "shop"
        return try await ConfigurationLoader(options: options, environment: ["HOME": folder.path]).load()
    }

    @Test func bothFlowsAreReadWithTheirEndpointsAndStore() async throws {
        let code = try await load(
            "{flow: authorizationCode, clientId: app, authorizeURL: https://id.example.test/authorize, "
                + "tokenURL: https://id.example.test/token, scopes: [read], store: {file: ~/.config/shop.refresh}}")
        #expect(
            code.auth?.scheme
                == .oauth2(
                    OAuth2Settings(
                        clientID: "app", clientSecret: nil, tokenURL: "https://id.example.test/token", scopes: ["read"],
                        flow: .authorizationCode, authorizeURL: "https://id.example.test/authorize",
                        refreshStore: .file("~/.config/shop.refresh"))))
        let device = try await load(
            "{flow: deviceCode, clientId: app, deviceAuthorizationURL: https://id.example.test/device, "
                + "tokenURL: https://id.example.test/token, store: {command: \"keep-token shop\"}}")
        #expect(
            device.auth?.scheme
                == .oauth2(
                    OAuth2Settings(
                        clientID: "app", clientSecret: nil, tokenURL: "https://id.example.test/token",
                        flow: .deviceCode, deviceAuthorizationURL: "https://id.example.test/device",
                        refreshStore: .command("keep-token shop"))))
    }

    @Test(arguments: [
        (
            "{flow: authorizationCode, clientId: a, authorizeURL: /authorize, tokenURL: https://id.test/token}",
            "authorizeURL must be a full URL (https://…), not a path"
        ),
        (
            "{flow: deviceCode, clientId: a, tokenURL: https://id.test/token}",
            "services[0].auth.oauth2: missing 'deviceAuthorizationURL'"
        ),
        (
            "{flow: authorizationCode, clientId: a, authorizeURL: https://id.test/a}",
            "services[0].auth.oauth2: missing 'tokenURL'"
        ),
        (
            "{clientId: a, clientSecret: {env: S}, store: {file: /tmp/x}}",
            "store needs flow: authorizationCode or deviceCode (a person signs in)"
        ),
        (
            "{flow: password, clientId: a}",
            "flow 'password' is not clientCredentials, authorizationCode or deviceCode"
        ),
        (
            "{flow: deviceCode, clientId: a, deviceAuthorizationURL: https://id.test/d, tokenURL: https://id.test/t, store: {env: X}}",
            "unknown key 'env' in store"
        ),
    ])
    func mistakesAreOneLine(_ yaml: String, _ expected: String) async throws {
        do {
            _ = try await load(yaml)
            Issue.record("\(yaml) was accepted")
        } catch {
            let text = "\(error)"
            #expect(text.contains(expected), "\(text)")
            #expect(!text.contains("\n"))
        }
    }
}
