import Foundation
import Logging
import Networking
import Services
import TestSupport
import Testing

@testable import App

@Suite("Fake environment services")
struct FakeServiceBuilderTests {
    private func origin(dataFile: String?) async throws -> String {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("trestle-fake-\(UUID().uuidString)")
        let configuration = try await ConfigurationLoader(
            options: LaunchOptions(environment: "fake", dataFile: dataFile), environment: ["HOME": home.path]
        ).load()
        let services = try await FakeServiceBuilder(
            configuration: configuration, executable: BuiltProducts.trestle
        ).build(
            storage: InMemoryStorageService(), logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() },
            journal: RequestJournal())
        return services.api.origin
    }

    @Test func theShippedSampleDataIsNamedSampleData() async throws {
        #expect(try await origin(dataFile: nil) == "sample-data")
    }

    @Test func aDataFileIsNamedByItsFileName() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trestle-fake-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("library.json")
        try Data(ConformanceFixture.json.utf8).write(to: file)
        #expect(try await origin(dataFile: file.path) == "library.json")
    }
}
