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

    @Test func aMalformedMappedDataFileIsOneLineNamingTheFileAndPosition() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trestle-fake-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("broken.json")
        try Data("{\"todos\": [{\"id\": 1},\n {\"id\": }]}".utf8).write(to: file)
        do {
            _ = try await origin(dataFile: file.path)
            Issue.record("a malformed file was accepted")
        } catch let error as ConfigurationError {
            #expect(error.description.hasPrefix("data file \(file.path): invalid JSON"))
            #expect(error.description.contains("line 2"))
            #expect(!error.description.contains("\n"))
        }
    }

    @Test func aFolderAsDataFileCannotBeRead() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trestle-fake-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        await #expect(throws: ConfigurationError.self) { try await origin(dataFile: folder.path) }
        do {
            _ = try await origin(dataFile: folder.path)
        } catch let error as ConfigurationError {
            #expect(error.description.hasPrefix("cannot read data file \(folder.path)"))
        }
    }

    @Test func searchesAreLocalForTheFakeAndLoopbackServersOnly() async throws {
        func local(_ options: LaunchOptions) async throws -> Bool {
            let configuration = try await ConfigurationLoader(options: options, environment: ["HOME": "/nonexistent"])
                .load()
            return AppRoot.searchesLocally(configuration)
        }
        #expect(try await local(LaunchOptions(environment: "fake")))
        #expect(try await local(LaunchOptions(environment: "development", baseURL: "http://127.0.0.1:3000")))
        #expect(try await local(LaunchOptions(environment: "development", baseURL: "http://localhost:4000")))
        #expect(try await !local(LaunchOptions(environment: "production")))
        #expect(try await !local(LaunchOptions(environment: "development", baseURL: "http://10.0.0.7:3000")))
    }
}
