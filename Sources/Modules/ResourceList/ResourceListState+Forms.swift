import Foundation
import JSON
import Services
import TerminalUI
import Translations

/// What the list shows over its table: nothing, a form or a confirmation.
enum ResourceListMode: Equatable, Sendable {
    case browsing
    /// The new/edit form (a child state: its own events and effects).
    case form(ListForm)
    case confirmDelete(RecordEntity)
    /// The production question, and the write it holds.
    case confirmWrite(WriteConfirmation, then: WriteIntent)

    var capturesText: Bool {
        if case .browsing = self { return false }
        return true
    }

    func overlay(resource: ResourceDescriptor) -> ResourceListViewModel.Overlay? {
        switch self {
        case .browsing: return nil
        case .form(let form): return .form(form.form)
        case .confirmDelete(let record):
            return .confirm(
                Dialog(
                    title: Texts.List.deleteTitle(resource: resource.singular),
                    lines: [
                        Texts.List.deleteQuestion(
                            resource: resource.singular, record: record.label(resource, width: 40))
                    ],
                    hints: Texts.List.deleteHints))
        case .confirmWrite(let confirmation, _):
            return .confirm(confirmation.dialog)
        }
    }
}

/// The new/edit form and the delete question: opening them, their keys,
/// and what a submitted form writes.
extension ResourceListState {
    mutating func beginNew(placeholderID: String) -> [ResourceListEffect] {
        guard isWritable() else { return [] }
        mode = .form(ListForm(new: placeholderID, of: resource, defaults: filters))
        return []
    }

    mutating func beginEdit() -> [ResourceListEffect] {
        guard isWritable(), let record = writableCurrent() else { return [] }
        mode = .form(ListForm(editing: record, of: resource))
        return []
    }

    mutating func askToDelete() -> [ResourceListEffect] {
        guard isWritable(), let record = writableCurrent() else { return [] }
        mode = .confirmDelete(record)
        return []
    }

    /// Whether the resource takes writes; says so when it does not.
    private mutating func isWritable() -> Bool {
        guard resource.isWritable else {
            say(Texts.List.readOnly(resources: resource.name), .warning)
            return false
        }
        return true
    }

    /// The record under the cursor if it can be written now; says why when
    /// it is still saving.
    private mutating func writableCurrent() -> RecordEntity? {
        guard let record = current, record.hasID else { return nil }
        guard !writing.isSaving(record.id) else {
            say(Texts.List.stillSaving(resource: resource.singular.capitalized, id: record.id), .warning)
            return nil
        }
        return record
    }
}
