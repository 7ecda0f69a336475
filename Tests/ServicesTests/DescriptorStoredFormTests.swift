import Foundation
import Services
import Testing

/// A descriptor's titles, toggle words and labels became data
/// (`DescriptorWords`); what earlier builds stored — the cached catalog,
/// remembered discovery — still reads, and what this build stores reads back.
@Suite struct DescriptorStoredFormTests {
    /// A descriptor as the build before `DescriptorWords` encoded it
    /// (synthesized `Codable`: `namedTitle`, `on`/`off`, `label` as strings).
    static let olderForm = #"""
        {"name":"books","singular":"book","idField":"id","labelField":"title",
         "columns":[
           {"field":"id","kind":"identifier","choices":[],"preferences":{}},
           {"field":"title","namedTitle":"Book title","kind":"text","choices":[],"preferences":{"width":30}},
           {"field":"available","choices":[],"preferences":{}}
         ],
         "relations":[],
         "toggle":{"field":"available","on":"available","off":"not available"},
         "formFields":[
           {"field":"title","label":"Title","kind":"text","isRequired":true,"choices":[],"takesFractions":false},
           {"field":"price","label":"Price","kind":"number","isRequired":false,"choices":[],"minimum":0,
            "takesFractions":true}
         ],
         "pageSize":500,"isObject":false}
        """#

    @Test func whatAnEarlierBuildStoredStillReads() throws {
        let books = try JSONDecoder().decode(ResourceDescriptor.self, from: Data(Self.olderForm.utf8))
        #expect(books.columns.map(\.givenTitle) == [nil, .named("Book title"), nil])
        #expect(books.columns[1].preferences.width == 30)
        #expect(books.columns[0].kind == .identifier)
        #expect(books.toggle?.onWords == .named("available"))
        #expect(books.toggle?.offWords == .named("not available"))
        #expect(books.formFields.map(\.givenLabel) == [.named("Title"), .named("Price")])
        #expect(books.formFields[1].minimum == 0)
        #expect(books.formFields[1].takesFractions)
        #expect(books.formFields[0].isRequired)
    }

    @Test func aNamedWordIsStoredAsEarlierBuildsStoredIt() throws {
        let column = ResourceDescriptor.Column("title", title: "Book title", kind: .text)
        let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(column)) as? [String: Any]
        #expect(object?["namedTitle"] as? String == "Book title")
        #expect(object?["builtInTitle"] == nil)
    }

    @Test func theBuiltInCatalogsWordsReadBackAsKeys() throws {
        let catalog = ResourceCatalog.jsonPlaceholder
        let read = try JSONDecoder().decode(ResourceCatalog.self, from: JSONEncoder().encode(catalog))
        let todos = try #require(read["todos"])
        #expect(todos.columns.map(\.givenTitle) == [nil, .builtIn(.done), .builtIn(.title), .builtIn(.user)])
        #expect(todos.toggle?.onWords == .builtIn(.toggleOn))
        #expect(todos.formFields.map(\.givenLabel) == [.builtIn(.title), .builtIn(.completed), .builtIn(.userID)])
        #expect(read["photos"]?.columns.first { $0.field == "url" }?.givenTitle == .named("URL"))
    }
}
