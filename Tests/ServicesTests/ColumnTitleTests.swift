import Services
import Testing

/// Column titles made from field names: words split at case changes and
/// separators, a run of capitals kept as one word.
struct ColumnTitleTests {
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
        #expect(ResourceDescriptor.Column.title(for: field) == title)
    }
}
