import Services
import TerminalUI

/// The production guard: every write intent (Space, n, e, d) passes here
/// first. A read-only run refuses it with one line before anything is sent;
/// a production run asks for `yes` before its first write; after that, or
/// anywhere else, the intent goes on as it always did.
///
/// The child state `ListWrites` decides; the parent holds the question
/// (`mode`) and sends the intents and the answers through the writes'
/// scope (``ResourceListState/writesScope``).
extension ResourceListState {
    // What the child holds, as the rest of the list reads it.
    /// Writes sent and not yet answered, by record id (a new record: its placeholder id).
    var writes: [String: PendingWrite] { writing.pending }
    /// Whether writes go out, are refused or wait for a `yes` (the run's,
    /// as it was when the screen last showed).
    var writeAccess: WriteAccess { writing.access }

    /// The transition for a write intent, by the run's write access.
    mutating func guarded(_ intent: WriteIntent) -> [ResourceListEffect] {
        writing(.intent(intent, wouldWrite: wouldWrite(intent)))
    }

    /// A key while the production question is open.
    mutating func confirmKey(_ key: Key) -> [ResourceListEffect] {
        guard case .confirmWrite(var confirmation, let intent) = mode else { return [] }
        switch confirmation.handle(key) {
        case .typing:
            mode = .confirmWrite(confirmation, then: intent)
            return []
        case .cancelled:
            mode = .browsing
            say(WriteConfirmation.cancelled, .warning)
            return []
        case .confirmed:
            mode = .browsing
            return writing(.confirmed(intent))
        }
    }

    /// The intent, let through.
    mutating func perform(_ intent: WriteIntent) -> [ResourceListEffect] {
        switch intent {
        case .toggle: return toggleCurrent()
        case .new(let placeholderID): return beginNew(placeholderID: placeholderID)
        case .edit: return beginEdit()
        case .delete: return askToDelete()
        }
    }

    /// The production question for `intent`.
    mutating func ask(_ intent: WriteIntent) {
        message = nil
        mode = .confirmWrite(WriteConfirmation(), then: intent)
    }

    /// Whether `intent` would lead to a write here (else it is not worth a question).
    private func wouldWrite(_ intent: WriteIntent) -> Bool {
        let onRecord = current.map { $0.hasID && !writing.isSaving($0.id) } ?? false
        switch intent {
        case .toggle: return resource.toggle != nil && onRecord
        case .new: return resource.isWritable
        case .edit, .delete: return resource.isWritable && onRecord
        }
    }
}
