import JSON
import Services
import TerminalUI
import TestSupport
import Testing

@testable import Modules

/// Writes as transitions: each shows at once and returns the request to
/// send; the test answers for the server.
@MainActor
@Suite("Resource list state: writes")
struct ResourceListStateWriteTests {
    let todo1 = RecordEntity(Fixtures.todoRecords[0], of: .todos)

    /// Todo 1 as the server answers a toggle of it.
    private var doneTodo1: RecordEntity {
        var object = todo1.json.objectValue ?? JSONObject()
        object["completed"] = true
        return RecordEntity(id: "1", json: .object(object))
    }

    @Test func spaceTogglesAtOnceAndKeepsTheServersAnswer() {
        var state = ResourceListState.loaded()
        #expect(state.press(.char(" ")) == [.update(id: "1", fields: ["completed": true])])
        #expect(state.current?.json["completed"] == true)
        #expect(state.status.isLoading)
        _ = state.apply(.writes(.answered(.updateConfirmed(id: "1", saved: doneTodo1, noticeForgets: false))))
        #expect(state.current?.json["completed"] == true)
        #expect(!state.status.isLoading)
        #expect(state.status.message == StatusMessage("Todo 1 marked done"))
    }

    /// A service that answers an update with only what it changed (or its
    /// record read only in the list, the fields sent): the row keeps the
    /// rest, with the answer's fields over it.
    @Test func anAnswerWithLessThanTheRecordLeavesTheRestOfTheRow() {
        var state = ResourceListState.loaded()
        _ = state.press(.char(" "))
        let answer = RecordEntity(id: "1", json: ["completed": true, "updatedAt": "2026-11-29"])
        _ = state.apply(.writes(.answered(.updateConfirmed(id: "1", saved: answer, noticeForgets: false))))
        #expect(state.current?.json["title"] == todo1.json["title"])
        #expect(state.current?.json["completed"] == true)
        #expect(state.current?.json["updatedAt"] == "2026-11-29")
        #expect(state.status.message == StatusMessage("Todo 1 marked done"))
    }

    /// The server's answer comes after the user moved on: the cursor stays
    /// where the user put it (an answer used to pull it back to the record).
    @Test func aLateAnswerLeavesTheCursorWhereTheUserMovedIt() {
        var state = ResourceListState.loaded()
        state.press(.char(" "))
        state.press(.char("j"))
        state.press(.char("j"))
        #expect(state.current?.id == "3")
        _ = state.apply(.writes(.answered(.updateConfirmed(id: "1", saved: doneTodo1, noticeForgets: false))))
        #expect(state.current?.id == "3")
        #expect(state.records.first { $0.id == "1" }?.json["completed"] == true)
    }

    @Test func aRefusedToggleRollsBackWithAMessage() {
        var state = ResourceListState.loaded()
        state.press(.char(" "))
        #expect(state.current?.json["completed"] == true)
        _ = state.apply(
            .writes(.answered(.updateRefused(id: "1", ServiceError(.server(status: 500), "Server answered 500")))))
        #expect(state.current?.json["completed"] == false)
        #expect(state.status.message?.severity == .error)
        #expect(state.status.message?.text == "Todo 1 not saved (server answered 500) — rolled back")
        #expect(state.writes.isEmpty)
    }

