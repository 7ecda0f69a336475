import JSON
import Services
import TerminalUI
import Translations

/// Editing an object resource from its detail: the form, the production
/// question and the guard before it, and what the answer does.
extension RecordDetailState {
    /// `e` on an object: refused when read-only, the production question
    /// before the run's first write, else the form.
    mutating func edit() -> [Effect] {
        guard let object = record?.json.objectValue, !isSaving else { return [] }
        switch writeAccess {
        case .readOnly(let source):
            message = StatusMessage(WriteAccess.refusal(source), .warning)
        case .confirmFirst:
            message = nil
            confirmation = WriteConfirmation()
        case .open:
            message = nil
            form = ObjectForm.form(for: object, name: resource.name)
        }
        return []
    }

    /// A key at the production question: `yes` opens the form.
    mutating func confirmKey(_ key: Key) -> [Effect] {
        guard var open = confirmation else { return [] }
        switch open.handle(key) {
        case .typing:
            confirmation = open
            return []
        case .cancelled:
            confirmation = nil
            message = StatusMessage(WriteConfirmation.cancelled, .warning)
            return []
        case .confirmed:
            confirmation = nil
            writeAccess = .open
            return [.allowWrites] + edit()
        }
    }

    /// The edit form's answer to a key: still editing, closed, or sent.
    mutating func formKey(_ key: Key) -> [Effect] {
        guard var open = form, let object = record?.json.objectValue else {
            form = nil
            return []
        }
        switch open.handle(key) {
        case .editing:
            form = open
            return []
        case .cancel:
            form = nil
            return []
        case .submit:
            do throws(ObjectForm.Invalid) {
                let changes = try ObjectForm.changes(in: open, of: object)
                form = nil
                guard !changes.isEmpty else {
                    message = StatusMessage(Texts.Detail.unchanged(resource: resource.name))
                    return []
                }
                isSaving = true
                return [.save(changes), .redraw]
            } catch {
                open.error = error.message
                form = open
                return []
            }
        }
    }
}
