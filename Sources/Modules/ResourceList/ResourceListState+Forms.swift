import Foundation
import JSON
import Services
import TerminalUI
import Translations

/// What the list shows over its table: nothing, a form or a confirmation.
enum ResourceListMode: Equatable, Sendable {
    /// What a form's values go to when it is submitted.
    enum FormTarget: Equatable, Sendable {
        /// A new record, shown as `placeholderID` until the server names it.
        case new(placeholderID: String)
        /// The record being edited, as it was when the form opened.
        case edit(RecordEntity)
    }

    case browsing
    case form(Form, for: FormTarget)
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
        case .form(let form, _): return .form(form)
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
    /// What is wrong with a submitted form.
    struct FormError: Error {
        var message: String
    }

    mutating func beginNew(placeholderID: String) -> [ResourceListEffect] {
        guard isWritable() else { return [] }
        mode = .form(Self.form(for: resource, record: nil, defaults: filters), for: .new(placeholderID: placeholderID))
        return []
    }

    mutating func beginEdit() -> [ResourceListEffect] {
        guard isWritable(), let record = writableCurrent() else { return [] }
        mode = .form(Self.form(for: resource, record: record, defaults: []), for: .edit(record))
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

    mutating func formKey(_ key: Key) -> [ResourceListEffect] {
        guard case .form(var form, let target) = mode else { return [] }
        switch form.handle(key) {
        case .editing:
            mode = .form(form, for: target)
        case .cancel:
            mode = .browsing
        case .submit:
            do throws(FormError) {
                let fields = try Self.fields(of: form, resource: resource)
                mode = .browsing
                switch target {
                case .new(let placeholderID): return create(fields, placeholderID: placeholderID)
                case .edit(let record): return write(record, fields: fields, toggled: nil)
                }
            } catch {
                form.error = error.message
                mode = .form(form, for: target)
            }
        }
        return []
    }

    /// The form for a new record (`record` nil, the list's filters as
    /// defaults) or for editing `record`.
    static func form(for resource: ResourceDescriptor, record: RecordEntity?, defaults: [ListQuery.Filter]) -> Form {
        let fields = resource.formFields.map { spec -> Form.Field in
            let value =
                record?.json[spec.field]
                ?? defaults.first { $0.field == spec.field && $0.op == .equal }.map { .string($0.value) }
            switch spec.kind {
            case .bool:
                return Form.Field(label: spec.label, key: spec.field, kind: .toggle(value?.boolValue ?? false))
            case .text, .number:
                // Documented values show beside the label: `Genre (novel/poetry/essay)`.
                let choices = spec.choices.joined(separator: "/")
                let label = spec.choices.isEmpty ? spec.label : "\(spec.label) (\(choices))"
                return Form.Field(label: label, key: spec.field, kind: .text(LineEditor(RecordEntity.text(value))))
            }
        }
        let title =
            record.map { Texts.List.editTitle(resource: resource.singular, id: $0.id) }
            ?? Texts.List.newTitle(resource: resource.singular)
        return Form(title: title, fields: fields)
    }

    /// The JSON fields a submitted form writes, or what is wrong with it.
    static func fields(of form: Form, resource: ResourceDescriptor) throws(FormError) -> JSONObject {
        var object = JSONObject()
        for spec in resource.formFields {
            switch spec.kind {
            case .bool:
                object[spec.field] = .bool(form.toggle(spec.field) ?? false)
            case .text:
                let text = form.text(spec.field) ?? ""
                if spec.isRequired || spec.field == resource.labelField,
                    text.trimmingCharacters(in: .whitespaces).isEmpty
                {
                    throw FormError(message: Texts.Form.mustNotBeEmpty(field: spec.label))
                }
                if !spec.choices.isEmpty, !text.isEmpty || spec.isRequired, !spec.choices.contains(text) {
                    throw FormError(
                        message: Texts.Form.oneOf(field: spec.label, choices: spec.choices.joined(separator: ", ")))
                }
                if text.isEmpty, !spec.choices.isEmpty { continue }
                object[spec.field] = .string(text)
            case .number:
                let text = (form.text(spec.field) ?? "").trimmingCharacters(in: .whitespaces)
                if text.isEmpty {
                    if spec.isRequired { throw FormError(message: Texts.Form.mustNotBeEmpty(field: spec.label)) }
                    continue
                }
                guard let number = Int(text) else {
                    if spec.takesFractions, let fraction = Double(text), fraction.isFinite {
                        object[spec.field] = .double(fraction)
                        continue
                    }
                    throw FormError(
                        message: spec.takesFractions
                            ? Texts.Form.number(field: spec.label) : Texts.Form.wholeNumber(field: spec.label))
                }
                if let minimum = spec.minimum, number < minimum {
                    throw FormError(message: Texts.Form.atLeast(field: spec.label, minimum: minimum))
                }
                if let maximum = spec.maximum, number > maximum {
                    throw FormError(message: Texts.Form.atMost(field: spec.label, maximum: maximum))
                }
                object[spec.field] = .int(number)
            }
        }
        return object
    }
}
