/// What the engine knows of an outlined collection's records without
/// holding them: their search text and their scalar fields as columns,
/// built in one pass over the file (``LazyDatabase/index(of:)``).
struct OutlineIndex: Sendable {
    /// The texts a full-text search (`q=`) looks at.
    let search: SearchIndex
    /// The scalar fields and ids, for equality filters and record reads.
    let columns: RecordColumns
}
