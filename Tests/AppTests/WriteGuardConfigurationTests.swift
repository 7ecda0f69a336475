import Foundation
import Modules
import Testing

@testable import App

/// Where a run's write access comes from: `--read-only`, `TRESTLE_READ_ONLY`,
/// `readOnly:` at the top, in an environment's section or on a service, and
/// production's question (`confirmProductionWrites`).
@Suite("Configuration: read-only and the production question")
final class WriteGuardConfigurationTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("trestle-guard-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// Each test's folder goes with it.
    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    private func load(_ options: LaunchOptions = LaunchOptions(), yaml: String? = nil, env: [String: String] = [:])
        async throws -> AppConfiguration
    {
        var options = options
        if let yaml {
            let file = folder.appendingPathComponent("config.yaml")
            try yaml.write(to: file, atomically: true, encoding: .utf8)
            options.configFile = file.path
        }
        var environment = ["HOME": folder.path]
        environment.merge(env) { _, new in new }
        return try await ConfigurationLoader(options: options, environment: environment).load()
    }

    @Test func writesAreOpenByDefaultAndAskedForInProduction() async throws {
        #expect(try await load().writeAccess == .open)
        #expect(try await load(LaunchOptions(environment: "production")).writeAccess == .confirmFirst)
        #expect(try await load(LaunchOptions(environment: "development")).writeAccess == .open)
    }

    @Test func confirmProductionWritesFalseTurnsTheQuestionOff() async throws {
        let config = try await load(LaunchOptions(environment: "production"), yaml: "confirmProductionWrites: false\n")
        #expect(config.writeAccess == .open)
    }

    @Test func theFlagAndTheVariableMakeTheRunReadOnly() async throws {
        #expect(try await load(LaunchOptions(readOnly: true)).writeAccess == .readOnly(source: "--read-only"))
        #expect(
            try await load(env: ["TRESTLE_READ_ONLY": "1"]).writeAccess == .readOnly(source: "TRESTLE_READ_ONLY"))
        #expect(try await load(env: ["TRESTLE_READ_ONLY": "0"]).writeAccess == .open)
        // Read-only wins over production's question.
        let both = try await load(LaunchOptions(environment: "production", readOnly: true))
        #expect(both.writeAccess == .readOnly(source: "--read-only"))
    }

    @Test func theFileSaysReadOnlyAtTheTopOrForOneEnvironment() async throws {
        #expect(
            try await load(yaml: "readOnly: true\n").writeAccess == .readOnly(source: "readOnly in config.yaml"))
        let yaml = """
            environments:
              production:
                readOnly: true
            """
        #expect(
            try await load(LaunchOptions(environment: "production"), yaml: yaml).writeAccess
                == .readOnly(source: "readOnly in config.yaml"))
        #expect(try await load(LaunchOptions(environment: "fake"), yaml: yaml).writeAccess == .open)
    }

    @Test func aServiceCanBeReadOnly() async throws {
        let yaml = """
            services:
              - name: ledger
                baseURL: http://127.0.0.1:4000
                readOnly: true
                resources: [{name: entries}]
            """
        let config = try await load(LaunchOptions(service: "ledger"), yaml: yaml)
        #expect(config.writeAccess == .readOnly(source: "service ledger is read-only"))
    }

    @Test func aReadOnlyThatIsNotABooleanIsNamed() async throws {
        await #expect(throws: ConfigurationError.self) { try await load(yaml: "readOnly: sometimes\n") }
    }
}
