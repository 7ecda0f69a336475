import Foundation
import JSON
import Services
import TerminalUI

/// What the list shows over its table: nothing, a form or a confirmation.
enum ResourceListMode {
    case browsing
    /// The new/edit form; `editing` is the record being edited (`nil`: new).
    case form(Form, editing: RecordEntity?)
    case confirmDelete(RecordEntity)

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
                    title: "Delete \(resource.singular)",
                    lines: ["Delete \(resource.singular) \(record.label(resource, width: 40))?"],
                    hints: "y deletes · n or Esc keeps it"))
        }
    }
}

/// Writes: toggle, new, edit, delete. Each is optimistic: the list changes
/// at once and is rolled back, with a message, when the server refuses.
extension ResourceListPresenter {
    func handleModal(_ key: Key) -> ScreenCommand? {
        switch mode {
        case .browsing:
            return nil
        case .confirmDelete(let record):
            switch key {
            case .char("y"), .char("Y"):
                mode = .browsing
                delete(record)
            case .char("n"), .char("N"), .escape, .char("q"):
                mode = .browsing
            default:
                break
            }
            return .handled
        case .form(var form, let editing):
            switch form.handle(key) {
            case .editing:
                mode = .form(form, editing: editing)
            case .cancel:
                mode = .browsing
            case .submit:
                do throws(FormError) {
                    let fields = try Self.fields(of: form, resource: resource)
                    mode = .browsing
                    if let editing { save(fields, to: editing) } else { create(fields) }
                } catch {
                    form.error = error.message
                    mode = .form(form, editing: editing)
                }
            }
            return .handled
        }
    }

    func beginWrite(_ action: Action?) -> ScreenCommand {
        guard resource.isWritable else {
            say("\(resource.name) are read-only here", .warning)
            return .handled
        }
        switch action {
        case .new?:
            mode = .form(Self.form(for: resource, record: nil, defaults: interactor.filters), editing: nil)
        case .edit?, .delete?:
            guard let record = current, record.hasID else { return .handled }
            guard writeTasks[record.id] == nil else {
                say("\(resource.singular.capitalized) \(record.id) is still saving", .warning)
                return .handled
            }
            mode =
                action == .edit
                ? .form(Self.form(for: resource, record: record, defaults: []), editing: record)
                : .confirmDelete(record)
        default:
            break
        }
        return .handled
    }

    // MARK: - The loaded records
    /// Puts `record` in place of the one with its id (or at the end) and redraws.
    func replace(_ record: RecordEntity) {
        if let index = records.firstIndex(where: { $0.id == record.id }) {
            records[index] = record
        } else {
            records.append(record)
            paging.adjustTotal(by: 1)
        }
        refilter(keeping: record.id)
    }

    /// Puts `record` back at `position` (an undone delete).
    func insertRecord(_ record: RecordEntity, at position: Int) {
        records.insert(record, at: min(position, records.count))
        paging.adjustTotal(by: 1)
    }

    /// Drops the record with `id`.
    func remove(_ id: String) {
        guard let index = records.firstIndex(where: { $0.id == id }) else { return }
        records.remove(at: index)
        paging.adjustTotal(by: -1)
        refilter(keeping: nil)
    }

    // MARK: - Toggle
    func toggleCurrent() {
        guard let toggle = resource.toggle else { return }
        guard let record = current, record.hasID else { return }
        guard writeTasks[record.id] == nil else {
            say("\(resource.singular.capitalized) \(record.id) is still saving", .warning)
            return
        }
        let newValue = !(record.json[toggle.field]?.boolValue ?? false)
        var fields = JSONObject()
        fields[toggle.field] = .bool(newValue)
        clearMessage()
        write(record, fields: fields) { saved in
            let state = (saved.json[toggle.field]?.boolValue ?? newValue) ? toggle.on : toggle.off
            return "\(self.resource.singular.capitalized) \(record.id) marked \(state)"
        }
    }

    // MARK: - Edit, new, delete
    private func save(_ fields: JSONObject, to record: RecordEntity) {
        write(record, fields: fields) { _ in "\(self.resource.singular.capitalized) \(record.id) saved" }
    }

