import Foundation
import JSON
import JSONServerCore
import Modules
import Services
import TerminalUI
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
                columns: [
                    .init("id", kind: .uuid, preferences: .init(width: 18, priority: 3)),
                    .init("name", title: "Who", kind: .text), .init("genre", kind: .text, choices: ["novel", "essay"]),
                ],
                relations: [.children("books", by: "author_id")], pageSize: 10),
            ResourceDescriptor(
                name: "books", labelField: "title",
                columns: [
                    .init("title", preferences: .init(weight: 3)),
                    .init("year", preferences: .init(alignment: "right")),
                ],
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

    /// The built-in catalog's layout lives in the list (`ListColumns`), by
    /// schema; a snapshot keeps it as preferences, so a replay (no schema)
    /// draws the same columns.
    @Test func aSnapshotOfTheBuiltInCatalogKeepsItsLayout() throws {
        let catalog = ResourceCatalog.jsonPlaceholder
        let description = SnapshotDescription(catalog: catalog, convention: "json-server", baseURL: nil, counts: [:])
        let read = try #require(SnapshotDescription(json: try JSONParser.parse(JSONWriter.data(description.json))))
        for resource in catalog.resources {
            let replayed = try #require(read.catalog[resource.name])
            #expect(replayed.schema == nil)
            #expect(ListColumns.table(replayed) == ListColumns.table(resource), "\(resource.name)")
        }
    }

    /// A description written when columns carried their layout (every one
    /// with title, width or weight, alignment and priority) reads as
    /// preferences and draws as it did.
    @Test func anOlderDescriptionsLayoutReadsAsPreferences() throws {
        let older: JSONValue = [
            "version": 1, "convention": "json-server", "baseURL": .null, "source": "config",
            "resources": [
                [
                    "name": "books", "singular": "book", "idField": "id", "pageSize": 500,
                    "columns": [
                        ["field": "id", "title": "ID", "alignment": "right", "priority": 9, "width": 6],
                        ["field": "title", "title": "Title", "alignment": "left", "priority": 0, "weight": 2],
                    ],
                ]
            ],
        ]
        let books = try #require(SnapshotDescription(json: older)?.catalog["books"])
        #expect(
            books.columns == [
                .init("id", title: "ID", preferences: .init(width: 6, alignment: "right", priority: 9)),
                .init("title", title: "Title", preferences: .init(weight: 2, alignment: "left", priority: 0)),
            ])
        #expect(
            ListColumns.table(books) == [
                TableColumn("ID", width: .fixed(6), minWidth: 3, alignment: .right, priority: 9),
                TableColumn("Title", width: .flexible(weight: 2), minWidth: 6, alignment: .left, priority: 0),
            ])
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