    @Test func aServerThatForgetsWritesIsNamedWhenTheNoticeIsDue() {
        var state = ResourceListState.loaded()
        state.press(.char(" "))
        _ = state.apply(.writes(.answered(.updateConfirmed(id: "1", saved: doneTodo1, noticeForgets: true))))
        #expect(
            state.status.message
                == StatusMessage("Todo 1 marked done — this server accepts writes but does not keep them", .warning))
        // A toggle clears the last word; the notice is not said twice.
        #expect(state.press(.char(" ")) == [.update(id: "1", fields: ["completed": false])])
        #expect(state.status.message == nil)
        _ = state.apply(.writes(.answered(.updateConfirmed(id: "1", saved: todo1, noticeForgets: false))))
        #expect(state.status.message?.text == "Todo 1 marked not done")
    }

    @Test func aListArrivingDuringAWriteKeepsThePendingToggle() {
        var state = ResourceListState.loaded()
        state.press(.char(" "))
        #expect(state.press(.char("r")) == [.observe(state.expectedQuery(page: 1), force: true)])
        _ = state.apply(.firstPage(Fixtures.todoRecords, total: 5))
        #expect(!state.isLoading)
        #expect(state.current?.json["completed"] == true)
        _ = state.apply(.writes(.answered(.updateConfirmed(id: "1", saved: doneTodo1, noticeForgets: false))))
        #expect(state.current?.json["completed"] == true)
        // Once settled, the next page shows what the server has.
        _ = state.apply(.firstPage(Fixtures.todoRecords, total: 5))
        #expect(state.current?.json["completed"] == false)
    }

    @Test func aSecondToggleWhileSavingIsRefused() {
        var state = ResourceListState.loaded()
        state.press(.char(" "))
        #expect(state.press(.char(" ")).isEmpty)
        #expect(state.status.message == StatusMessage("Todo 1 is still saving", .warning))
        // Nor can it be edited or deleted meanwhile.
        #expect(state.press(.char("e")).isEmpty)
        #expect(state.mode == .browsing)
        state.press(.char("d"))
        #expect(state.mode == .browsing)
    }

    @Test func nOpensAFormAndEnterCreatesTheRecord() {
        var state = ResourceListState.loaded()
        state.press(.char("n"))
        #expect(state.capturesText)
        let form = state.screen(Size(rows: 16, cols: 70))
        #expect(form.contains("New todo"))
        #expect(form.contains("Title:"))
        #expect(form.contains("User id:"))
        state.type("new thing")
        state.press(.tab)
        state.press(.tab)
        state.type("1")  // the user a todo belongs to is required
        let fields: JSONObject = ["title": "new thing", "completed": false, "userId": 1]
        #expect(state.press(.enter) == [.create(placeholderID: "new-test", fields: fields)])
        #expect(!state.capturesText)
        // Shown at once, before the server answers.
        #expect(state.screen().contains("new thing"))
        #expect(state.status.isLoading)
        var saved = fields
        saved["id"] = 6
        _ = state.apply(
            .writes(
                .answered(
                    .createConfirmed(
                        placeholderID: "new-test", saved: RecordEntity(id: "6", json: .object(saved)),
                        noticeForgets: false)
                )))
        #expect(state.status.message?.text == "Todo 6 created")
        #expect(state.records.map(\.id) == ["1", "2", "3", "4", "5", "6"])
        #expect(state.current?.id == "6")
        #expect(state.status.count == "6")
        #expect(!state.status.isLoading)
    }

    @Test func aNewRecordInAFilteredListGetsTheFilterAsDefault() {
        var mine = ResourceListState.loaded(
            Array(Fixtures.todoRecords[3...]), filters: [ListQuery.Filter("userId", "2")])
        #expect(mine.ids == ["4", "5"])
        mine.press(.char("n"))
        mine.type("for two")
        #expect(
            mine.press(.enter)
                == [.create(placeholderID: "new-test", fields: ["title": "for two", "completed": false, "userId": 2])])
    }

    @Test func aFailedCreateRemovesThePlaceholder() {
        var state = ResourceListState.loaded()
        state.press(.char("n"))
        state.type("doomed")
        state.press(.tab)
        state.press(.tab)
        state.type("1")
        state.press(.enter)
        #expect(state.records.count == 6)
        _ = state.apply(
            .writes(.answered(.createRefused(placeholderID: "new-test", ServiceError(.offline, "Cannot connect")))))
        #expect(state.status.message?.text == "New todo not created (server unreachable) — rolled back")
        #expect(state.status.message?.severity == .error)
        #expect(state.records.count == 5)
        #expect(state.status.count == "5")
    }

    @Test func anInvalidFormStaysOpenAndSaysWhy() {
        var state = ResourceListState.loaded()
        state.press(.char("n"))
        #expect(state.press(.enter).isEmpty)
        #expect(state.capturesText)
        #expect(state.screen(Size(rows: 16, cols: 70)).contains("Title must not be empty"))
        state.type("ok")
        state.press(.tab)
        state.press(.tab)
        state.type("x")
        #expect(state.press(.enter).isEmpty)
        #expect(state.screen(Size(rows: 16, cols: 70)).contains("User id must be a whole number"))
        // A todo needs its user: an empty id is refused too, not sent without it.
        state.press(.backspace)
        #expect(state.press(.enter).isEmpty)
        #expect(state.screen(Size(rows: 16, cols: 70)).contains("User id must not be empty"))
        state.press(.escape)
        #expect(!state.capturesText)
        #expect(state.records.count == 5)
    }

    @Test func eEditsTheRecordUnderTheCursor() {
        var state = ResourceListState.loaded()
        state.press(.char("e"))
        #expect(state.screen(Size(rows: 16, cols: 70)).contains("Edit todo 1"))
        state.type(" and eggs")
        let fields: JSONObject = ["title": "buy milk and eggs", "completed": false, "userId": 1]
        #expect(state.press(.enter) == [.update(id: "1", fields: fields)])
        #expect(state.current?.json["title"] == "buy milk and eggs")
        _ = state.apply(
            .writes(.answered(.updateConfirmed(id: "1", saved: state.current ?? todo1, noticeForgets: false))))
        #expect(state.status.message?.text == "Todo 1 saved")
    }

    @Test func dAsksFirstAndYDeletes() {
        var state = ResourceListState.loaded()
        state.press(.char("j"))
        #expect(state.press(.char("d")).isEmpty)
        #expect(state.screen(Size(rows: 16, cols: 70)).contains("Delete todo 2 write 日本語 report?"))
        // Other keys leave the question open.
        #expect(state.outcome(of: .char("x")) == .handled)
        #expect(state.press(.char("y")) == [.delete(id: "2")])
        #expect(state.records.map(\.id) == ["1", "3", "4", "5"])
        #expect(state.status.count == "4")
        #expect(state.status.isLoading)
        _ = state.apply(.writes(.answered(.deleteConfirmed(id: "2", noticeForgets: false))))
        #expect(state.status.message?.text == "Todo 2 deleted")
        #expect(state.records.map(\.id) == ["1", "3", "4", "5"])
    }

    @Test func nAtTheDeleteQuestionKeepsTheRecord() {
        var state = ResourceListState.loaded()
        state.press(.char("d"))
        #expect(state.capturesText)
        #expect(state.press(.char("n")).isEmpty)
        #expect(!state.capturesText)
        #expect(state.records.count == 5)
    }

    @Test func aRefusedDeleteRestoresTheRecordInPlace() {
        var state = ResourceListState.loaded()
        state.press(.char("j"))
        state.press(.char("d"))
        state.press(.char("y"))
        _ = state.apply(
            .writes(.answered(.deleteRefused(id: "2", ServiceError(.server(status: 500), "Server answered 500")))))
        #expect(state.status.message?.text == "Todo 2 not deleted (server answered 500) — restored")
        #expect(state.records.map(\.id) == ["1", "2", "3", "4", "5"])
        #expect(state.status.count == "5")
    }

    @Test func aReadOnlyResourceSaysSo() {
        let comments = ResourceCatalog.jsonPlaceholder.descriptor(for: "comments")
        var state = ResourceListState.loaded(
            [["id": 1, "postId": 1, "name": "c", "email": "e", "body": "b"]], resource: comments)
        #expect(state.press(.char("n")).isEmpty)
        #expect(!state.capturesText)
        #expect(state.status.message?.text == "comments are read-only here")
        #expect(state.press(.char(" ")).isEmpty)
        #expect(state.press(.char("e")).isEmpty)
        #expect(state.press(.char("d")).isEmpty)
        #expect(state.mode == .browsing)
    }
}

