import Services
import TerminalUI
import Translations

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

    /// The transition for a write intent, by the run's write access. A
    /// collection nobody described first asks its service which methods
    /// its records take (one question, the first time; keys meanwhile wait).
    mutating func guarded(_ intent: WriteIntent) -> [ResourceListEffect] {
        // A read-only run refuses the intent without asking anything.
        let refused = if case .readOnly = writeAccess { true } else { false }
        if resource.learnsWrites, !resource.isWritable, !refused {
            switch learning {
            case .notAsked:
                guard let record = current ?? records.first, record.hasID else { break }
                learning = .asking(intent)
                // Carried, should the list be made again before the answer (``toggleAsked()``).
                if intent == .toggle { askedToggle = current?.id }
                say(Texts.List.askingWrites(resources: resource.name))
                return [.askWrites(id: record.id)]
            case .asking: return []
            case .answered: break
            }
        }
        return writing(.intent(intent, wouldWrite: wouldWrite(intent)))
    }

    /// The service said which methods the records take: with `PATCH` (or
    /// `PUT`, which sends the whole record), the collection takes writes —
    /// a form and a toggle of its record's fields — and the intent that
    /// asked goes on; else it is read-only, in the service's words.
    mutating func writesAnswered(_ methods: Set<String>?) -> [ResourceListEffect] {
        guard case .asking(let intent) = learning else { return [] }
        learning = .answered
        guard let methods, methods.contains("PATCH") || methods.contains("PUT"),
            let sample = (current ?? records.first)?.json
        else {
            // A Space asked stays carried: a description still on its way may know a toggle.
            let words =
                methods.map {
                    Texts.List.readOnlyAllows(resources: resource.name, methods: $0.sorted().joined(separator: ", "))
                } ?? Texts.List.readOnly(resources: resource.name)
            say(words, .warning)
            return []
        }
        resource = resource.writable(likeRecord: sample)
        if !methods.contains("PATCH") { resource.route = resource.replacingOnUpdate() }
        askedToggle = nil
        message = nil
        return guarded(intent)
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

/// Whether a collection nobody described has asked its service which
/// methods its records take (``ResourceListState/guarded(_:)``).
enum WriteLearning: Equatable, Sendable {
    case notAsked
    /// Asked at `intent`, which goes on when the service says it takes writes.
    case asking(WriteIntent)
    case answered
}
