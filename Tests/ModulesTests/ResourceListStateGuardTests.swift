import JSON
import Services
import TerminalUI
import TestSupport
import Testing

@testable import Modules

/// The production guard as transitions: a read-only run refuses every write
/// before any effect; production asks for `yes` before the run's first write.
@MainActor
@Suite("Resource list state: the production guard")
struct ResourceListStateGuardTests {
    private func loaded(_ access: WriteAccess) -> ResourceListState {
        var state = ResourceListState.loaded()
        _ = state.apply(.writes(.setAccess(access)))
        return state
    }

    @Test(arguments: [Key.char(" "), .char("n"), .char("e"), .char("d")])
    func aReadOnlyRunRefusesEveryWriteBeforeAnythingIsSent(key: Key) {
        var state = loaded(.readOnly(source: "--read-only"))
        let before = state.records
        #expect(state.press(key) == [])
        #expect(state.status.message == StatusMessage("Read-only: not sent (--read-only)", .warning))
        #expect(state.mode == .browsing)
        #expect(state.records == before)
        #expect(state.writes.isEmpty)
    }

    @Test func productionAsksBeforeTheFirstWriteAndSendsOnYes() {
        var state = loaded(.confirmFirst)
        #expect(state.press(.char(" ")) == [])
        guard case .confirmWrite(_, let intent) = state.mode else {
            Issue.record("no question: \(state.mode)")
            return
        }
        #expect(intent == .toggle)
        #expect(state.current?.json["completed"] == false)
        #expect(state.capturesText)
        state.type("yes")
        #expect(state.press(.enter) == [.allowWrites, .update(id: "1", fields: ["completed": true])])
        #expect(state.mode == .browsing)
        #expect(state.current?.json["completed"] == true)
        // Later writes in the run are not asked again.
        _ = state.apply(
            .writes(
                .answered(
                    .updateConfirmed(
                        id: "1", saved: state.current ?? RecordEntity(id: "1", json: nil), noticeForgets: false))))
        #expect(state.press(.char(" ")) == [.update(id: "1", fields: ["completed": false])])
    }

    @Test(arguments: ["no", "ye", "yess", ""])
    func anythingButYesSendsNothing(answer: String) {
        var state = loaded(.confirmFirst)
        state.press(.char(" "))
        state.type(answer)
        #expect(state.press(.enter) == [])
        #expect(state.mode == .browsing)
        #expect(state.current?.json["completed"] == false)
        #expect(state.status.message == StatusMessage("Not sent: production writes need yes", .warning))
        // Still asked next time.
        state.press(.char(" "))
        #expect(state.mode != .browsing)
    }

    @Test func escAtTheQuestionSendsNothing() {
        var state = loaded(.confirmFirst)
        state.press(.char("d"))
        state.type("ye")
        #expect(state.press(.escape) == [])
        #expect(state.mode == .browsing)
        #expect(state.records.count == Fixtures.todoRecords.count)
    }

    @Test func aConfirmedDeleteStillAsksWhichRecord() {
        var state = loaded(.confirmFirst)
        state.press(.char("d"))
        state.type("yes")
        #expect(state.press(.enter) == [.allowWrites])
        guard case .confirmDelete(let record) = state.mode else {
            Issue.record("no delete question: \(state.mode)")
            return
        }
        #expect(record.id == "1")
        #expect(state.press(.char("y")) == [.delete(id: "1")])
    }

    @Test func aWriteConfirmedOnAnotherScreenIsNotAskedAgain() {
        var state = loaded(.confirmFirst)
        _ = state.apply(.writes(.setAccess(.open)))
        #expect(state.press(.char(" ")) == [.update(id: "1", fields: ["completed": true])])
    }

    @Test func theQuestionShowsAsADialogWithWhatWasTyped() {
        var state = loaded(.confirmFirst)
        state.press(.char(" "))
        state.type("ye")
        let screen = state.screen(Size(rows: 14, cols: 70)).text
        #expect(screen.contains("type yes to write to production"))
        #expect(screen.contains("> ye_"))
    }
}

/// `e` on an object resource under the guard.
@MainActor
@Suite("Record detail state: the production guard")
struct RecordDetailStateGuardTests {
    private func shown(_ access: WriteAccess) -> RecordDetailState {
        var state = RecordDetailState(
            id: "", record: nil, resource: .object(named: "profile"), breadcrumbPrefix: nil, writeAccess: access)
        _ = state.apply(.appeared)
        _ = state.apply(.recordArrived(RecordEntity(id: "", json: ["name": "Demo"])))
        return state
    }

    private func press(_ key: Key, on state: inout RecordDetailState) -> [RecordDetailEffect] {
        state.event(for: key, bindings: .defaults).map { state.apply($0) } ?? []
    }

    @Test func aReadOnlyRunOpensNoForm() {
        var state = shown(.readOnly(source: "TRESTLE_READ_ONLY"))
        #expect(press(.char("e"), on: &state) == [])
        #expect(state.form == nil)
        #expect(state.status.message == StatusMessage("Read-only: not sent (TRESTLE_READ_ONLY)", .warning))
    }

    @Test func productionOpensTheFormAfterYes() {
        var state = shown(.confirmFirst)
        #expect(press(.char("e"), on: &state) == [])
        #expect(state.form == nil)
        #expect(state.confirmation != nil)
        for character in "yes" { _ = press(.char(character), on: &state) }
        #expect(press(.enter, on: &state) == [.allowWrites])
        #expect(state.confirmation == nil)
        #expect(state.form?.title == "Edit profile")
    }
}
