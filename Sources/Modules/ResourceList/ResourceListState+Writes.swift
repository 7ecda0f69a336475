import JSON
import Services
import Translations

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

/// Writes: toggle, edit, new, delete. Each is optimistic: the list changes
/// at once and is rolled back, with a message, when the server refuses.
extension ResourceListState {
    mutating func toggleCurrent() -> [ResourceListEffect] {
        guard let toggle = resource.toggle else { return [] }
        guard let record = current, record.hasID else { return [] }
        guard writes[record.id] == nil else { return stillSaving(record) }
        let newValue = !(record.json[toggle.field]?.boolValue ?? false)
        var fields = JSONObject()
        fields[toggle.field] = .bool(newValue)
        message = nil
        return write(record, fields: fields, toggled: newValue)
    }

    /// Applies `fields` at once and sends them.
    mutating func write(_ record: RecordEntity, fields: JSONObject, toggled: Bool?) -> [ResourceListEffect] {
        var changed = record.json.objectValue ?? JSONObject()
        for (key, value) in fields { changed[key] = value }
        writes[record.id] = .update(original: record, fields: fields, toggled: toggled)
        replace(RecordEntity(id: record.id, json: .object(changed)))
        return [.update(id: record.id, fields: fields)]
    }

    mutating func create(_ fields: JSONObject, placeholderID: String) -> [ResourceListEffect] {
        var object = fields
        object[resource.idField] = .string("…")
        writes[placeholderID] = .create
        // The cursor goes to the new row.
        replace(RecordEntity(id: placeholderID, json: .object(object)), keeping: placeholderID)
        return [.create(placeholderID: placeholderID, fields: fields)]
    }

    mutating func confirmDelete() -> [ResourceListEffect] {
        guard case .confirmDelete(let record) = mode else { return [] }
        mode = .browsing
        guard writes[record.id] == nil else { return stillSaving(record) }
        let position = records.firstIndex { $0.id == record.id }
        remove(record.id)
        writes[record.id] = .delete(record, position: position)
        return [.delete(id: record.id)]
    }

    private mutating func stillSaving(_ record: RecordEntity) -> [ResourceListEffect] {
        say(Texts.List.stillSaving(resource: resource.singular.capitalized, id: record.id), .warning)
        return []
    }

    // MARK: - Answers
    mutating func updateConfirmed(_ id: String, saved: RecordEntity, notice: Bool) -> [ResourceListEffect] {
        guard case .update(_, _, let toggled)? = writes.removeValue(forKey: id) else { return [] }
        replace(saved)
        let singular = resource.singular.capitalized
        if let toggled, let toggle = resource.toggle {
            let state = (saved.json[toggle.field]?.boolValue ?? toggled) ? toggle.on : toggle.off
            report(Texts.List.marked(resource: singular, id: id, state: state), notice: notice)
        } else {
            report(Texts.List.saved(resource: singular, id: id), notice: notice)
        }
        return []
    }

    mutating func updateRefused(_ id: String, _ failure: ServiceError) -> [ResourceListEffect] {
        guard case .update(let original, _, _)? = writes.removeValue(forKey: id) else { return [] }
        replace(original)
        say(
            Texts.List.notSaved(resource: resource.singular.capitalized, id: id, reason: failure.shortReason), .error)
        return []
    }

    mutating func createConfirmed(_ placeholderID: String, saved: RecordEntity, notice: Bool) -> [ResourceListEffect] {
        guard writes.removeValue(forKey: placeholderID) != nil else { return [] }
        // The cursor on the new row stays on it as the server numbered it.
        let selectedID = current.map { $0.id == placeholderID ? saved.id : $0.id } ?? saved.id
        remove(placeholderID)
        replace(saved, keeping: selectedID)
        report(Texts.List.created(resource: resource.singular.capitalized, id: saved.id), notice: notice)
        return []
    }

    mutating func createRefused(_ placeholderID: String, _ failure: ServiceError) -> [ResourceListEffect] {
        guard writes.removeValue(forKey: placeholderID) != nil else { return [] }
        remove(placeholderID)
        say(Texts.List.notCreated(resource: resource.singular, reason: failure.shortReason), .error)
        return []
    }

    mutating func deleteConfirmed(_ id: String, notice: Bool) -> [ResourceListEffect] {
        guard writes.removeValue(forKey: id) != nil else { return [] }
        report(Texts.List.deleted(resource: resource.singular.capitalized, id: id), notice: notice)
        return []
    }

    mutating func deleteRefused(_ id: String, _ failure: ServiceError) -> [ResourceListEffect] {
        guard case .delete(let record, let position)? = writes.removeValue(forKey: id) else { return [] }
        restore(record, at: position)
        say(
            Texts.List.notDeleted(resource: resource.singular.capitalized, id: id, reason: failure.shortReason),
            .error)
        return []
    }

    /// Says what happened; `notice`: and, once per run, that the server forgets writes.
    private mutating func report(_ text: String, notice: Bool) {
        if notice {
            say(Texts.List.writesForgotten(message: text), .warning)
        } else {
            say(text)
        }
    }

    // MARK: - The loaded records
    /// Puts `record` in place of the one with its id (or at the end).
    /// Puts `record` in place of the row with its id (or adds it). The
    /// cursor stays on the row it is on: a server's answer that comes after
    /// the user moved on does not pull the cursor back to the record.
    mutating func replace(_ record: RecordEntity) {
        replace(record, keeping: current?.id ?? record.id)
    }

    private mutating func replace(_ record: RecordEntity, keeping selectedID: String) {
        if window != nil {
            // A windowed list: the record in its page (a new one shows when its page is asked again).
            _ = pages.apply(.replaced(record))
            if let index = records.firstIndex(where: { $0.id == record.id }) { records[index] = record }
            return refilter(keeping: selectedID)
        }
        if let index = records.firstIndex(where: { $0.id == record.id }) {
            records[index] = record
        } else {
            records.append(record)
            _ = pages.apply(.added)
        }
        refilter(keeping: selectedID)
    }

    /// Drops the record with `id`.
    mutating func remove(_ id: String) {
        if window != nil {
            // The rows after it moved up: their pages are asked again.
            _ = pages.apply(.removed)
            records.removeAll { $0.id == id }
            return refilter(keeping: nil)
        }
        guard let index = records.firstIndex(where: { $0.id == id }) else { return }
        records.remove(at: index)
        _ = pages.apply(.removed)
        refilter(keeping: nil)
    }

    /// Puts `record` back at `position` (an undone delete), keeping the cursor's record.
    private mutating func restore(_ record: RecordEntity, at position: Int?) {
        let selected = current?.id
        if let position, position <= records.count {
            records.insert(record, at: min(position, records.count))
            _ = pages.apply(.added)
        } else {
            replace(record)
        }
        refilter(keeping: selected ?? record.id)
    }

    /// `records` with the fields of unanswered updates over them.
    func applyingPending(_ records: [RecordEntity]) -> [RecordEntity] {
        let pending = writes.compactMapValues { write -> JSONObject? in
            guard case .update(_, let fields, _) = write else { return nil }
            return fields
        }
        guard !pending.isEmpty else { return records }
        return records.map { record in
            guard let fields = pending[record.id], var object = record.json.objectValue else { return record }
            for (key, value) in fields { object[key] = value }
            return RecordEntity(id: record.id, json: .object(object))
        }
    }
}
