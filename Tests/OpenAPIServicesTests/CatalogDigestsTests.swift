import Foundation
import OpenAPIServices
import Services
import Synchronization
import TestSupport
import Testing

/// The catalog digested from a document is kept in the service's cache and
/// taken on the next start while the document is the same: what is taken
/// equals what was read (every descriptor, route and operation), the first
/// collections are told before the rest, and a document changed by one
/// byte, or a kept catalog that does not decode, is read again.
@Suite("Catalogs kept from documents")
struct CatalogDigestsTests {
    /// A document written to a file of its own, read with `digests`.
    final class Reading: Sendable {
        let storage = InMemoryStorageService()
        let folder: URL
        /// How many descriptions were kept so far.
        let kept = Counter()

        init() throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("digests-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }

        var digests: CatalogDigests {
            CatalogDigests(storage: storage, service: "production|http://127.0.0.1:1/") { [kept] _, _, _ in
                kept.add()
            }
        }

        func write(_ text: String) throws -> String {
            let path = folder.appendingPathComponent("api.json").path
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            return path
        }

        /// Loads `path`; waits until what a reading keeps is kept.
        func load(_ path: String, observer: OpenAPIReadObserver = .init()) async throws -> OpenAPIDescription {
            let before = kept.value
            guard
                case .found(let description) = await OpenAPIDiscovery(fetcher: nil, digests: digests)
                    .load(path, observer: observer)
            else {
                Issue.record("no description")
                throw CancellationError()
            }
            if !description.isKept {
                let done = await waitUntil { kept.value > before }
                #expect(done, "the description read was never kept")
            }
            return description
        }

        func remove() { try? FileManager.default.removeItem(at: folder) }
    }

    final class Counter: Sendable {
        private let count = Mutex(0)
        var value: Int { count.withLock { $0 } }
        func add() { count.withLock { $0 += 1 } }
    }

    @Test func theSameDocumentIsTakenFromTheCacheAsItWasRead() async throws {
        let reading = try Reading()
        defer { reading.remove() }
        let path = try reading.write(LibraryDocuments.fastAPI)
        let read = try await reading.load(path)
        #expect(!read.isKept)
        #expect(!read.operations.isEmpty)
        let taken = try await reading.load(path)
        #expect(taken.isKept)
        #expect(taken.catalog == read.catalog)
        #expect(taken.operations == read.operations)
        #expect(taken.authSchemes == read.authSchemes)
        #expect(taken.credential == read.credential)
        #expect(taken.warnings == read.warnings)
    }

    @Test func everyKindOfRouteComesBackTheSame() async throws {
        let reading = try Reading()
        defer { reading.remove() }
        for text in [LibraryDocuments.spring, GeneratedDocument.text(collections: 12, version: "3.0.3")] {
            let path = try reading.write(text)
            let read = try await reading.load(path)
            let taken = try await reading.load(path)
            #expect(taken.isKept)
            #expect(taken.catalog == read.catalog)
            #expect(taken.catalog.resources.compactMap(\.route) == read.catalog.resources.compactMap(\.route))
        }
    }

    /// A catalogue kept a part at a time (its collections and operations
    /// 256 at a time, ``CatalogDigests``) comes back as it was read.
    @Test func aCatalogueOfHundredsOfCollectionsComesBackTheSame() async throws {
        let reading = try Reading()
        defer { reading.remove() }
        let path = try reading.write(GeneratedDocument.text(collections: 600))
        let read = try await reading.load(path)
        let taken = try await reading.load(path)
        #expect(taken.isKept)
        #expect(read.catalog.resources.count == 600)
        #expect(read.operations.operations.count == 2400)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        var same = taken
        same.isKept = false
        #expect(try encoder.encode(same) == encoder.encode(read))
    }

    @Test func aDocumentChangedByOneByteIsReadAgain() async throws {
        let reading = try Reading()
        defer { reading.remove() }
        let text = GeneratedDocument.text(collections: 5)
        let path = try reading.write(text)
        _ = try await reading.load(path)
        #expect(try await reading.load(path).isKept)
        let changed = text.replacingOccurrences(of: "A large service", with: "A large servicf")
        #expect(changed != text)
        let again = try await reading.load(try reading.write(changed))
        #expect(!again.isKept)
    }

    @Test func aKeptCatalogThatDoesNotDecodeIsReadAgain() async throws {
        let reading = try Reading()
        defer { reading.remove() }
        let text = GeneratedDocument.text(collections: 5)
        let path = try reading.write(text)
        let read = try await reading.load(path)
        // The kept parts replaced by junk under the same fingerprint.
        let service = "production|http://127.0.0.1:1/"
        // Through the protocol, as the reader asks (called on the actor
        // itself, the protocol extension's defaults would answer).
        let storage: any StorageService = reading.storage
        let fingerprint = CatalogDigests.fingerprint(Data(text.utf8), base: nil)
        #expect(
            await storage.keptCatalog(.first, forService: service, location: path, fingerprint: fingerprint)
                != nil)
        await storage.keepCatalog(
            KeptCatalog(fingerprint: fingerprint, first: Data("{".utf8), whole: Data("[1,".utf8)),
            forService: service, location: path)
        let again = try await reading.load(path)
        #expect(!again.isKept)
        #expect(again.catalog == read.catalog)
    }

    @Test func theFirstCollectionsAreToldBeforeTheRest() async throws {
        let reading = try Reading()
        defer { reading.remove() }
        let path = try reading.write(GeneratedDocument.text(collections: 80))
        _ = try await reading.load(path)
        let told = Mutex<[Int]>([])
        let observer = OpenAPIReadObserver(firstCount: 60) { _ in
        } firstCollections: { first in
            told.withLock { $0.append(first.catalog.resources.count) }
        }
        let taken = try await reading.load(path, observer: observer)
        #expect(taken.isKept)
        #expect(taken.catalog.resources.count == 80)
        #expect(told.withLock { $0 } == [60])
    }

}
