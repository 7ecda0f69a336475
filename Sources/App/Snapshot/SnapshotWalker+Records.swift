import JSON

extension SnapshotWalker.Outcome {
    /// Each record `resource` keeps, in OUT's order, read back from the
    /// ledger one page at a time: the walked ones (with the ids of the
    /// links followed written in), then the parents added.
    func forEachRecord(of resource: SnapshotWalker.Collected, _ body: (JSONValue) throws -> Void) throws {
        try ParentHop.forEachRecord(of: resource, ledger: ledger, linked: linked, body)
    }

    /// The records `name` keeps, all at once (for a small walk: a test, a check).
    func records(_ name: String) -> [JSONValue] {
        guard let resource = resources.first(where: { $0.name == name }) else { return [] }
        var records: [JSONValue] = []
        try? forEachRecord(of: resource) { records.append($0) }
        return records
    }
}
