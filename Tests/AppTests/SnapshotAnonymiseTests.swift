import Foundation
import JSON
import JSONServerCore
import Services
import TestSupport
import Testing

@testable import App

/// `--anonymise` over the sample data's users and comments, walked from a
/// real server: no original name, username or e-mail address is left in
/// the file, ids and keys and numbers stay, and the same data gives the
/// same file.
@Suite("Snapshot --anonymise")
struct SnapshotAnonymiseTests {
    static let sampleData = BuiltProducts.packageRoot.appendingPathComponent("sample-data/db.json")

    private func snapshot(keep: Set<String> = []) async throws -> (text: String, replaced: [Anonymiser.Replacement]) {
        let server = try await EngineTestServer.start(file: Self.sampleData)
        let catalog = ResourceCatalog(
            ["users", "comments", "posts"].map { ResourceCatalog.jsonPlaceholder.descriptor(for: $0) })
        let walker = SnapshotWalker(
            source: APISnapshotSource(api: SnapshotWalkerTests.service(server.baseURL)), catalog: catalog,
            options: SnapshotWalker.Options(limit: nil, concurrency: 2))
        let outcome = await walker.walk()
        await server.stop()
        var anonymiser: Anonymiser? = Anonymiser(keep: keep, catalog: catalog)
        let description = SnapshotDescription(catalog: catalog, convention: "json-server", baseURL: nil, counts: [:])
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("trestle-anon-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        try SnapshotFile.write(outcome, description: description, anonymiser: &anonymiser, to: file.path)
        return (try String(contentsOf: file, encoding: .utf8), anonymiser?.replacements ?? [])
    }

    private static func sample() throws -> JSONObject {
        try JSONParser.parse(Data(contentsOf: sampleData)).objectValue ?? JSONObject()
    }

    @Test func noOriginalNameOrEmailIsLeft() async throws {
        let (text, replaced) = try await snapshot()
        let sample = try Self.sample()
        let users = sample["users"]?.arrayValue ?? []
        let comments = sample["comments"]?.arrayValue ?? []
        #expect(users.count == 10)
        for user in users {
            for field in ["name", "username", "email", "phone"] {
                let original = user.value(atPath: field)?.stringValue ?? "?"
                #expect(!text.contains(original), "users.\(field) \(original)")
            }
            let street = user.value(atPath: "address.street")?.stringValue ?? "?"
            #expect(!text.contains(street), "street \(street)")
        }
        for comment in comments {
            let email = comment.value(atPath: "email")?.stringValue ?? "?"
            #expect(!text.contains("\"\(email)\""), "comments.email \(email)")
        }
        // Ids, keys and numbers stay; fakes keep their shape.
        let written = try JSONParser.parse(text).objectValue
        let firstUser = written?["users"]?.arrayValue?.first
        #expect(firstUser?.value(atPath: "id") == .int(1))
        #expect(firstUser?.value(atPath: "email")?.stringValue?.hasSuffix("@example.test") == true)
        #expect(written?["comments"]?.arrayValue?.first?.value(atPath: "postId") == .int(1))
        #expect(replaced.contains { $0.resource == "users" && $0.field == "email" && $0.count == 10 })
        #expect(replaced.contains { $0.resource == "comments" && $0.field == "body" })
    }

    @Test func theSameDataGivesTheSameFile() async throws {
        let first = try await snapshot().text
        let second = try await snapshot().text
        #expect(first == second)
        // The same value gives the same fake wherever it is.
        #expect(FakeValues.fake(.name, for: "Alma Okafor") == FakeValues.fake(.name, for: "Alma Okafor"))
        #expect(FakeValues.fake(.name, for: "Alma Okafor") != "Alma Okafor")
    }

    @Test func aKeptFieldStays() async throws {
        let (text, replaced) = try await snapshot(keep: ["username"])
        let users = try Self.sample()["users"]?.arrayValue ?? []
        for user in users {
            #expect(text.contains(user.value(atPath: "username")?.stringValue ?? "?"))
            #expect(!text.contains(user.value(atPath: "email")?.stringValue ?? "?"))
        }
        #expect(!replaced.contains { $0.field == "username" })
    }
}
