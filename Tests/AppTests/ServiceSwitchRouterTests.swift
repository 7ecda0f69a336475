import Foundation
import Modules
import TerminalUI
import TestSupport
import Testing

@testable import App

/// `:service NAME` and `:env NAME` at the router: what reaches the App root
/// (which switches), the one line for a name nobody configured, the
/// question before production, and a router stepping aside for another
/// service's screens.
@MainActor
@Suite("Router: :service, :env and stepping aside")
struct ServiceSwitchRouterTests {
    /// A router over the sample data whose config file "defines" two services, and what it asked to switch to.
    @MainActor
    private final class Switching {
        let router: AppRouter
        let terminal = InMemoryTerminal(size: Size(rows: 24, cols: 120))
        let home: TemporaryHome
        let services: ServiceContainer
        var asked: [SwitchRequest] = []

        init() async throws {
            home = try TemporaryHome()
            var prepared = try await SampleStart.prepare(in: home)
            prepared.configuration.serviceNames = ["library", "garden"]
            services = prepared.services
            router = AppRoot.makeRouter(prepared, terminal: terminal)
            router.onSwitch = { [unowned self] in self.asked.append($0) }
            router.start()
        }

        func run(_ line: String) {
            _ = router.run(line)
        }

        func type(_ text: String) {
            for character in text { _ = router.handle(.char(character)) }
        }

        func end() {
            router.stopAll()
            home.remove()
        }
    }

    @Test func aConfiguredServiceIsAskedForAndAnUnknownOneIsOneLine() async throws {
        let app = try await Switching()
        defer { app.end() }
        app.run("service garden")
        #expect(app.asked == [.service("garden")])
        app.run("service nowhere")
        #expect(app.asked == [.service("garden")])
        #expect(app.router.message?.text == "Unknown service 'nowhere'; the config file defines: library, garden")
        #expect(app.router.message?.severity == .error)
        app.run("env staging")
        #expect(app.router.message?.text == "Unknown environment 'staging'; use fake, development or production")
        #expect(app.asked == [.service("garden")])
        await app.home.remove(after: app.services.storage)
    }

    @Test func productionIsAskedForOnlyAfterYes() async throws {
        let app = try await Switching()
        defer { app.end() }
        app.run("env development")
        #expect(app.asked == [.environment(.development)])
        app.run("env production")
        #expect(app.router.question != nil)
        app.type("no")
        _ = app.router.handle(.enter)
        #expect(app.router.question == nil)
        #expect(app.router.message?.text == "Not switched: production needs yes")
        #expect(app.asked == [.environment(.development)])
        app.run("env production")
        app.router.draw()
        #expect(app.terminal.contains("type yes to switch to production"))
        app.type("yes")
        _ = app.router.handle(.enter)
        #expect(app.asked == [.environment(.development), .environment(.production)])
        await app.home.remove(after: app.services.storage)
    }

    @Test func productionAsksNothingWhenTheWriteGuardIsOff() async throws {
        let app = try await Switching()
        defer { app.end() }
        app.router.asksBeforeProduction = false
        app.run("env production")
        #expect(app.router.question == nil)
        #expect(app.asked == [.environment(.production)])
        await app.home.remove(after: app.services.storage)
    }

    @Test func aSuspendedRouterDrawsNothingUntilItResumes() async throws {
        let app = try await Switching()
        defer { app.end() }
        app.router.draw()
        let drawn = app.router.frameCount
        app.router.suspend()
        app.router.draw()
        #expect(app.router.frameCount == drawn)
        app.router.resume()
        #expect(app.router.frameCount == drawn + 1)
        await app.home.remove(after: app.services.storage)
    }
}
