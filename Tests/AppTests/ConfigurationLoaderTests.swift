import Foundation
import Testing

@testable import App

@Suite("Layered configuration")
struct ConfigurationLoaderTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("trestle-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    private func write(_ yaml: String) throws -> String {
        let file = folder.appendingPathComponent("config.yaml")
        try yaml.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    private func load(_ options: LaunchOptions = LaunchOptions(), env: [String: String] = [:]) async throws
        -> AppConfiguration
    {
        var environment = ["HOME": folder.path]
        environment.merge(env) { _, new in new }
        return try await ConfigurationLoader(options: options, environment: environment).load()
    }

    @Test func defaultsAreTheFakeEnvironment() async throws {
        let config = try await load()
        #expect(config.environment == .fake)
        #expect(config.themeName == "default")
        #expect(config.delay == 0.5)
        #expect(config.paths.configFile.path == folder.path + "/.config/trestle/config.yaml")
    }

    @Test func productionDefaultsToThePublicService() async throws {
        let config = try await load(LaunchOptions(environment: "production"))
        #expect(config.baseURL.absoluteString == "https://jsonplaceholder.typicode.com")
    }

    @Test func developmentDefaultsToLocalhost3000() async throws {
        let config = try await load(LaunchOptions(environment: "development"))
        #expect(config.baseURL.absoluteString == "http://127.0.0.1:3000")
    }

    @Test func theEnvironmentSectionOverridesTheTopLevel() async throws {
        let path = try write(
            """
            theme: light
            timeout: 5
            environments:
              production:
                baseURL: http://127.0.0.1:9999
                timeout: 2
            """)
        let config = try await load(LaunchOptions(environment: "production", configFile: path))
        #expect(config.baseURL.absoluteString == "http://127.0.0.1:9999")
        #expect(config.timeout == 2)
        #expect(config.themeName == "light")
    }

    @Test func variablesOverrideTheFileAndFlagsOverrideBoth() async throws {
        let path = try write("theme: light\ndelay: 0.9\n")
        let fromVariables = try await load(
            LaunchOptions(configFile: path), env: ["TRESTLE_THEME": "monochrome", "TRESTLE_DELAY": "0.1"])
        #expect(fromVariables.themeName == "monochrome")
        #expect(fromVariables.delay == 0.1)
        let fromFlags = try await load(
            LaunchOptions(delay: 0, theme: "high-contrast", configFile: path), env: ["TRESTLE_THEME": "monochrome"])
        #expect(fromFlags.themeName == "high-contrast")
        #expect(fromFlags.delay == 0)
    }

    @Test func xdgConfigHomeIsWhereTheFileIsRead() async throws {
        let xdg = folder.appendingPathComponent("xdg")
        try FileManager.default.createDirectory(
            at: xdg.appendingPathComponent("trestle"), withIntermediateDirectories: true)
        try "theme: light\n".write(
            to: xdg.appendingPathComponent("trestle/config.yaml"), atomically: true, encoding: .utf8)
        let config = try await load(env: ["XDG_CONFIG_HOME": xdg.path])
        #expect(config.themeName == "light")
    }

    @Test func aBrokenFileIsNamedInOneLine() async throws {
        let path = try write("theme: [unclosed\n  : :\n")
        await #expect {
            _ = try await load(LaunchOptions(configFile: path))
        } throws: { error in
            let text = "\(error)"
            return text.contains(path) && !text.contains("\n")
        }
    }

    @Test func aWrongValueNamesTheKey() async throws {
        let path = try write("delay: soon\n")
        await #expect {
            _ = try await load(LaunchOptions(configFile: path))
        } throws: { error in
            "\(error)".contains("delay 'soon' is not a number")
        }
    }

    @Test func anUnknownEnvironmentListsTheChoices() async throws {
        await #expect {
            _ = try await load(LaunchOptions(environment: "staging"))
        } throws: { error in
            "\(error)".contains("unknown environment 'staging'") && "\(error)".contains("production")
        }
    }

    @Test func aRelativeBaseURLIsRefused() async throws {
        await #expect {
            _ = try await load(LaunchOptions(environment: "production", baseURL: "localhost"))
        } throws: { error in
            "\(error)".contains("baseURL 'localhost' is not an absolute URL")
        }
    }
}
