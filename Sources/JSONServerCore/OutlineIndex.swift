/// What the engine knows of an outlined collection's records without
/// holding them: their search text and their scalar fields as columns,
/// built in one pass over the file (``LazyDatabase/index(of:)``).
struct OutlineIndex: Sendable {
    /// The texts a full-text search (`q=`) looks at.
    let search: SearchIndex
    /// The scalar fields and ids, for filters, sorts and record reads.
    let columns: RecordColumns
    /// The columns' ranks and the sorted orders, worked out on first need.
    let orders = ColumnOrders()
}
