import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// Two services of one config file, each on a server of its own with
    /// its own data, switched with `:service` (Tab completes) and `:env`:
    /// each keeps its screens to come back to, and the header names the one shown.
    @Suite
    struct ServiceSwitchEndToEndTests {
        static let library = """
            {"books": [
               {"id": 1, "title": "Dune", "year": 1965},
               {"id": 2, "title": "Emma", "year": 1815},
               {"id": 3, "title": "Persuasion", "year": 1817}]}
            """

        static let garden = """
            {"plants": [
               {"id": 1, "name": "Fern", "water": "weekly"},
               {"id": 2, "name": "Basil", "water": "daily"}]}
            """

        static func config(library: String, garden: String) -> String {
            """
            services:
              - name: library
                baseURL: \(library)
                resources:
                  - name: books
                    label: title
                    columns: [id, title, year]
              - name: garden
                baseURL: \(garden)
                resources:
                  - name: plants
                    label: name
                    columns: [id, name, water]
            """
        }

        /// Two servers, the config file naming both, and the app on the library.
        private func withTwoServices(
            environment: [String: String] = [:],
            _ body: (RunningApp, EngineTestServer, EngineTestServer) async throws -> Void
        ) async throws {
            let libraryServer = try await EngineTestServer.start(json: Self.library)
            let gardenServer = try await EngineTestServer.start(json: Self.garden)
            do {
                let home = try TemporaryHome()
                defer { home.remove() }
                let folder = URL(fileURLWithPath: home.environment["XDG_CONFIG_HOME"] ?? "")
                    .appendingPathComponent("trestle")
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try Self.config(library: libraryServer.baseURLString, garden: gardenServer.baseURLString).write(
                    to: folder.appendingPathComponent("config.yaml"), atomically: true, encoding: .utf8)
                // The fake environment serves the library's books from a file (`:env fake`).
                let data = folder.appendingPathComponent("books.json")
                try Self.library.write(to: data, atomically: true, encoding: .utf8)
                let app = try RunningApp(
                    ["--service", "library", "--data", data.path, "--delay", "0"], environment: environment,
                    home: home)
                defer { app.stop() }
                try await body(app, libraryServer, gardenServer)
            } catch {
                await libraryServer.stop()
                await gardenServer.stop()
                throw error
            }
            await libraryServer.stop()
            await gardenServer.stop()
        }

        /// Opens book 2 (Emma) on the library's list.
        private func openEmma(_ app: RunningApp) async throws {
            let books = try await app.session.eventuallyShows("books 3")
            #expect(ResourceScreen.header(books).contains("Trestle · library"))
            try app.session.press("j", "Enter")
            try await app.session.eventually("book 2's detail") {
                ResourceScreen.header($0).contains("books › 2 Emma") && $0.contains("1815")
            }
        }

        @Test func eachServiceIsShownAgainWhereItWasLeft() async throws {
            try await withTwoServices { app, libraryServer, gardenServer in
                try await openEmma(app)

                // Tab completes the service's name.
                try app.session.press(":")
                try app.session.type("service g")
                try app.session.press("Tab")
                try await app.session.eventually("the completed name") { $0.contains(":service garden") }
                try app.session.press("Enter")
                let garden = try await app.session.eventually("the garden's plants") {
                    ResourceScreen.header($0).contains("Trestle · garden") && $0.contains("Fern")
                        && $0.contains("plants 2")
                }
                #expect(!garden.contains("Emma"))
                #expect(ResourceScreen.status(garden).contains(gardenServer.baseURLString))
                #expect(ResourceScreen.status(garden).contains("garden"))
                try app.session.press("j", "Enter")
                try await app.session.eventually("plant 2's detail") {
                    ResourceScreen.header($0).contains("plants › 2 Basil") && $0.contains("daily")
                }

                // Back to the library: book 2 is on screen, with the list under it.
                try app.session.press(":")
                try app.session.type("service library")
                try app.session.press("Enter")
                let back = try await app.session.eventually("the library's book 2 again") {
                    ResourceScreen.header($0).contains("Trestle · library")
                        && ResourceScreen.header($0).contains("books › 2 Emma") && $0.contains("1815")
                }
                #expect(!back.contains("Basil"))
                #expect(ResourceScreen.status(back).contains(libraryServer.baseURLString))
                try app.session.press("Escape")
                try await app.session.eventually("the books under it") {
                    $0.contains("books 3") && $0.contains("Persuasion")
                }

                // And the garden once more, its plant where it was.
                try app.session.press(":")
                try app.session.type("service garden")
                try app.session.press("Enter")
                try await app.session.eventually("plant 2 again") {
                    ResourceScreen.header($0).contains("plants › 2 Basil")
                }
                // The garden was started once: its list was asked for once.
                #expect(await gardenServer.hitCount(path: "/plants") == 1)
            }
        }

        @Test func anUnknownServiceIsOneLineAndTheScreensStay() async throws {
            try await withTwoServices { app, _, _ in
                try await openEmma(app)
                try app.session.press(":")
                try app.session.type("service nowhere")
                try app.session.press("Enter")
                let screen = try await app.session.eventually("the one-line error") {
                    ResourceScreen.status($0).contains(
                        "Unknown service 'nowhere'; the config file defines: library, garden")
                }
                #expect(ResourceScreen.header(screen).contains("books › 2 Emma"))
            }
        }

        @Test func aServiceThatCannotStartIsOneLineAndTheScreensStay() async throws {
            try await withTwoServices { app, _, _ in
                try await openEmma(app)
                // The config file broken since the start: the garden cannot be started.
                let file = URL(fileURLWithPath: app.home.environment["XDG_CONFIG_HOME"] ?? "")
                    .appendingPathComponent("trestle/config.yaml")
                try "services: [".write(to: file, atomically: true, encoding: .utf8)
                try app.session.press(":")
                try app.session.type("service garden")
                try app.session.press("Enter")
                let screen = try await app.session.eventually("the one-line failure") {
                    ResourceScreen.status($0).contains("Cannot switch to garden: config file")
                }
                #expect(ResourceScreen.header(screen).contains("Trestle · library"))
                #expect(ResourceScreen.header(screen).contains("books › 2 Emma"))
                try app.session.press("Escape")
                try await app.session.eventually("the library still browsable") {
                    $0.contains("books 3") && $0.contains("Persuasion")
                }
            }
        }

        @Test func anUnreachableServiceOpensWithItsErrorAndTheOtherStaysWhereItWas() async throws {
            try await withTwoServices { app, _, gardenServer in
                try await openEmma(app)
                await gardenServer.stop()
                try app.session.press(":")
                try app.session.type("service garden")
                try app.session.press("Enter")
                let garden = try await app.session.eventually("the garden with its error") {
                    ResourceScreen.header($0).contains("Trestle · garden") && $0.contains("✖ Cannot connect")
                }
                #expect(!garden.contains("Emma"))
                // The requests are the garden's own.
                try app.session.press(":")
                try app.session.type("requests")
                try app.session.press("Enter")
                let requests = try await app.session.eventually("the garden's requests") { $0.contains("/plants") }
                #expect(!requests.contains("/books"))
                try app.session.press(":")
                try app.session.type("service library")
                try app.session.press("Enter")
                try await app.session.eventually("the library where it was") {
                    ResourceScreen.header($0).contains("Trestle · library")
                        && ResourceScreen.header($0).contains("books › 2 Emma") && $0.contains("1815")
                }
            }
        }

        @Test func envSwitchesTheServicesEnvironmentAndProductionAsksFirst() async throws {
            try await withTwoServices(environment: ["TRESTLE_CONFIRM_PRODUCTION_WRITES": "true"]) { app, _, _ in
                try await openEmma(app)
                try app.session.press(":")
                try app.session.type("env fake")
                try app.session.press("Enter")
                let fake = try await app.session.eventually("the library in the fake environment") {
                    ResourceScreen.status($0).contains(" FAKE ") && $0.contains("books 3")
                        && ResourceScreen.header($0).contains("Trestle · library")
                }
                #expect(ResourceScreen.status(fake).contains("books.json"))

                // Production asks first; anything but yes stays.
                try app.session.press(":")
                try app.session.type("env production")
                try app.session.press("Enter")
                try await app.session.eventuallyShows("type yes to switch to production")
                try app.session.press("Escape")
                try await app.session.eventually("still fake") {
                    ResourceScreen.status($0).contains("Not switched: production needs yes")
                        && ResourceScreen.status($0).contains(" FAKE ")
                }
                try app.session.press(":")
                try app.session.type("env production")
                try app.session.press("Enter")
                try await app.session.eventuallyShows("type yes to switch to production")
                try app.session.type("yes")
                try app.session.press("Enter")
                try await app.session.eventually("the library in production, book 2 where it was") {
                    ResourceScreen.status($0).contains(" PRODUCTION ")
                        && ResourceScreen.header($0).contains("books › 2 Emma")
                }
            }
        }
    }
}
