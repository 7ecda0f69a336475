import JSON
import Services
import TerminalUI
import TestSupport
import Testing

@testable import Modules

/// The list reduces its five children through `Scope`: a child's effect
/// becomes work for the presenter or a step of the list itself, reduced at
/// once in the same `apply` (no effect is left for the list to map by hand).
@MainActor
@Suite("Resource list scopes")
struct ResourceListScopeTests {
    /// A child that counts and asks its parent to note each count, then for work.
    struct Tally: ScreenState {
        enum Event { case add }
        enum Effect { case report(Int), work }
        var count = 0

        mutating func apply(_ event: Event) -> [Effect] {
            count += 1
            return [.report(count), .work]
        }
    }

    /// A parent that holds a `Tally` and keeps a log of its own.
    struct Notebook: ScreenState {
        enum Event { case tally(Tally.Event), note(String) }
        enum Effect: Equatable { case noted(String), work }
        var tally = Tally()
        var notes: [String] = []

        static var tallyScope: Scope<Self, Tally> {
            Scope(
                state: \.tally, embed: Event.tally, extract: { if case .tally(let event) = $0 { event } else { nil } }
            ) {
                effect, notebook in
                switch effect {
                case .report(let count):
                    return [.event(.note("count \(count), notes before: \(notebook.notes.count)"))]
                case .work: return [.effect(.work)]
                }
            }
        }

        mutating func apply(_ event: Event) -> [Effect] {
            if let effects = Self.tallyScope.reduce(&self, event) { return effects }
            guard case .note(let text) = event else { return [] }
            notes.append(text)
            return [.noted(text)]
        }
    }

    @Test func aChildsEffectBecomesAParentsEventReducedInTheSameApplyInOrder() {
        var notebook = Notebook()
        let effects = notebook.apply(.tally(.add))
        #expect(notebook.tally.count == 1)
        #expect(notebook.notes == ["count 1, notes before: 0"], "the parent's event was reduced at once")
        #expect(effects == [.noted("count 1, notes before: 0"), .work], "in the order the child asked")
        _ = notebook.apply(.tally(.add))
        #expect(notebook.notes.last == "count 2, notes before: 1")
        #expect(Notebook.tallyScope.reduce(&notebook, .note("own")) == nil, "the parent's own event is not the child's")
    }

    /// A write's answer (the writes child's `.saved`) puts the server's
    /// record in place and filters the rows again, and says so — one apply,
    /// no effect left over.
    @Test func aWritesAnswerRefiltersTheRowsInTheSameApply() {
        var state = ResourceListState.loaded()
        _ = state.apply(.setFilter("milk"))
        #expect(state.ids == ["1"])
        #expect(state.press(.char(" ")) == [.update(id: "1", fields: ["completed": true])])
        // The server answers with its own version: renamed, so it no longer matches.
        var object = state.records[0].json.objectValue ?? JSONObject()
        object["title"] = "buy oat drink"
        let saved = RecordEntity(id: "1", json: .object(object))
        let effects = state.apply(.writes(.answered(.updateConfirmed(id: "1", saved: saved, noticeForgets: false))))
        #expect(effects.isEmpty)
        #expect(state.ids.isEmpty, "the saved row was filtered again")
        #expect(state.records.first { $0.id == "1" }?.json["title"] == "buy oat drink")
        #expect(state.status.message == StatusMessage("Todo 1 marked done"))
        #expect(state.writes.isEmpty)
    }

    /// A refused delete (the writes child's `.notDeleted`) puts the row back
    /// where it stood, with the cursor's record kept, in the same apply.
    @Test func aRefusedDeletePutsTheRowBackInTheSameApply() {
        var state = ResourceListState.loaded()
        state.press(.char("j"))
        state.press(.char("d"))
        #expect(state.apply(.confirmDelete) == [.delete(id: "2")])
        #expect(state.ids == ["1", "3", "4", "5"])
        let failure = ServiceError(.server(status: 500), "Server answered 500")
        #expect(state.apply(.writes(.answered(.deleteRefused(id: "2", failure)))).isEmpty)
        #expect(state.ids == ["1", "2", "3", "4", "5"])
        #expect(state.status.message?.severity == .error)
    }

    /// A watch fetch's answer marks the rows it changed; the watch's
    /// effects read the list's own query (its server search) as they come.
    @Test func aWatchFetchMarksChangedRowsAndAsksForTheListsOwnQuery() {
        var state = ResourceListState.loaded()
        #expect(state.apply(.watch(.set(.seconds(5)))) == [.scheduleWatch(after: .seconds(5))])
        #expect(state.apply(.watchTimerFired) == [.revalidate(state.expectedQuery(page: 1))])
        var records = Fixtures.todoRecords
        records[1] = ["userId": 1, "id": 2, "title": "write 日本語 report", "completed": false]
        _ = state.apply(.firstPage(records, total: 5))
        #expect(state.changedIDs == ["2"])
        #expect(state.apply(.watchFetchFinished) == [.scheduleWatch(after: .seconds(5))])
        state.press(.char("j"))
        #expect(state.changedIDs.isEmpty, "the cursor visited the changed row")
    }

    /// Esc while walking (the pages child's `.stopWalk`): the walk's load is
    /// cancelled (the presenter's work) and the status line says where it
    /// stopped (a step of the list), in the same apply.
    @Test func escWhileWalkingCancelsTheLoadAndSaysWhereItStopped() {
        var paged = ResourceDescriptor.todos
        paged.pageSize = 100
        var state = ResourceListState(resource: paged, filters: [])
        _ = state.apply(.start)
        _ = state.apply(.firstPage(todoRecords(100), total: nil, resource: paged))
        #expect(state.press(.char("G")) == [.loadPage(2, state.expectedQuery(page: 2))])
        #expect(state.isWalking)
        #expect(state.outcome(of: .escape) == .event(.pages(.stopWalk)))
        #expect(state.press(.escape) == [.cancelPageLoad])
        #expect(!state.isWalking)
        #expect(state.status.message == StatusMessage("Stopped paging at 100 — G goes on"))
    }

    /// The form is a child only while it is open: a form key without one
    /// changes nothing; Esc in it closes it (the form's `.close`, a step of the list).
    @Test func theFormIsReducedOnlyWhileOpenAndClosesThroughItsScope() {
        var state = ResourceListState.loaded()
        let before = state
        #expect(state.apply(.form(.key(.escape))).isEmpty)
        #expect(state == before)
        state.press(.char("e"))
        #expect(state.openForm != nil)
        #expect(state.outcome(of: .escape) == .event(.form(.key(.escape))))
        #expect(state.press(.escape).isEmpty)
        #expect(state.mode == .browsing)
    }
}
