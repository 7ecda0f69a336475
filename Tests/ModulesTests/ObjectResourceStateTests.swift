import JSON
import Services
import TerminalUI
import Testing

@testable import Modules

/// An object resource (`profile`) in the detail screen: shown whole, edited
/// with a form made of its own fields, saved as the fields that changed.
@MainActor
@Suite("Object resources: show and edit")
struct ObjectResourceStateTests {
    static let profile = ResourceDescriptor.object(named: "profile")
    static let object = RecordEntity(
        id: "", json: ["name": "Demo", "visits": 3, "public": true, "owner": ["id": 1], "note": nil])
    let bindings = KeyBindings.defaults

    private func shown() -> RecordDetailState {
        var state = RecordDetailState(id: "", record: nil, resource: Self.profile, breadcrumbPrefix: nil)
        #expect(state.apply(.appeared) == [.loadRecord])
        _ = state.apply(.recordArrived(Self.object))
        return state
    }

    private func press(_ key: Key, on state: inout RecordDetailState) -> [RecordDetailEffect] {
        state.event(for: key, bindings: bindings).map { state.apply($0) } ?? []
    }

    private func type(_ text: String, on state: inout RecordDetailState) {
        for character in text { _ = press(.char(character), on: &state) }
    }

    @Test func itIsNamedByItsResourceAlone() {
        let state = shown()
        #expect(state.breadcrumb == "profile")
        #expect(state.status.resource == "profile")
    }

    @Test func eOpensAFormOfItsScalarFields() {
        var state = shown()
        #expect(press(.char("e"), on: &state).isEmpty)
        let form = try? #require(state.form)
        #expect(form?.title == "Edit profile")
        #expect(form?.fields.map(\.key) == ["name", "visits", "public", "note"])
        #expect(form?.text("visits") == "3")
        #expect(form?.toggle("public") == true)
    }

    @Test func onlyTheChangedFieldsAreSentTypedAsTheyWere() {
        var state = shown()
        _ = press(.char("e"), on: &state)
        _ = press(.ctrl("u"), on: &state)
        type("Renamed", on: &state)
        _ = press(.tab, on: &state)
        _ = press(.ctrl("u"), on: &state)
        type("42", on: &state)
        let effects = press(.enter, on: &state)
        #expect(effects == [.save(["name": "Renamed", "visits": 42]), .redraw])
        #expect(state.form == nil)
        #expect(state.isSaving)
        #expect(state.status.isLoading)
    }

    @Test func aNumberFieldThatIsNotANumberKeepsTheFormOpenAndSaysWhy() {
        var state = shown()
        _ = press(.char("e"), on: &state)
        _ = press(.tab, on: &state)
        type("x", on: &state)
        #expect(press(.enter, on: &state).isEmpty)
        #expect(state.form?.error == "visits must be a number")
    }

    @Test func theAnswerReplacesTheObjectOrTheRefusalIsSaid() {
        var state = shown()
        _ = press(.char("e"), on: &state)
        _ = press(.char("!"), on: &state)
        _ = press(.enter, on: &state)
        let saved = RecordEntity(id: "", json: ["name": "Demo!", "visits": 3])
        #expect(state.apply(.saveConfirmed(saved)) == [.redraw])
        #expect(state.record == saved)
        #expect(state.status.message == StatusMessage("profile saved"))

        _ = press(.char("e"), on: &state)
        _ = press(.char("?"), on: &state)
        _ = press(.enter, on: &state)
        _ = state.apply(.saveRefused(ServiceError(.server(status: 500), "HTTP 500")))
        #expect(state.record == saved)
        #expect(state.status.message?.severity == .error)
        #expect(state.status.message?.text.hasPrefix("profile not saved") == true)
    }

    @Test func escClosesTheFormAndAnUnchangedFormSendsNothing() {
        var state = shown()
        _ = press(.char("e"), on: &state)
        #expect(press(.escape, on: &state).isEmpty)
        #expect(state.form == nil)
        _ = press(.char("e"), on: &state)
        #expect(press(.enter, on: &state).isEmpty)
        #expect(state.status.message == StatusMessage("profile unchanged"))
    }

    @Test func eOnARecordOfACollectionIsNotAnEdit() {
        let users = ResourceCatalog.jsonPlaceholder.descriptor(for: "users")
        var state = RecordDetailState(id: "1", record: nil, resource: users, breadcrumbPrefix: nil)
        _ = state.apply(.recordArrived(RecordEntity(["id": 1, "name": "Ada"], of: users)))
        #expect(state.event(for: .char("e"), bindings: bindings) == nil)
    }
}
