import Testing

@testable import App

/// The start's warm-up starts the HTTP client's threads only for a run that
/// may reach a server: never for the fake environment, the default.
@Suite("The start's warm-up")
struct StartWarmUpTests {
    private func mayReach(_ arguments: [String], _ environment: [String: String] = [:], files: Set<String> = [])
        -> Bool
    {
        StartWarmUp.mayReachAServer(
            arguments: ["trestle"] + arguments, environment: environment, fileExists: files.contains)
    }

    @Test func theFakeEnvironmentStartsNoThreads() {
        #expect(!mayReach([]))
        #expect(!mayReach(["photos"]))
        #expect(!mayReach(["--env", "fake", "--service", "mine"]))
        #expect(!mayReach(["--env=fake"], ["TRESTLE_ENV": "production"]))
        #expect(!mayReach(["--base-url", "http://127.0.0.1:3000"]))  // fake unless an environment is named
        #expect(!mayReach(["get", "todos"]))
        #expect(!mayReach(["--", "--env", "production"]))
    }

    @Test func aNamedEnvironmentServiceOrServeStartsThem() {
        #expect(mayReach(["--env", "production", "--base-url", "http://127.0.0.1:3000"]))
        #expect(mayReach(["--env=development"]))
        #expect(mayReach(["--env=", "fake"]))  // an empty value is not the next word
        #expect(mayReach(["todos", "--env", "development"]))
        #expect(mayReach(["--service", "mine"]))
        #expect(mayReach([], ["TRESTLE_ENV": "development"]))
        #expect(mayReach([], ["TRESTLE_SERVICE": "mine"]))
        #expect(mayReach(["serve", "--port", "3000"]))
    }

    @Test func aConfigFileMayNameAnyEnvironment() {
        #expect(mayReach([], ["XDG_CONFIG_HOME": "/x"], files: ["/x/trestle/config.yaml"]))
        #expect(mayReach(["--config", "/y.yaml"], files: ["/y.yaml"]))
        #expect(mayReach([], ["TRESTLE_CONFIG": "/z.yaml"], files: ["/z.yaml"]))
        #expect(!mayReach(["--config", "/missing.yaml"], files: ["/y.yaml"]))
        #expect(!mayReach(["--env", "fake"], files: ["/y.yaml"]))
    }
}
