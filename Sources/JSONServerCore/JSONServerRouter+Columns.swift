import JSON

/// Sorts and filters of the parsed data from columns (``IndexedQuery``), as
/// over an outlined file: a collection's columns are built from its items
/// on the first sort or filter that needs them, kept until the next write
/// (which drops them: the next such request builds them again), so a
/// million records are sorted by a counting sort of ranks, not by
/// comparing JSON values, from the second request on.
extension JSONServerRouter {
    /// The columns of collection `name` (whose items are `items`), built on first need.
    mutating func columnIndex(_ name: String, _ items: [JSONValue]) -> OutlineIndex {
        if let index = columnIndexes[name], index.columns.count == items.count { return index }
        let index = Self.columnIndex(of: items)
        columnIndexes[name] = index
        return index
    }

    /// The columns of `items`.
    static func columnIndex(of items: [JSONValue]) -> OutlineIndex {
        OutlineIndex(search: SearchIndex([]), columns: RecordColumns(joining: [columnBuilder(of: items[...])]))
    }

    /// The columns of consecutive records `items`, to be joined with the rest's.
    static func columnBuilder(of items: ArraySlice<JSONValue>) -> RecordColumns.Builder {
        var builder = RecordColumns.Builder(expectedCount: items.count)
        for item in items { builder.append(item) }
        return builder
    }

    /// v0: the positions of the items `query` picks, in its order, from the
    /// columns; `nil` when it has no sort or filter (nothing to gain), has a
    /// search (answered from the ``SearchIndex``), or the columns cannot tell.
    mutating func indexedPositions(_ name: String, _ items: [JSONValue], query: CollectionQuery) -> [Int]? {
        guard answersFromColumns, query.search?.isEmpty ?? true, !query.sortFields.isEmpty || !query.filters.isEmpty
        else { return nil }
        return IndexedQuery.positions(of: query, in: columnIndex(name, items))
    }

    /// v1: the same for conditions and `_sort` (without a search or `_embed`).
    mutating func indexedPositionsV1(_ name: String, _ items: [JSONValue], query: V1ListQuery) -> [Int]? {
        guard answersFromColumns, query.embeds.isEmpty, query.search.isEmpty,
            !query.clause.tree.isEmpty || !query.sortKeys.isEmpty
        else { return nil }
        return IndexedQuery.positionsV1(
            clause: query.clause, sortKeys: query.sortKeys, in: columnIndex(name, items))
    }
}
