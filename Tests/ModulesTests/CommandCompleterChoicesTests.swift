import Modules
import Services
import Testing

/// Values an API document lists for a field (`enum`) are offered after `field=`.
@Suite("Completion of documented values")
struct CommandCompleterChoicesTests {
    static let books: ResourceDescriptor = {
        var books = ResourceDescriptor(name: "books", columns: [.init("id"), .init("title")])
        var route = ResourceRoute(path: "/books")
        route.choices = ["genre": ["novel", "poetry", "essay"]]
        books.route = route
        return books
    }()

    @Test func aFieldWithDocumentedValuesOffersThem() {
        let completer = CommandCompleter(catalog: ResourceCatalog([Self.books]))
        #expect(
            completer.completions(for: "books genre=") == [
                "books genre=novel", "books genre=poetry", "books genre=essay",
            ])
        #expect(completer.completions(for: "books genre=po") == ["books genre=poetry"])
        #expect(completer.completions(for: "books genre!=e") == ["books genre!=essay"])
        // The field itself is offered though it is no column.
        #expect(completer.completions(for: "books ge") == ["books genre="])
    }
}
