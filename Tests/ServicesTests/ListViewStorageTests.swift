import Foundation
import Logging
import Services
import Testing

/// Saved list views in the SQLite cache (migration v6): kept per service
/// and collection, replaced by name, bounded, and a cache made before v6
/// (by Trestle at v5: `Tests/Fixtures/cache-v5/cache.sqlite`) opens,
/// keeps what it held and gains the table.
@Suite("SQLite storage: list views")
struct ListViewStorageTests {
    let folder: URL
    var file: URL { folder.appendingPathComponent("cache.sqlite") }

    init() {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("trestle-views-\(UUID().uuidString)")
    }

    private func open() throws -> SQLiteStorageService {
        try SQLiteStorageService(url: file, logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
    }

    private static let view = SavedListView(
        name: "mine",
        columns: .init(order: ["title", "id"], hidden: ["userId"], widths: ["title": 30], added: ["author.name"]),
        sortField: "title", sortDescending: true, filter: "bank", watchSeconds: 5)

    @Test func aViewSurvivesReopeningPerServiceAndCollection() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try open()
        await first.saveListView(Self.view, forService: "fake|a", collection: "todos")
        await first.saveListView(SavedListView(name: "other"), forService: "fake|a", collection: "todos")
        await first.saveListView(SavedListView(name: "posts view"), forService: "fake|a", collection: "posts")
        await first.flush()
        let second = try open()
        #expect(
            await second.listViews(forService: "fake|a", collection: "todos")
                == [Self.view, SavedListView(name: "other")].sorted { $0.name < $1.name })
        #expect(await second.listViews(forService: "fake|b", collection: "todos").isEmpty)
        #expect(await second.listViews(forService: "fake|a", collection: "posts").map(\.name) == ["posts view"])
        // Saved again under its name: replaced.
        var changed = Self.view
        changed.filter = "milk"
        await second.saveListView(changed, forService: "fake|a", collection: "todos")
        let read = await second.listViews(forService: "fake|a", collection: "todos")
        #expect(read.count == 2)
        #expect(read.first { $0.name == "mine" }?.filter == "milk")
    }

    @Test func theOldestGoBeyondTheBound() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let storage = try open()
        for number in 0..<(SavedListView.perCollection + 3) {
            await storage.saveListView(SavedListView(name: "v\(number)"), forService: "s", collection: "todos")
        }
        let names = await storage.listViews(forService: "s", collection: "todos").map(\.name)
        #expect(names.count == SavedListView.perCollection)
        #expect(!names.contains("v0") && names.contains("v66"))
    }

    @Test func aV5CacheOpensKeepsItsAnswersAndGainsTheTable() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Fixtures/cache-v5/cache.sqlite").standardizedFileURL
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: fixture, to: file)
        let storage = try open()
        #expect(storage.openWarning == nil, "not moved aside as corrupt")
        let kept = await storage.cachedResponse(forKey: "fake|v0|/tmp/v/tiny.json|fake://sample-data/todos")
        #expect(kept.map { String(decoding: $0.body, as: UTF8.self) }?.contains("kept from v5") == true)
        #expect(await storage.listViews(forService: "s", collection: "todos").isEmpty)
        await storage.saveListView(Self.view, forService: "s", collection: "todos")
        await storage.flush()
        #expect(await (try open()).listViews(forService: "s", collection: "todos") == [Self.view])
    }

    @Test func aStoredFormOutsideTheBoundsIsCut() throws {
        var huge = SavedListView(name: "big", filter: String(repeating: "x", count: 5000))
        huge.columns.widths = ["title": 100_000]
        let encoded = try #require(huge.encoded())
        let read = try #require(SavedListView.decoded(encoded))
        #expect(read.filter.count == SavedListView.longestFilter)
        #expect(read.columns.widths["title"] == SavedListView.widest)
        #expect(SavedListView.decoded(Data(repeating: 0x20, count: SavedListView.largestStored + 1)) == nil)
        #expect(!SavedListView.isValidName("a b") && SavedListView.isValidName("wide-1"))
    }

    /// A run whose cache file did not exist holds its views in memory until the file opens.
    @Test func aViewSavedWhileTheCacheOpensReachesTheFile() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = file
        let opening = OpeningStorage(startsEmpty: true) { () async -> any StorageService in
            let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
            do {
                return try SQLiteStorageService(url: url, logger: logger)
            } catch {
                return InMemoryStorageService()
            }
        }
        await opening.saveListView(Self.view, forService: "s", collection: "todos")
        #expect(await opening.listViews(forService: "s", collection: "todos") == [Self.view])
        await opening.flush()
        #expect(await (try open()).listViews(forService: "s", collection: "todos") == [Self.view])
    }
}
