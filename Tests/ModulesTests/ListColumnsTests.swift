import JSON
import Services
import TerminalUI
import Testing

@testable import Modules

/// The list lays out a resource's columns from their data (kind, choices,
/// the id and label fields, their place), the built-in catalog's
/// preferences and the config file's (issue 24: layout out of Services).
@Suite("List: column layout")
struct ListColumnsTests {
    typealias Column = ResourceDescriptor.Column

    /// Width, alignment and priority of each column as the table gets them.
    static func layout(_ resource: ResourceDescriptor) -> [String] {
        ListColumns.table(resource).map { column in
            let width =
                switch column.width {
                case .fixed(let cells): "\(cells)"
                case .flexible(let weight): "flex\(weight)"
                }
            return "\(width) \(column.alignment) \(column.priority)"
        }
    }

    /// The built-in catalog keeps its alignment, priorities and weights;
    /// it names no width (the drawn widths come from the values,
    /// `ColumnWidths`), so its ids and numbers are laid out as derived.
    @Test func theBuiltInCatalogKeepsItsLayout() throws {
        let catalog = ResourceCatalog.jsonPlaceholder
        let expected: [String: [String]] = [
            "todos": ["6 right 2", "6 center 1", "flex1 left 3", "flex1 right 0"],
            "posts": ["6 right 2", "flex2 left 3", "flex3 left 0", "flex1 right 1"],
            "comments": ["6 right 2", "flex2 left 3", "flex1 left 1", "flex1 right 0"],
            "albums": ["6 right 2", "flex1 left 3", "flex1 right 1"],
            "photos": ["6 right 2", "flex2 left 3", "flex1 left 0", "flex1 right 1"],
            "users": ["6 right 3", "flex2 left 4", "flex1 left 1", "flex2 left 2", "flex1 left 0", "flex1 left 0"],
        ]
        for (name, layout) in expected {
            let resource = try #require(catalog[name])
            #expect(Self.layout(resource) == layout, "\(name)")
        }
        let todos = try #require(catalog["todos"])
        #expect(ListColumns.table(todos).map(\.title) == todos.columns.map(\.title))
        #expect(ListColumns.table(todos).first?.minWidth == 3)
    }

    /// A collection nobody described: its id six cells at the right, kept
    /// longest; the other fields share the rest, dropped right to left.
    @Test func anInferredResourceKeepsItsIDNarrowAndTheRestFlexible() {
        let inferred = ResourceCatalog.inferred(
            name: "books", from: [["title": "Dune", "id": 1, "year": 1965, "tags": ["a"]]])
        #expect(inferred.columns.map(\.field) == ["id", "title", "year"])
        #expect(Self.layout(inferred) == ["6 right 9", "flex1 left 0", "flex1 left 0"])
        #expect(ListColumns.table(inferred).map(\.title) == ["ID", "Title", "Year"])
    }

    /// Columns an API document described, sized by kind and ranked by place.
    @Test func describedColumnsAreSizedByKindAndRankedByPlace() {
        let books = ResourceDescriptor(
            name: "books", labelField: "title",
            columns: [
                Column("id", kind: .integer), Column("title", kind: .text), Column("year", kind: .integer),
                Column("inPrint", kind: .boolean), Column("published", kind: .date), Column("at", kind: .dateTime),
                Column("ref", kind: .uuid), Column("genre", kind: .text, choices: ["novel", "essay"]),
                Column("note", kind: .text),
            ])
        #expect(
            Self.layout(books) == [
                "6 right 9", "flex3 left 8", "8 right 5", "6 center 4", "10 left 3", "20 left 2", "36 left 1",
                "5 left 0", "flex1 left 0",
            ])
        let pets = ResourceDescriptor(
            name: "pets", idField: "slug", columns: [Column("slug", kind: .text), Column("age", kind: .number)])
        #expect(Self.layout(pets) == ["14 left 9", "8 right 6"])
    }

    /// The config file's `width`, `align` and `priority` win; what it does
    /// not name stays as derived; a named title is shown as named.
    @Test func preferencesOverrideWhatTheyName() {
        let books = ResourceDescriptor(
            name: "books",
            columns: [
                Column("id", preferences: .init(width: 5, alignment: "right")),
                Column("title", title: "Name", preferences: .init(weight: 2, priority: 4)),
                Column("year", kind: .identifier, preferences: .init(alignment: "center")),
                Column("author.name"),
            ])
        #expect(Self.layout(books) == ["5 right 0", "flex2 left 4", "6 center 9", "flex1 left 0"])
        #expect(ListColumns.table(books).map(\.title) == ["ID", "Name", "Year", "Name"])
    }
}
