import Foundation
import Logging
import Services
import Testing

/// The cache's table of catalogs kept from documents: a catalog is read
/// back only under the fingerprint it was kept with, survives reopening,
/// and the table keeps the newest ``KeptCatalog/limit`` of them.
@Suite("SQLite storage: kept catalogs")
struct KeptCatalogStorageTests {
    let file = FileManager.default.temporaryDirectory
        .appendingPathComponent("trestle-catalogs-\(UUID().uuidString)/cache.sqlite")

    private func open() throws -> SQLiteStorageService {
        try SQLiteStorageService(url: file, logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
    }

    private func remove() { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }

    @Test func aCatalogIsReadBackUnderItsFingerprintOnly() async throws {
        defer { remove() }
        let storage = try open()
        let kept = KeptCatalog(fingerprint: "1:abc", first: Data("first".utf8), whole: Data("whole".utf8))
        await storage.keepCatalog(kept, forService: "production|http://a/", location: "big.json")
        await storage.flush()
        let reopened = try open()
        let first = await reopened.keptCatalog(
            .first, forService: "production|http://a/", location: "big.json", fingerprint: "1:abc")
        let whole = await reopened.keptCatalog(
            .whole, forService: "production|http://a/", location: "big.json", fingerprint: "1:abc")
        #expect(first == Data("first".utf8))
        #expect(whole == Data("whole".utf8))
        #expect(
            await reopened.keptCatalog(
                .whole, forService: "production|http://a/", location: "big.json", fingerprint: "1:abd") == nil)
        #expect(
            await reopened.keptCatalog(
                .whole, forService: "production|http://b/", location: "big.json", fingerprint: "1:abc") == nil)
    }

    @Test func theTableKeepsTheNewestCatalogsOnly() async throws {
        defer { remove() }
        let storage = try open()
        let count = KeptCatalog.limit + 3
        for index in 0..<count {
            await storage.keepCatalog(
                KeptCatalog(fingerprint: "f", first: Data([UInt8(index)]), whole: Data([UInt8(index)])),
                forService: "s", location: "doc\(index)")
        }
        await storage.flush()
        var found: [Int] = []
        for index in 0..<count {
            if await storage.keptCatalog(.first, forService: "s", location: "doc\(index)", fingerprint: "f") != nil {
                found.append(index)
            }
        }
        #expect(found.count == KeptCatalog.limit)
        #expect(found.contains(count - 1))
        #expect(!found.contains(0))
    }
}
