import JSON
import Services
import TerminalUI
import Translations

/// The list's new/edit form: a child state of `ResourceListState`, in the
/// manner of TCA's `Scope`. It holds the form's fields and what a submitted
/// form goes to, takes the keys while it is open, and checks a submitted
/// form against the resource's field descriptions: what is wrong shows in
/// the form, a valid form closes with the JSON fields to write.
///
/// It sends nothing: its effects tell the parent to close it or to write
/// the fields (optimistically, through the writes' guard).
struct ListForm: ScreenState, Equatable, Sendable {
    /// What a form's values go to when it is submitted.
    enum Target: Equatable, Sendable {
        /// A new record, shown as `placeholderID` until the server names it.
        case new(placeholderID: String)
        /// The record being edited, as it was when the form opened.
        case edit(RecordEntity)
    }

    enum Event: Equatable, Sendable {
        /// A key while the form is open.
        case key(Key)
    }

    enum Effect: Equatable, Sendable {
        /// Esc: the form closes, nothing is written.
        case close
        /// The form is valid: it closes and `fields` are written to `target`.
        case submit(JSONObject, to: Target)
    }

    /// What is wrong with a submitted form.
    struct FormError: Error {
        var message: String
    }

    /// The fields as typed, and the error of the last submit.
    private(set) var form: Form
    let target: Target
    /// The resource whose field descriptions the form follows.
    let resource: ResourceDescriptor

    /// The form for a new record, the list's `filters` as its defaults.
    init(new placeholderID: String, of resource: ResourceDescriptor, defaults filters: [ListQuery.Filter]) {
        form = Self.form(for: resource, record: nil, defaults: filters)
        target = .new(placeholderID: placeholderID)
        self.resource = resource
    }

    /// The form for editing `record`.
    init(editing record: RecordEntity, of resource: ResourceDescriptor) {
        form = Self.form(for: resource, record: record, defaults: [])
        target = .edit(record)
        self.resource = resource
    }

    mutating func apply(_ event: Event) -> [Effect] {
        guard case .key(let key) = event else { return [] }
        switch form.handle(key) {
        case .editing: return []
        case .cancel: return [.close]
        case .submit:
            do throws(FormError) {
                return [.submit(try Self.fields(of: form, resource: resource), to: target)]
            } catch {
                form.error = error.message
                return []
            }
        }
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
}
