import JSON
import Services

/// A write sent and not yet answered, with what settling or undoing it needs.
enum PendingWrite: Equatable, Sendable {
    /// `fields` written to `original`; they are re-applied over any page that
    /// arrives meanwhile. `toggled`: the new value of a toggle (`nil`: an edit).
    case update(original: RecordEntity, fields: JSONObject, toggled: Bool?)
    /// A new record, shown under its placeholder id until the server names it.
    case create
    /// A deleted record and where it stood, to put it back if the server refuses.
    case delete(RecordEntity, position: Int?)
}

/// A write the user asked for, held while the production question is open.
enum WriteIntent: Equatable, Sendable {
    case toggle
    case new(placeholderID: String)
    case edit
    case delete
}

/// The list's writes and their guard: a child state of `ResourceListState`,
/// in the manner of TCA's `Scope`. It holds the run's write access (as it
/// was when the screen last showed) and the writes sent and not yet
/// answered, by record id. It decides whether a write intent goes on, is
/// refused (a read-only run) or waits for `yes` (production), and what each
/// answer of the server means: the write kept, or undone.
///
/// It knows nothing of the rows or the screen: its effects tell the parent
/// what to send, show, undo and say, and its scope in the parent
/// (``ResourceListState/writesScope``) makes each the list's effect or step.
struct ListWrites: ScreenState, Equatable, Sendable {
    /// Whether writes go out, are refused or wait for a `yes`.
    private(set) var access: WriteAccess
    /// Writes sent and not yet answered, by record id (a new record: its placeholder id).
    private(set) var pending: [String: PendingWrite] = [:]

    init(access: WriteAccess) {
        self.access = access
    }

    /// Whether a write to the record `id` is still unanswered (a second is not sent).
    func isSaving(_ id: String) -> Bool { pending[id] != nil }

    mutating func apply(_ event: Event) -> [Effect] {
        switch event {
        case .setAccess(let access):
            self.access = access
            return []
        case .intent(let intent, let wouldWrite): return guarded(intent, wouldWrite: wouldWrite)
        case .confirmed(let intent):
            access = .open
            return [.allowWrites, .perform(intent)]
        case .update(let original, let fields, let toggled):
            pending[original.id] = .update(original: original, fields: fields, toggled: toggled)
            return [.sendUpdate(id: original.id, fields: fields)]
        case .create(let placeholderID, let fields):
            pending[placeholderID] = .create
            return [.sendCreate(placeholderID: placeholderID, fields: fields)]
        case .delete(let record, let position):
            pending[record.id] = .delete(record, position: position)
            return [.sendDelete(id: record.id)]
        case .answered(let answer): return answered(answer)
        }
    }

    /// A write intent, by the run's write access: it goes on, is refused
    /// with one line, or (production, and it would write) waits for `yes`.
    private func guarded(_ intent: WriteIntent, wouldWrite: Bool) -> [Effect] {
        switch access {
        case .open: return [.perform(intent)]
        case .readOnly(let source): return [.refuse(source: source)]
        // Nothing to ask about (no toggle, no record): the intent says why itself.
        case .confirmFirst: return wouldWrite ? [.ask(intent)] : [.perform(intent)]
        }
    }

    /// The server's answer to a write: settled if it was pending (an
    /// answer to nothing sent, or of another kind, changes nothing shown).
    private mutating func answered(_ answer: Answer) -> [Effect] {
        switch answer {
        case .updateConfirmed(let id, let saved, let notice):
            guard case .update(_, _, let toggled)? = pending.removeValue(forKey: id) else { return [] }
            return [.saved(id: id, saved, toggled: toggled, notice: notice)]
        case .updateRefused(let id, let failure):
            guard case .update(let original, _, _)? = pending.removeValue(forKey: id) else { return [] }
            return [.notSaved(id: id, original: original, failure)]
        case .createConfirmed(let placeholderID, let saved, let notice):
            guard pending.removeValue(forKey: placeholderID) != nil else { return [] }
            return [.created(placeholderID: placeholderID, saved: saved, notice: notice)]
        case .createRefused(let placeholderID, let failure):
            guard pending.removeValue(forKey: placeholderID) != nil else { return [] }
            return [.notCreated(placeholderID: placeholderID, failure)]
        case .deleteConfirmed(let id, let notice):
            guard pending.removeValue(forKey: id) != nil else { return [] }
            return [.deleted(id: id, notice: notice)]
        case .deleteRefused(let id, let failure):
            guard case .delete(let record, let position)? = pending.removeValue(forKey: id) else { return [] }
            return [.notDeleted(id: id, record, position: position, failure)]
        }
    }

    /// `records` with the fields of unanswered updates over them.
    func applyingPending(_ records: [RecordEntity]) -> [RecordEntity] {
        let fieldsByID = pending.compactMapValues { write -> JSONObject? in
            guard case .update(_, let fields, _) = write else { return nil }
            return fields
        }
        guard !fieldsByID.isEmpty else { return records }
        return records.map { record in
            guard let fields = fieldsByID[record.id], var object = record.json.objectValue else { return record }
            for (key, value) in fields { object[key] = value }
            return RecordEntity(id: record.id, json: .object(object))
        }
    }
}
