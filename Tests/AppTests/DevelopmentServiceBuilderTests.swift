import Foundation
import Logging
import Networking
import Services
import TestSupport
import Testing

@testable import App

@Suite("Development environment services")
struct DevelopmentServiceBuilderTests {
    static let todosJSON = #"[{"userId":1,"id":1,"title":"flaky","completed":false}]"#

    private func services(for base: URL) async throws -> ServiceContainer {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("trestle-dev-\(UUID().uuidString)")
        let configuration = try await ConfigurationLoader(
            options: LaunchOptions(environment: "development", baseURL: base.absoluteString),
            environment: ["HOME": home.path]
        ).load()
        return try await configuration.serviceBuilder.build(
            storage: InMemoryStorageService(), logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() },
            journal: RequestJournal())
    }

    @Test func aServerFailingOnceStillShowsItsData() async throws {
        let counter = Counter()
        let server = try await TestHTTPServer.start { _ in
            await counter.next() == 1 ? TestHTTPResponse(status: 503) : .json(Self.todosJSON)
        }
        defer { Task { await server.stop() } }
        let listing = try await services(for: server.baseURL).api.records(.todos, ListQuery())
        #expect(listing.items.map { $0["title"]?.stringValue } == ["flaky"])
        #expect(await server.hitCount(path: "/todos") == 2)
    }

    @Test func aMissingServerSuggestsTrestleServe() async throws {
        let services = try await services(for: try await TestHTTPServer.refusingURL())
        do {
            _ = try await services.api.records(.todos, ListQuery())
            Issue.record("expected a failure")
        } catch {
            #expect(error.kind == .offline)
            #expect(error.message.hasSuffix("start one with `trestle serve`"))
        }
    }
}

/// Counts calls across the server's tasks.
private actor Counter {
    private var value = 0

    func next() -> Int {
        value += 1
        return value
    }
}
