import Foundation
import JSON
import JSONServerCore
import Services
import TestSupport
import Testing

@testable import App

/// A snapshot's description goes in and comes out the same, and the fake
/// environment over a snapshot browses by it instead of JSONPlaceholder's catalogue.
@Suite("Snapshot replay")
struct SnapshotReplayTests {
    /// A catalog with everything a description keeps: labels, widths,
    /// relations both ways, a toggle, a form, an object resource.
    static let catalog = ResourceCatalog(
        [
            ResourceDescriptor(
                name: "authors", singular: "author", idField: "id", labelField: "name",
                columns: [.init("id", width: .fixed(18), priority: 3), .init("name", title: "Who")],
                relations: [.children("books", by: "author_id")], pageSize: 10),
            ResourceDescriptor(
                name: "books", labelField: "title",
                columns: [.init("title", width: .flexible(weight: 3)), .init("year", alignment: .right)],
                relations: [.parent("author", target: "authors", by: "author_id")],
                toggle: .init(field: "available", on: "in", off: "out"),
                formFields: [
                    .init("title", .text, required: true), .init("genre", .text, choices: ["novel", "essay"]),
                    .init("price", .number, fractions: true),
                ]),
            .object(named: "profile"),
        ], source: "openapi.json")

    @Test func theDescriptionRoundTrips() throws {
        let description = SnapshotDescription(
            catalog: Self.catalog, convention: "openapi", baseURL: "http://127.0.0.1:1", counts: ["authors": 23])
        let text = JSONWriter.data(description.json)
        let read = try #require(SnapshotDescription(json: try JSONParser.parse(text)))
        #expect(read == description)
    }

    @Test func theFakeBrowsesASnapshotByItsDescription() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trestle-snap-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("snap.json")
        let description = SnapshotDescription(
            catalog: Self.catalog, convention: "openapi", baseURL: nil, counts: [:])
        let root: JSONValue = [
            SnapshotDescription.key: description.json, "authors": [["id": "a", "name": "A"]],
            "books": [["id": "b", "title": "B", "author_id": "a"]], "profile": ["name": "p"],
        ]
        try JSONWriter.data(root, pretty: true).write(to: file)
        let prepared = try await AppRoot.prepare(
            options: LaunchOptions(environment: "fake", dataFile: file.path),
            environment: ["HOME": folder.path])
        #expect(prepared.catalog.resources == Self.catalog.resources)
        #expect(prepared.catalog.source == Self.catalog.source)
        // Found on the service (its document), without todos: it opens on the start screen, as the service did.
        #expect(prepared.catalog.opening == .startScreen)
        let books = try await prepared.services.api.records(prepared.catalog.descriptor(for: "books"), ListQuery())
        #expect(books.items.count == 1)
        await prepared.services.shutdown()

        // A plain data file keeps the built-in catalogue.
        let plain = folder.appendingPathComponent("plain.json")
        try Data(#"{"todos": [{"id": 1}]}"#.utf8).write(to: plain)
        let other = try await AppRoot.prepare(
            options: LaunchOptions(environment: "fake", dataFile: plain.path), environment: ["HOME": folder.path])
        #expect(other.catalog.names == ResourceCatalog.jsonPlaceholder.names)
        await other.services.shutdown()
    }
}
