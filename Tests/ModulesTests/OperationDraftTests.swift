import JSON
import Services
import TerminalUI
import Testing

@testable import Modules

/// An operation's form: fields from its parameters and body, required
/// ones marked, defaults and record values filled in, enums picked with
/// ← →, and the request typed as the document says.
@Suite("Operation form")
struct OperationDraftTests {
    static let checkout = ServiceOperation(
        method: "POST", path: "/books/{book_id}/checkout", summary: "Check a book out",
        fields: [
            OperationField(name: "book_id", location: .path, isRequired: true),
            OperationField(name: "notify", location: .query, kind: .boolean),
            OperationField(name: "X-Request-Id", location: .header),
            OperationField(name: "reader", location: .body, isRequired: true, hint: "Who borrows the book"),
            OperationField(name: "days", location: .body, kind: .integer, defaultValue: "14"),
            OperationField(
                name: "format", location: .body, choices: ["paper", "ebook", "audio"], defaultValue: "paper"),
            OperationField(name: "express", location: .body, kind: .boolean, isRequired: true),
            OperationField(name: "tags", location: .body, kind: .array),
        ], bodyType: "application/json", requiresBody: true)

    static func focus(_ form: inout Form, _ key: String) -> Bool {
        form.moveFocus(to: key)
    }

    static func typing(_ text: String, into form: inout Form) {
        for character in text { _ = form.handle(.char(character)) }
    }

    @Test func theFormMarksRequiredFieldsAndFillsDefaultsAndGivenValues() {
        let form = OperationDraft.form(for: Self.checkout, values: ["path:book_id": "b 1"])
        #expect(form.title == "POST /books/{book_id}/checkout")
        #expect(
            form.fields.map(\.label) == [
                "book_id *", "notify", "X-Request-Id", "reader *", "days", "format", "express *", "tags",
            ])
        #expect(form.text("path:book_id") == "b 1")
        #expect(form.text("body:days") == "14")
        #expect(form.text("body:format") == "paper")
        // A required boolean is a switch; an optional one stays text (empty: not sent).
        #expect(form.toggle("body:express") == false)
        #expect(form.text("query:notify") == "")
        #expect(OperationDraft.hint(Self.checkout.fields[3]) == "body · string · required · Who borrows the book")
        #expect(OperationDraft.hint(Self.checkout.fields[5]).contains("paper, ebook, audio"))
    }

    @Test func theRequestFillsThePathAndTypesTheBody() throws {
        var form = OperationDraft.form(for: Self.checkout, values: ["path:book_id": "b 1/2"])
        #expect(Self.focus(&form, "body:reader"))
        Self.typing("Ann", into: &form)
        #expect(Self.focus(&form, "body:tags"))
        Self.typing(#"["a", 2]"#, into: &form)
        #expect(Self.focus(&form, "query:notify"))
        Self.typing("true", into: &form)
        let request = try OperationDraft.request(Self.checkout, from: form)
        #expect(request.method == "POST")
        #expect(request.path == "/books/b%201%2F2/checkout")
        #expect(request.query == [.init("notify", "true")])
        #expect(request.headers.isEmpty)  // empty optional fields are not sent
        let body = try #require(request.body?.objectValue)
        #expect(body["reader"] == .string("Ann"))
        #expect(body["days"] == .int(14))
        #expect(body["format"] == .string("paper"))
        #expect(body["express"] == .bool(false))
        #expect(body["tags"] == .array([.string("a"), .int(2)]))
    }

    @Test func aMissingRequiredFieldOrABadNumberIsOneLineAboutThatField() {
        var form = OperationDraft.form(for: Self.checkout, values: ["path:book_id": "b1"])
        #expect(throws: OperationDraft.Invalid(message: "reader must not be empty", field: "body:reader")) {
            try OperationDraft.request(Self.checkout, from: form)
        }
        form.moveFocus(to: "body:reader")
        Self.typing("Ann", into: &form)
        form.moveFocus(to: "body:days")
        _ = form.handle(.ctrl("u"))
        Self.typing("two", into: &form)
        #expect(throws: OperationDraft.Invalid(message: "days must be a whole number", field: "body:days")) {
            try OperationDraft.request(Self.checkout, from: form)
        }
        let noID = OperationDraft.form(for: Self.checkout)
        #expect(throws: OperationDraft.Invalid.self) { try OperationDraft.request(Self.checkout, from: noID) }
    }

    @Test func theArrowsPickAmongAnEnumsValues() {
        let format = Self.checkout.fields[5]
        #expect(OperationDraft.choice(after: "paper", in: format, step: 1) == "ebook")
        #expect(OperationDraft.choice(after: "audio", in: format, step: 1) == "paper")
        #expect(OperationDraft.choice(after: "paper", in: format, step: -1) == "audio")
        #expect(OperationDraft.choice(after: "vinyl", in: format, step: 1) == "paper")
        #expect(OperationDraft.choice(after: "x", in: Self.checkout.fields[0], step: 1) == nil)
    }

    @Test func aRecordFillsTheTemplatesOfTheOperationsThatTakeIt() {
        let catalog = OperationCatalog([
            Self.checkout, ServiceOperation(method: "GET", path: "/stats"),
            ServiceOperation(method: "POST", path: "/authors/{author_id}/books/{book_id}/move"),
        ])
        var books = ResourceDescriptor(name: "books", columns: [])
        books.route = ResourceRoute(path: "/books", paging: .none)
        let record = RecordEntity(id: "b1", json: .object(JSONObject([("id", .string("b1"))])))
        let entries = OperationsModule.entries(for: .record(books, record), in: catalog, collections: [books])
        #expect(entries.map(\.operation.title) == ["POST /books/{book_id}/checkout"])
        #expect(entries.first?.values == ["path:book_id": "b1"])
        let wide = OperationsModule.entries(for: .service, in: catalog, collections: [books])
        #expect(wide.map(\.operation.title) == ["GET /stats", "POST /authors/{author_id}/books/{book_id}/move"])
    }
}
