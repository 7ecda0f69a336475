import Foundation
import Logging
import Networking
import Services
import TestSupport
import Testing

/// The convention a service was found in, kept in the real SQLite cache
/// for its next start: the answers it was found from survive reopening,
/// and discovery over them gives the same catalog with no request.
@Suite("Remembered convention")
struct RememberedConventionTests {
    let file: URL

    init() {
        file = FileManager.default.temporaryDirectory
            .appendingPathComponent("trestle-convention-\(UUID().uuidString)/cache.sqlite")
    }

    private func open() throws -> SQLiteStorageService {
        try SQLiteStorageService(url: file, logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
    }

    private func removeFolder() {
        try? FileManager.default.removeItem(at: file.deletingLastPathComponent())
    }

    /// Detects the HAL server's convention, noting every answer read.
    private static func detect(_ server: HALTestServer) async throws -> (ConventionDiscovery, RememberedConvention) {
        let network = NetworkClient(client: AsyncHTTPClientTransport(), retry: .never)
        let recorder = ConventionRecorder()
        let detector = ConventionDetector(root: server.apiRoot, network: network, deadline: .seconds(120))
        let found = try #require(await detector.detect(recording: recorder))
        let remembered = try #require(recorder.remembered(as: found.convention))
        return (found, remembered)
    }

    @Test func aHALServiceIsRememberedAcrossReopeningAndFoundAgainWithoutARequest() async throws {
        defer { removeFolder() }
        let server = try await HALTestServer.start()
        let (found, remembered) = try await Self.detect(server)
        #expect(remembered.convention == .hal)
        #expect(remembered.root.url == server.apiRoot)
        #expect(remembered.fetched.count == 2, "the root and both collections' first pages")
        let first = try open()
        await first.rememberConvention(remembered, forService: "production|\(server.apiRoot.absoluteString)")
        await first.flush()
        let asked = await server.requests.count
        await server.stop()

        let second = try open()
        let read = await second.rememberedConvention(forService: "production|\(server.apiRoot.absoluteString)")
        #expect(read == remembered)
        #expect(await second.rememberedConvention(forService: "development|\(server.apiRoot.absoluteString)") == nil)
        let again = try #require(await read?.replayed(in: .builtIn))
        #expect(again.convention == .hal)
        #expect(again.source == .halLinks)
        #expect(again.resources == found.resources)
        #expect(again.counts == found.counts)
        #expect(await server.requests.count == asked, "replaying asked the server")
    }

    @Test func forgettingAConventionLeavesNothingForTheNextStart() async throws {
        defer { removeFolder() }
        let root = ConventionAnswer(
            url: try #require(URL(string: "http://127.0.0.1:1/api")), mediaType: "application/hal+json",
            data: Data(#"{"_links":{"books":{"href":"http://127.0.0.1:1/api/books"}}}"#.utf8))
        let remembered = RememberedConvention(convention: .hal, root: .init(root))
        let storage = try open()
        await storage.rememberConvention(remembered, forService: "s")
        #expect(await storage.rememberedConvention(forService: "s") == remembered)
        await storage.rememberConvention(nil, forService: "s")
        await storage.flush()
        #expect(try await open().rememberedConvention(forService: "s") == nil)
    }

    /// A first run's cache holds the convention in memory until the file
    /// opens, then writes it there like the rest.
    @Test func aFirstRunsConventionIsWrittenWhenTheCacheOpens() async throws {
        defer { removeFolder() }
        let root = ConventionAnswer(
            url: try #require(URL(string: "http://127.0.0.1:1/odata")), mediaType: "application/json",
            data: Data(#"{"value":[{"name":"Products","url":"Products"}]}"#.utf8))
        let remembered = RememberedConvention(convention: .oData, root: .init(root))
        let file = file
        let opening = OpeningStorage(startsEmpty: true) { () async -> any StorageService in
            let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
            do {
                return try SQLiteStorageService(url: file, logger: logger)
            } catch {
                return InMemoryStorageService()
            }
        }
        await opening.rememberConvention(remembered, forService: "s")
        #expect(opening.isHolding)
        #expect(await opening.rememberedConvention(forService: "s") == remembered)
        await opening.flush()
        #expect(try await open().rememberedConvention(forService: "s") == remembered)
    }
}
