import Foundation
import JSON
import Networking
import Services
import TestSupport
import Testing

@testable import App

/// `--anonymise` and URLs: the snapshotted service's own absolute URLs
/// (HAL's `_links.*.href`) become paths relative to its origin, so the
/// file names no original host, while other absolute URLs (a user's
/// website) are faked like other personal values; the replay still
/// follows a book to its author.
@Suite("Snapshot --anonymise: no original host")
struct SnapshotAnonymiseLinksTests {
    /// A HAL service walked, anonymised and written as `trestle snapshot --anonymise` does.
    private func anonymisedHAL(_ server: HALTestServer, to file: URL) async throws -> [Anonymiser.Replacement] {
        let network = NetworkClient(client: AsyncHTTPClientTransport(), retry: .never)
        let found = try #require(
            await ConventionDetector(root: server.apiRoot, network: network, deadline: .seconds(120)).detect())
        let catalog = ResourceCatalog(found.resources)
        let walker = SnapshotWalker(
            source: APISnapshotSource(api: SnapshotWalkerTests.service(server.apiRoot)), catalog: catalog,
            options: SnapshotWalker.Options(limit: nil, concurrency: 2))
        let outcome = await walker.walk()
        let baseURL = server.apiRoot.absoluteString
        var description = SnapshotDescription(catalog: catalog, convention: "hal", baseURL: baseURL, counts: [:])
        var anonymiser: Anonymiser? = Anonymiser(keep: [], catalog: catalog, baseURL: baseURL)
        anonymiser?.anonymise(&description)
        try SnapshotFile.write(outcome, description: description, anonymiser: &anonymiser, to: file.path)
        return anonymiser?.replacements ?? []
    }

    @Test func aHALSnapshotNamesNoOriginalHostAndItsReplayStillFollowsLinks() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trestle-anon-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("snap.json")
        let server = try await HALTestServer.start()
        let replaced: [Anonymiser.Replacement]
        do {
            replaced = try await anonymisedHAL(server, to: file)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()

        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(!text.contains("127.0.0.1:\(server.server.port)"))
        #expect(!text.contains(server.apiRoot.absoluteString))
        #expect(!text.contains("127.0.0.1"))
        for id in 1...HALTestServer.authorCount {
            #expect(!text.contains(HALTestServer.authorName(id)), "author \(id)")
        }
        let written = try #require(try JSONParser.parse(text).objectValue)
        let book = try #require(written["books"]?.arrayValue?.first)
        #expect(book.value(atPath: "_links.author.href") == .string("/api/books/1/author"))
        #expect(book.value(atPath: "_links.self.href")?.stringValue?.hasPrefix("/api/books/1") == true)
        #expect(written["_trestle"]?["baseURL"] == .null)
        // The summary names the links made relative.
        #expect(
            replaced.contains {
                $0.resource == "books" && $0.field == "_links.author.href"
                    && $0.kind == FakeValues.Kind.serviceLink.rawValue
                    && $0.count == HALTestServer.bookCount
            })

        // The replay opens book 1's author by the key the snapshot kept.
        let prepared = try await AppRoot.prepare(
            options: LaunchOptions(environment: "fake", dataFile: file.path), environment: ["HOME": folder.path])
        let api = prepared.services.api
        let books = prepared.catalog.descriptor(for: "books")
        let authors = prepared.catalog.descriptor(for: "authors")
        let first = try await api.record(books, id: "1")
        let relation = try #require(books.relations.first { $0.target == "authors" })
        guard case .parent(let key) = relation.kind else {
            Issue.record("books → authors is no parent relation: \(relation)")
            await prepared.services.shutdown()
            return
        }
        let authorID = try #require(first.recordID(key))
        let author = try await api.record(authors, id: authorID)
        await prepared.services.shutdown()
        let original = HALTestServer.authorName(HALTestServer.authorOf(book: 1))
        #expect(author["name"] == .string(FakeValues.fake(.name, for: original)))
        #expect(author["name"] != .string(original))
    }

    /// A record holding the service's links, one in free text, and a user's website.
    private static func record(base: String) -> JSONValue {
        [
            "id": 1, "name": "Ada Lovelace",
            "website": "https://ada.example.org/about/me",
            "bio": .string("Notes at \(base)/users/1 and more"),
            "next": .string("http://127.0.0.1:80801/users/2"),
            "_links": ["self": ["href": .string("\(base)/users/1{?projection}")]],
        ]
    }

    @Test func otherURLsAreFakedAndTheServicesMadeRelative() throws {
        let base = "http://127.0.0.1:8080/api"
        let descriptor = ResourceDescriptor(name: "users", labelField: "name", columns: [.init("id")])
        var anonymiser = Anonymiser(keep: [], catalog: ResourceCatalog([descriptor]), baseURL: base)
        let user = anonymiser.anonymise(Self.record(base: base), of: descriptor)
        #expect(user.value(atPath: "_links.self.href") == .string("/api/users/1{?projection}"))
        let website = try #require(user["website"]?.stringValue)
        // The same shape: the scheme, a fake host, as many path segments.
        #expect(website.hasPrefix("https://") && website.contains(".example.test/"))
        #expect(website.split(separator: "/").count == 4)
        #expect(website == FakeValues.fake(.website, for: "https://ada.example.org/about/me"))
        // Another port is another service: its URL is faked, not made relative.
        let next = try #require(user["next"]?.stringValue)
        #expect(!next.contains("127.0.0.1") && next.hasPrefix("http://"))
        let bio = try #require(user["bio"]?.stringValue)
        #expect(!bio.contains("127.0.0.1") && !bio.contains("Notes"))
        #expect(anonymiser.replacements.contains { $0.field == "website" && $0.kind == "web addresses" })
        #expect(anonymiser.replacements.contains { $0.field == "_links.self.href" && $0.kind.contains("relative") })
    }

    @Test func onlyTheOriginAtABoundaryIsTakenOut() {
        let origin = ServiceLinks.origin(of: "http://127.0.0.1:80/api")
        #expect(origin == "http://127.0.0.1:80")
        #expect(ServiceLinks.relative("http://127.0.0.1:8080/x", origin: "http://127.0.0.1:80") == nil)
        #expect(ServiceLinks.relative("http://127.0.0.1:80", origin: "http://127.0.0.1:80") == "/")
        #expect(ServiceLinks.relative("HTTP://Host.Test/a?b", origin: "http://host.test") == "/a?b")
        #expect(ServiceLinks.origin(of: "sample-data") == nil)
    }
}
