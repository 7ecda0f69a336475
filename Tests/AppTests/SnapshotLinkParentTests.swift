import Foundation
import JSON
import JSONServerCore
import OpenAPIServices
import Services
import Testing

@testable import App

/// A parent named by a link (HAL's `_links.author.href`): the snapshot
/// follows the link once, keeps the record it answers and writes that
/// record's id beside the link under the link's name, and the description's
/// relation reads that plain foreign key, which the replay can follow.
@Suite("Snapshot: link parents become foreign keys")
struct SnapshotLinkParentTests {
    /// Books 1–4, book n linking to `/books/n/author`, which answers author (n + 1) / 2.
    struct LinkedSource: SnapshotSource {
        static let base = "http://127.0.0.1:9/api"

        func records(_ resource: ResourceDescriptor, _ query: ListQuery) async throws(ServiceError)
            -> Listing<JSONValue>
        {
            let items: [JSONValue] =
                resource.name == "books"
                ? (1...4).map(Self.book) : [Self.author(1)]
            return Listing(items: items, totalCount: items.count, fetchedAt: Date(), origin: .network)
        }

        func record(_ resource: ResourceDescriptor, id: String) async throws(ServiceError) -> JSONValue {
            guard resource.name == "authors", id.hasPrefix(Self.base + "/books/"), id.hasSuffix("/author"),
                let book = Int(id.dropFirst((Self.base + "/books/").count).dropLast("/author".count))
            else { throw ServiceError(.notFound, "no \(id)") }
            return Self.author((book + 1) / 2)
        }

        static func book(_ number: Int) -> JSONValue {
            [
                "id": .int(number), "title": .string("Book \(number)"),
                "_links": [
                    "self": ["href": .string("\(base)/books/\(number)")],
                    "author": ["href": .string("\(base)/books/\(number)/author")],
                ],
            ]
        }

        static func author(_ number: Int) -> JSONValue {
            [
                "id": .int(number), "name": .string("Author \(number)"),
                "_links": ["self": ["href": .string("\(base)/authors/\(number)")]],
            ]
        }
    }

    static let catalog = ResourceCatalog([
        ResourceDescriptor(
            name: "authors", labelField: "name", columns: [.init("id"), .init("name")],
            relations: [ResourceDescriptor.Relation("books", .children(foreignKey: "author"))]),
        ResourceDescriptor(
            name: "books", labelField: "title", columns: [.init("id"), .init("title")],
            relations: [.parent("author", target: "authors", by: "_links.author.href")]),
    ])

    @Test func aLinkedParentIsKeptAndItsIDWrittenBesideTheLink() async throws {
        let walker = SnapshotWalker(source: LinkedSource(), catalog: Self.catalog, options: .init(limit: nil))
        let outcome = await walker.walk()
        let books = outcome.records("books")
        #expect(books.map { $0["author"] } == [.int(1), .int(1), .int(2), .int(2)])
        // Right after the id, so a record shows one line more.
        #expect(books[0].objectValue?.map(\.key).prefix(2) == ["id", "author"])
        #expect(books[0].value(atPath: "_links.author.href") == .string(LinkedSource.base + "/books/1/author"))
        let authors = try #require(outcome.resources.first { $0.name == "authors" })
        #expect(outcome.records("authors").compactMap { $0["id"]?.intValue } == [1, 2])
        #expect(authors.parentsAdded == 1)
        #expect(outcome.relationsKept == 4)
        #expect(outcome.dangling == 0)
        // Each link asked once: two pages, four links.
        #expect(outcome.requests == 6)
    }

    @Test func theDescriptionReadsTheKeptKey() throws {
        let description = SnapshotDescription(catalog: Self.catalog, convention: "hal", baseURL: nil, counts: [:])
        let read = try #require(SnapshotDescription(json: description.json))
        #expect(read.catalog["books"]?.relations.first?.kind == .parent(foreignKey: "author"))
        #expect(read.catalog["authors"]?.relations.first?.kind == .children(foreignKey: "author"))
    }

    /// `trestle serve`'s `/db` of data holding one collection looks like an
    /// envelope of it; it is no collection of the service.
    @Test func theDatabaseOfOneCollectionIsNoCollection() throws {
        let database = JSONDatabase(collections: [("books", [["id": 1, "title": "A"]])])
        let document = OpenAPIGenerator(database: database, dialect: .v0).document
        let catalog = try OpenAPIDescription.read(JSONWriter.data(document), location: "openapi.json").catalog
        #expect(catalog.names == ["books"])
    }
}