/// A documented form: enum values are offered in the label and checked,
/// number bounds are checked, before anything is sent.
@MainActor
@Suite("Resource list state: documented forms")
struct DocumentedFormTests {
    static let books = ResourceDescriptor(
        name: "books", labelField: "title", columns: [.init("id"), .init("title")],
        formFields: [
            .init("title", .text, required: true),
            .init("year", .number, required: true, minimum: 1400, maximum: 2100),
            .init("genre", .text, required: true, choices: ["novel", "poetry", "essay"]),
        ])

    func fields(_ title: String, _ year: String, _ genre: String) -> Result<JSONObject, ListForm.FormError> {
        var form = ListForm.form(for: Self.books, record: nil, defaults: [])
        for (index, text) in [title, year, genre].enumerated() {
            if case .text = form.fields[index].kind { form.fields[index].kind = .text(LineEditor(text)) }
        }
        do throws(ListForm.FormError) {
            return .success(try ListForm.fields(of: form, resource: Self.books))
        } catch {
            return .failure(error)
        }
    }

    func message(_ result: Result<JSONObject, ListForm.FormError>) -> String? {
        if case .failure(let error) = result { return error.message }
        return nil
    }

    @Test func boundsAndChoicesAreCheckedBeforeSending() {
        #expect(
            ListForm.form(for: Self.books, record: nil, defaults: []).fields[2].label
                == "Genre (novel/poetry/essay)")
        #expect(message(fields("Dune", "1200", "novel")) == "Year must be at least 1400")
        #expect(message(fields("Dune", "2200", "novel")) == "Year must be at most 2100")
        #expect(message(fields("Dune", "1965", "space opera")) == "Genre must be one of novel, poetry, essay")
        let sent = try? fields("Dune", "1965", "novel").get()
        #expect(sent == ["title": "Dune", "year": 1965, "genre": "novel"])
    }
}
