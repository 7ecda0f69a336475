import JSON
import Services
import Translations

/// Writes: toggle, edit, new, delete. Each is optimistic: the list changes
/// at once and is rolled back, with a message, when the server refuses.
extension ResourceListState {
    mutating func toggleCurrent() -> [ResourceListEffect] {
        guard let record = current, record.hasID else { return [] }
        guard let toggle = resource.toggle else {
            if learning == .answered {
                // The service was asked: nothing to flip here.
                say(Texts.List.noToggle(resources: resource.name), .warning)
                return []
            }
            // Made before the service was described, from its records alone:
            // the list the description makes toggles it (``ListCarry/toggleID``).
            askedToggle = record.id
            return []
        }
        guard !writing.isSaving(record.id) else { return stillSaving(record) }
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
        let effects = writing(.update(original: record, fields: fields, toggled: toggled))
        replace(RecordEntity(id: record.id, json: .object(changed)))
        return effects
    }

    mutating func create(_ fields: JSONObject, placeholderID: String) -> [ResourceListEffect] {
        var object = fields
        object[resource.idField] = .string("…")
        let effects = writing(.create(placeholderID: placeholderID, fields: fields))
        // The cursor goes to the new row.
        replace(RecordEntity(id: placeholderID, json: .object(object)), keeping: placeholderID)
        return effects
    }

    mutating func confirmDelete() -> [ResourceListEffect] {
        guard case .confirmDelete(let record) = mode else { return [] }
        mode = .browsing
        guard !writing.isSaving(record.id) else { return stillSaving(record) }
        let position = records.firstIndex { $0.id == record.id }
        remove(record.id)
        return writing(.delete(record, position: position))
    }

    private mutating func stillSaving(_ record: RecordEntity) -> [ResourceListEffect] {
        say(Texts.List.stillSaving(resource: resource.singular.capitalized, id: record.id), .warning)
        return []
    }

    // MARK: - The loaded records
    /// Puts `record` in place of the one with its id (or at the end).
    /// Puts `record` in place of the row with its id (or adds it). The
    /// cursor stays on the row it is on: a server's answer that comes after
    /// the user moved on does not pull the cursor back to the record.
    mutating func replace(_ record: RecordEntity) {
        replace(record, keeping: current?.id ?? record.id)
    }

    mutating func replace(_ record: RecordEntity, keeping selectedID: String) {
        let index = records.firstIndex { $0.id == record.id }
        if window != nil {
            // A windowed list: the record in its page (a new one shows when its page is asked again).
            _ = pages(.replaced(record))
        } else if index == nil {
            records.append(record)
            _ = pages(.added)
        }
        // A record changed in place: its row alone is indexed again.
        guard let index else { return refilter(keeping: selectedID) }
        refilter(row: index, becoming: record, keeping: selectedID)
    }

    /// Drops the record with `id`.
    mutating func remove(_ id: String) {
        if window != nil {
            // The rows after it moved up: their pages are asked again.
            _ = pages(.removed)
            records.removeAll { $0.id == id }
            return refilter(keeping: nil)
        }
        guard let index = records.firstIndex(where: { $0.id == id }) else { return }
        records.remove(at: index)
        _ = pages(.removed)
        refilter(keeping: nil)
    }

    /// Puts `record` back at `position` (an undone delete), keeping the cursor's record.
    mutating func restore(_ record: RecordEntity, at position: Int?) {
        let selected = current?.id
        if let position, position <= records.count {
            records.insert(record, at: min(position, records.count))
            _ = pages(.added)
        } else {
            replace(record)
        }
        refilter(keeping: selected ?? record.id)
    }

    /// `records` with the fields of unanswered updates over them.
    func applyingPending(_ records: [RecordEntity]) -> [RecordEntity] { writing.applyingPending(records) }
}
