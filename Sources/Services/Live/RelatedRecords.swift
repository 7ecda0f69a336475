import JSON
import Synchronization

/// The related records answers carried beside their rows (JSON:API
/// `included`, HAL `_embedded`, OData expansions), kept per collection by
/// the row field and value that point at them, so that a record's relation
/// line names its parent without another request. At most `limit` are
/// kept: past it the oldest half is forgotten (a miss costs one request).
final class RelatedRecords: Sendable {
    private struct Key: Hashable {
        var collection: String
        var related: RelatedKey
    }

    private struct Kept {
        var records: [Key: JSONValue] = [:]
        var order: [Key] = []
    }

    private let kept = Mutex(Kept())
    let limit: Int

    init(limit: Int = 10_000) {
        self.limit = limit
    }

    /// Keeps what an answer of `collection` carried.
    func keep(_ related: [RelatedKey: JSONValue], of collection: String) {
        guard !related.isEmpty else { return }
        kept.withLock { kept in
            for (key, record) in related {
                let scoped = Key(collection: collection, related: key)
                if kept.records.updateValue(record, forKey: scoped) == nil { kept.order.append(scoped) }
            }
            guard kept.order.count > limit else { return }
            let forgotten = kept.order.prefix(kept.order.count - limit / 2)
            for key in forgotten { kept.records[key] = nil }
            kept.order.removeFirst(forgotten.count)
        }
    }

    /// The record a row of `collection` points at through `key`, if an answer carried it.
    func record(_ key: RelatedKey, of collection: String) -> JSONValue? {
        kept.withLock { $0.records[Key(collection: collection, related: key)] }
    }
}
