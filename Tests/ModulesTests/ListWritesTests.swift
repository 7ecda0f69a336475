import JSON
import Services
import Testing

@testable import Modules

/// The list's writes and their guard as a child state, alone: which
/// intents go on, are refused or wait for `yes`, one write per record in
/// flight, and what each answer of the server asks the list to do.
struct ListWritesTests {
    private static let todo = RecordEntity(id: "1", json: ["id": 1, "title": "a", "completed": false])
    private static let offline = ServiceError(.offline, "Cannot connect")

    @Test func theRunsAccessDecidesWhetherAnIntentGoesOnIsRefusedOrAsked() {
        var open = ListWrites(access: .open)
        #expect(open.apply(.intent(.edit, wouldWrite: true)) == [.perform(.edit)])
        var readOnly = ListWrites(access: .readOnly(source: "--read-only"))
        #expect(readOnly.apply(.intent(.delete, wouldWrite: true)) == [.refuse(source: "--read-only")])
        var production = ListWrites(access: .confirmFirst)
        #expect(production.apply(.intent(.toggle, wouldWrite: false)) == [.perform(.toggle)], "nothing to ask about")
        #expect(production.apply(.intent(.toggle, wouldWrite: true)) == [.ask(.toggle)])
        #expect(production.apply(.confirmed(.toggle)) == [.allowWrites, .perform(.toggle)])
        #expect(production.access == .open, "asked once")
        #expect(production.apply(.intent(.delete, wouldWrite: true)) == [.perform(.delete)])
        _ = production.apply(.setAccess(.confirmFirst))
        #expect(production.apply(.intent(.delete, wouldWrite: true)) == [.ask(.delete)], "the run's access again")
    }

    @Test func aWriteIsSentAndPendingUntilItsAnswer() {
        var writes = ListWrites(access: .open)
        let effects = writes.apply(.update(original: Self.todo, fields: ["completed": true], toggled: true))
        #expect(effects == [.sendUpdate(id: "1", fields: ["completed": true])])
        #expect(writes.isSaving("1"))
        #expect(writes.applyingPending([Self.todo])[0].json["completed"] == true, "a page that comes shows the write")
        #expect(
            writes.apply(.answered(.updateConfirmed(id: "1", saved: Self.todo, noticeForgets: true)))
                == [.saved(id: "1", Self.todo, toggled: true, notice: true)])
        #expect(!writes.isSaving("1"))
        #expect(
            writes.apply(.answered(.updateConfirmed(id: "1", saved: Self.todo, noticeForgets: false))).isEmpty, "once")
    }

    @Test func aRefusedWriteIsUndoneWithWhatItNeeds() {
        var writes = ListWrites(access: .open)
        _ = writes.apply(.update(original: Self.todo, fields: ["title": "b"], toggled: nil))
        #expect(
            writes.apply(.answered(.updateRefused(id: "1", Self.offline))) == [
                .notSaved(id: "1", original: Self.todo, Self.offline)
            ])
        _ = writes.apply(.delete(Self.todo, position: 4))
        #expect(
            writes.apply(.answered(.deleteRefused(id: "1", Self.offline))) == [
                .notDeleted(id: "1", Self.todo, position: 4, Self.offline)
            ])
        _ = writes.apply(.create(placeholderID: "new-1", fields: ["title": "c"]))
        #expect(
            writes.apply(.answered(.createRefused(placeholderID: "new-1", Self.offline))) == [
                .notCreated(placeholderID: "new-1", Self.offline)
            ])
        #expect(writes.pending.isEmpty)
    }

    @Test func anAnswerToAWriteOfAnotherKindUndoesNothing() {
        var writes = ListWrites(access: .open)
        _ = writes.apply(.create(placeholderID: "new-1", fields: [:]))
        #expect(writes.apply(.answered(.deleteRefused(id: "new-1", Self.offline))).isEmpty)
        #expect(writes.apply(.answered(.updateRefused(id: "2", Self.offline))).isEmpty, "nothing was sent to 2")
        #expect(writes.apply(.answered(.createRefused(placeholderID: "new-9", Self.offline))).isEmpty, "nor a new-9")
        #expect(writes.apply(.answered(.deleteConfirmed(id: "2", noticeForgets: false))).isEmpty)
        let saved = RecordEntity(id: "7", json: ["id": 7])
        #expect(
            writes.apply(.answered(.createConfirmed(placeholderID: "new-1", saved: saved, noticeForgets: false)))
                .isEmpty)
    }
}
