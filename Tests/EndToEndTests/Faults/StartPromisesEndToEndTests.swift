import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// The start's two promises, whatever the server does: something is
    /// drawn at once (the chrome and the spinner while nothing has
    /// answered), and the last good list is shown when the server is down
    /// or failing (from the cache a previous run filled).
    @Suite
    struct StartPromisesEndToEndTests {
        /// `--timeout 60`: no request times out while the test looks, so
        /// nothing but the start itself can draw the first frame.
        @Test func theChromeAndTheSpinnerAreDrawnWhileNothingAnswers() async throws {
            try await FaultedApp.run(
                extra: ["--timeout", "60"],
                before: { server in server.inject(FaultRule(.slow(seconds: nil), method: "GET")) }
            ) { faulted in
                let screen = try await faulted.session.eventually("the chrome and the spinner") { screen in
                    screen.contains("Trestle") && screen.contains("PRODUCTION")
                        && FaultedApp.spinnerFrames.contains { ResourceScreen.status(screen).contains($0) }
                }
                // Drawn while every request the server saw is still held.
                #expect(!faulted.server.served.isEmpty)
                #expect(faulted.server.served.allSatisfy { $0.hasSuffix("never answers") }, "\(screen)")
            }
        }

        @Test func aRestartWhileTheServerIsDownShowsTheCachedList() async throws {
            let home = try TemporaryHome()
            defer { home.remove() }
            let server = try FaultHTTPServer.start(file: SampleData.file)
            let url = server.baseURLString
            do {
                try await Self.browseAndQuit(url, home: home)
            } catch {
                server.stop()
                throw error
            }
            server.stop()

            let app = try RunningApp(["--env", "production", "--base-url", url], home: home)
            defer { app.stop() }
            let screen = try await app.session.eventually("the cached list, offline") { screen in
                screen.contains("todos 200") && ResourceScreen.status(screen).contains("offline")
            }
            #expect(ResourceScreen.ids(in: screen).prefix(3) == [1, 2, 3], "\(screen)")
            #expect(screen.contains("Cannot connect"), "\(screen)")
            #expect(!screen.contains("describes no collections"), "\(screen)")
        }

        @Test func behindAFailingServerTheCachedListIsShownAndWorks() async throws {
            let home = try TemporaryHome()
            defer { home.remove() }
            let server = try FaultHTTPServer.start(file: SampleData.file)
            defer { server.stop() }
            try await Self.browseAndQuit(server.baseURLString, home: home)
            server.inject(FaultRule(.status(503), method: "GET"))

            let app = try RunningApp(["--env", "production", "--base-url", server.baseURLString], home: home)
            defer { app.stop() }
            let screen = try await app.session.eventually("the cached list beside the 503") { screen in
                screen.contains("todos 200") && screen.contains("503") && !ResourceScreen.ids(in: screen).isEmpty
            }
            #expect(ResourceScreen.ids(in: screen).first == 1, "\(screen)")
            // A cached row is a row like any other: its toggle reaches the server.
            try app.session.press(" ")
            try await app.session.eventually("the toggle sent") { _ in server.count("PATCH", path: "/todos/1") > 0 }
        }

        /// A first run against `url` with `home`: the list, `q`, and the
        /// exit awaited (the cache is written by then).
        static func browseAndQuit(_ url: String, home: TemporaryHome) async throws {
            let first = try RunningApp(["--env", "production", "--base-url", url], reportingExit: true, home: home)
            defer { first.stop() }
            try await first.waitForList()
            try first.session.press("q")
            let after = try await first.session.eventually("the first run to exit") {
                $0.contains(RunningApp.endMarker)
            }
            #expect(after.contains("exit=0"), "\(after)")
        }
    }
}