    /// Applies `fields` at once, sends them, and settles or rolls back.
    private func write(
        _ record: RecordEntity, fields: JSONObject, success: @escaping @MainActor (RecordEntity) -> String
    ) {
        var changed = record.json.objectValue ?? JSONObject()
        for (key, value) in fields { changed[key] = value }
        pendingFields[record.id] = fields
        replace(RecordEntity(id: record.id, json: .object(changed)))
        writeTasks[record.id] = Task { [weak self, interactor] in
            do throws(ServiceError) {
                let saved = try await interactor.update(record.id, fields)
                self?.settle(record.id, saved: saved, text: success(saved))
            } catch {
                self?.rollBack(record, error, verb: "not saved")
            }
        }
    }

    private func create(_ fields: JSONObject) {
        let placeholder = "new-\(UUID().uuidString.prefix(8))"
        var object = fields
        object[resource.idField] = .string("…")
        let pending = RecordEntity(id: placeholder, json: .object(object))
        replace(pending)
        writeTasks[placeholder] = Task { [weak self, interactor, resource] in
            do throws(ServiceError) {
                let saved = try await interactor.create(fields)
                guard let self else { return }
                self.writeTasks[placeholder] = nil
                self.remove(placeholder)
                self.replace(saved)
                self.report("\(resource.singular.capitalized) \(saved.id) created")
            } catch {
                guard let self else { return }
                self.writeTasks[placeholder] = nil
                self.remove(placeholder)
                self.say("New \(resource.singular) not created (\(error.shortReason)) — rolled back", .error)
            }
        }
    }

    private func delete(_ record: RecordEntity) {
        guard writeTasks[record.id] == nil else {
            say("\(resource.singular.capitalized) \(record.id) is still saving", .warning)
            return
        }
        let position = records.firstIndex { $0.id == record.id }
        remove(record.id)
        writeTasks[record.id] = Task { [weak self, interactor, resource] in
            do throws(ServiceError) {
                try await interactor.delete(record.id)
                guard let self else { return }
                self.writeTasks[record.id] = nil
                self.report("\(resource.singular.capitalized) \(record.id) deleted")
            } catch {
                guard let self else { return }
                self.writeTasks[record.id] = nil
                self.restore(record, at: position)
                self.say(
                    "\(resource.singular.capitalized) \(record.id) not deleted (\(error.shortReason)) — restored",
                    .error)
            }
        }
    }

    private func settle(_ id: String, saved: RecordEntity, text: String) {
        writeTasks[id] = nil
        pendingFields[id] = nil
        replace(saved)
        report(text)
    }

    private func rollBack(_ original: RecordEntity, _ failure: ServiceError, verb: String) {
        writeTasks[original.id] = nil
        pendingFields[original.id] = nil
        replace(original)
        say(
            "\(resource.singular.capitalized) \(original.id) \(verb) (\(failure.shortReason)) — rolled back", .error)
    }

    /// Says what happened; once per screen, that the server forgets writes.
    private func report(_ text: String) {
        if !interactor.serverKeepsWrites && context.notices.first("server forgets writes") {
            say("\(text) — this server accepts writes but does not keep them", .warning)
        } else {
            say(text)
        }
    }

    // MARK: - Forms
    struct FormError: Error {
        var message: String
    }

    static func form(for resource: ResourceDescriptor, record: RecordEntity?, defaults: [ListQuery.Filter]) -> Form {
        let fields = resource.formFields.map { spec -> Form.Field in
            let value = record?.json[spec.field] ?? defaults.first { $0.field == spec.field }.map { .string($0.value) }
            switch spec.kind {
            case .bool:
                return Form.Field(label: spec.label, key: spec.field, kind: .toggle(value?.boolValue ?? false))
            case .text, .number:
                return Form.Field(label: spec.label, key: spec.field, kind: .text(LineEditor(RecordEntity.text(value))))
            }
        }
        let title = record.map { "Edit \(resource.singular) \($0.id)" } ?? "New \(resource.singular)"
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
                    throw FormError(message: "\(spec.label) must not be empty")
                }
                object[spec.field] = .string(text)
            case .number:
                let text = (form.text(spec.field) ?? "").trimmingCharacters(in: .whitespaces)
                if text.isEmpty {
                    if spec.isRequired { throw FormError(message: "\(spec.label) must not be empty") }
                    continue
                }
                guard let number = Int(text) else { throw FormError(message: "\(spec.label) must be a whole number") }
                object[spec.field] = .int(number)
            }
        }
        return object
    }

    private func restore(_ record: RecordEntity, at position: Int?) {
        let selected = current?.id
        if let position, position <= records.count {
            insertRecord(record, at: position)
        } else {
            replace(record)
        }
        refilter(keeping: selected ?? record.id)
    }
}
