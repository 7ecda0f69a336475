import Foundation
import Networking
import TestSupport
import Testing

/// Credential helpers (`{command: …}`): a script's standard output is the
/// secret; a failing, silent or slow one is one error naming the command
/// and what it said on standard error; `:curl`'s preparation runs none.
@Suite("Auth: credential helpers and stand-ins")
struct AuthHelperTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("trestle-helper-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// An executable script in the test's folder.
    func script(_ name: String, _ body: String) throws -> String {
        let file = folder.appendingPathComponent(name)
        try ExecutableScript.write("#!/bin/sh\n" + body + "\n", to: file)
        return file.path
    }

    @Test func aHelpersOutputIsTheBearerToken() async throws {
        let server = try await AuthTestServer.start(.bearer)
        let helper = try script("token", "echo '  \(server.staticToken)  '")
        let (network, _, transport) = AuthSessionTests.client(.bearer(.command(helper)), server)
        #expect(try await network.send(AuthSessionTests.books(server)).status == 200)
        await transport.shutdown()
        await server.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    @Test func aFailingHelperIsNamedWithWhatItSaid() async throws {
        let helper = try script("fails", "echo 'secret-out'; echo 'no such entry: api/prod' >&2; exit 3")
        let reader = SecretReader(environment: [:])
        await #expect(throws: AuthFailure.helperFailed(command: helper, status: 3, said: "no such entry: api/prod")) {
            try await reader.read(.command(helper))
        }
        let silent = try script("silent", "exit 0")
        await #expect(throws: AuthFailure.helperEmpty(command: silent)) { try await reader.read(.command(silent)) }
        try? FileManager.default.removeItem(at: folder)
    }

    @Test func aSlowHelperIsStoppedAtItsTimeLimit() async throws {
        let helper = try script("slow", "exec sleep 60")
        let reader = SecretReader(environment: [:], helperTimeout: .seconds(1))
        await #expect(throws: AuthFailure.helperTimedOut(command: helper, seconds: 1)) {
            try await reader.read(.command(helper))
        }
        try? FileManager.default.removeItem(at: folder)
    }

    @Test func aSecretFileOthersCanReadIsRefused() async throws {
        let file = folder.appendingPathComponent("token")
        try Data("abc-secret\n".utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
        let reader = SecretReader(environment: [:])
        await #expect(throws: AuthFailure.file(.insecurePermissions(path: file.path, mode: 0o644))) {
            try await reader.read(.file(file.path))
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        #expect(try await reader.read(.file(file.path)) == "abc-secret")
        try? FileManager.default.removeItem(at: folder)
    }

    /// `:curl` prepares the request "for show": no helper runs, no token
    /// is fetched, and the header names where the secret comes from.
    @Test func aRequestPreparedForShowCarriesNoSecret() async throws {
        let server = try await AuthTestServer.start(.bearer)
        let marker = folder.appendingPathComponent("ran")
        let helper = try script("marks", "touch '\(marker.path)'; echo tok")
        let cases: [(AuthScheme, String, String)] = [
            (.bearer(.command(helper)), "Bearer ", "(\(helper))"),
            (.bearer(.environment("SHOP_TOKEN")), "Bearer ", "SHOP_TOKEN"),
            (.apiKey(name: "X-Key", place: .header, value: .environment("K")), "", "K"),
            (
                .oauth2(OAuth2Settings(clientID: "c", clientSecret: .environment("S"), tokenURL: "/t")), "Bearer ",
                "ACCESS_TOKEN"
            ),
        ]
        for (scheme, prefix, variable) in cases {
            let (network, _, transport) = AuthSessionTests.client(scheme, server)
            let shown = try await network.preparedForShow(AuthSessionTests.books(server))
            let header = try #require(shown.headers.first { $0.name == "Authorization" || $0.name == "X-Key" })
            let split = try #require(AuthStandIn.split(header.value))
            #expect(split.prefix == prefix && split.variable == variable)
            await transport.shutdown()
        }
        #expect(!FileManager.default.fileExists(atPath: marker.path), "the helper ran for :curl")
        #expect(await server.requests.isEmpty)
        await server.stop()
        try? FileManager.default.removeItem(at: folder)
    }
}
