import JSON
import Services
import TerminalUI
import Testing

@testable import Modules

/// The list's new/edit form as a child state, alone: keys edit it, Esc
/// closes it, a submit that is wrong stays open with the reason, and a
/// valid one asks the parent to write its fields to its target.
struct ListFormTests {
    private static let books = ResourceDescriptor(
        name: "books", labelField: "title", columns: [.init("id"), .init("title")],
        formFields: [
            .init("title", .text, required: true),
            .init("year", .number, required: true, minimum: 1400, maximum: 2100),
            .init("genre", .text, choices: ["novel", "poetry", "essay"]),
        ])

    private static func type(_ text: String, into form: inout ListForm) {
        for character in text { #expect(form.apply(.key(.char(character))).isEmpty) }
    }

    @Test func aWrongSubmitStaysOpenWithTheReasonAndAValidOneWritesToItsPlaceholder() {
        var form = ListForm(new: "new-1", of: Self.books, defaults: [])
        #expect(form.apply(.key(.enter)).isEmpty, "the title is required")
        #expect(form.form.error != nil)
        Self.type("Dune", into: &form)
        _ = form.apply(.key(.tab))
        Self.type("1300", into: &form)
        #expect(form.apply(.key(.enter)).isEmpty, "before 1400")
        for _ in 0..<4 { _ = form.apply(.key(.backspace)) }
        Self.type("1965", into: &form)
        #expect(
            form.apply(.key(.enter)) == [
                .submit(["title": "Dune", "year": 1965], to: .new(placeholderID: "new-1"))
            ], "an empty optional choice is left out")
    }

    @Test func anEditFormSubmitsToItsRecordAndEscClosesIt() {
        let emma = RecordEntity(id: "3", json: ["id": 3, "title": "Emma", "year": 1815, "genre": "novel"])
        var form = ListForm(editing: emma, of: Self.books)
        #expect(form.target == .edit(emma))
        #expect(
            form.apply(.key(.enter)) == [.submit(["title": "Emma", "year": 1815, "genre": "novel"], to: .edit(emma))])
        #expect(form.apply(.key(.escape)) == [.close])
    }
}
