import Testing
import Translations

/// Titles made from field names (a column's, a form field's): words split at case changes and
/// separators, a run of capitals kept as one word.
struct FieldTitleTests {
    @Test(arguments: [
        ("id", "ID"),
        ("userId", "User Id"),
        ("categoryID", "Category ID"),
        ("OrderID", "Order ID"),
        ("HTMLTitle", "HTML Title"),
        ("in_print", "In Print"),
        ("first-name", "First Name"),
        ("address.city", "City"),
        ("URL", "URL"),
        ("isbn13", "Isbn13"),
    ])
    func aFieldNameBecomesWords(field: String, title: String) {
        #expect(FieldTitle.words(for: field) == title)
    }
}
