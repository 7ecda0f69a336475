import Services
import TerminalUI

/// A write the user asked for, held while the production question is open.
enum WriteIntent: Equatable, Sendable {
    case toggle
    case new(placeholderID: String)
    case edit
    case delete
}

/// The production guard: every write intent (Space, n, e, d) passes here
/// first. A read-only run refuses it with one line before anything is sent;
/// a production run asks for `yes` before its first write; after that, or
/// anywhere else, the intent goes on as it always did.
extension ResourceListState {
    /// The transition for a write intent, by the run's write access.
    mutating func guarded(_ intent: WriteIntent) -> [ResourceListEffect] {
        switch writeAccess {
        case .open:
            return perform(intent)
        case .readOnly(let source):
            say(WriteAccess.refusal(source), .warning)
            return []
        case .confirmFirst:
            // Nothing to ask about (no toggle, no record): the intent says why itself.
            guard wouldWrite(intent) else { return perform(intent) }
            message = nil
            mode = .confirmWrite(WriteConfirmation(), then: intent)
            return []
        }
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
            writeAccess = .open
            return [.allowWrites] + perform(intent)
        }
    }

    private mutating func perform(_ intent: WriteIntent) -> [ResourceListEffect] {
        switch intent {
        case .toggle: return toggleCurrent()
        case .new(let placeholderID): return beginNew(placeholderID: placeholderID)
        case .edit: return beginEdit()
        case .delete: return askToDelete()
        }
    }

    /// Whether `intent` would lead to a write here (else it is not worth a question).
    private func wouldWrite(_ intent: WriteIntent) -> Bool {
        let onRecord = current.map { $0.hasID && writes[$0.id] == nil } ?? false
        switch intent {
        case .toggle: return resource.toggle != nil && onRecord
        case .new: return resource.isWritable
        case .edit, .delete: return resource.isWritable && onRecord
        }
    }
}
