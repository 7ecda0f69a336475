import JSON

/// Lists answered from an ``OutlineIndex``: which records pass a request's
/// search and filters, in the order its sort asks, exactly as
/// ``QueryEngine`` (v0) and ``JSONServerRouter/listV1(_:request:)`` (v1)
/// find them over the parsed records. A filter is evaluated once per
/// distinct value of its column, not per record; a sort is a counting sort
/// of the columns' ranks (``ColumnRanks``), kept per sort for the whole
/// collection (``ColumnOrders``) and filtered to the matches. `nil` when the
/// index cannot tell (nested fields, a column of mixed kinds, a text the
/// index does not keep): the full engine answers those.
enum IndexedQuery {
    /// A sort key: a top-level field, ascending or not.
    struct SortKey {
        var field: String
        var descending: Bool
    }

    // MARK: - v0

    /// The positions of the records passing `query`'s search and filters, in its sort order.
    static func positions(of query: CollectionQuery, in index: OutlineIndex) -> [Int]? {
        guard query.embed.isEmpty, query.expand.isEmpty else { return nil }
        let columns = index.columns
        var accepted: [(codes: [UInt32], accepts: [Bool])] = []
        if !query.filters.isEmpty {
            guard columns.allObjects else { return nil }
            for filter in query.filters {
                guard !filter.path.isEmpty, !filter.path.utf8.contains(UInt8(ascii: ".")) else { return nil }
                let prepared = QueryEngine.PreparedFilter(
                    filter: filter, components: [filter.path], integers: filter.integers)
                let passes = { (value: JSONValue?) in QueryEngine.matches(field: value, prepared) }
                guard let column = columns.columns[filter.path] else {
                    if columns.hasField(filter.path) { return nil }
                    // No record has the field: an equality filter is ignored, as json-server does.
                    if filter.comparison == .equal || passes(nil) { continue }
                    return []
                }
                accepted.append((column.codes, acceptTable(column, prepared) { passes($0) }))
            }
        }
        var matches: [Int]?
        if let search = query.search, !search.isEmpty {
            guard let needle = SearchIndex.indexableNeedle(search) else { return nil }
            matches = index.search.matchingIndices(needle)
        }
        for filter in accepted { matches = narrow(matches, count: columns.count, filter) }
        let keys = zip(query.sortFields, query.descending).map { SortKey(field: $0, descending: $1) }
        return sorted(matches ?? Array(0..<columns.count), by: keys, in: index, v1: false)
    }

    // MARK: - v1

    /// The positions of the records passing `clause`, in the order of
    /// `sortKeys` (`field` or `-field`). Every record must be an object
    /// with an id v1 keeps (a string or a number), as the router would
    /// otherwise make up ids.
    static func positionsV1(clause: WhereClause, sortKeys: [String], in index: OutlineIndex) -> [Int]? {
        let columns = index.columns
        guard columns.allObjects, let ids = columns.columns["id"], !ids.codes.contains(0),
            ids.values.allSatisfy(isV1ID)
        else { return nil }
        var accepted: [(codes: [UInt32], accepts: [Bool])] = []
        for (key, condition) in clause.tree {
            guard key != "or", !key.isEmpty else { return nil }
            var tree = JSONObject()
            tree[key] = condition
            let part = WhereClause(tree: tree)
            let passes = { (value: JSONValue?) in part.matches(single(key, value)) }
            guard let column = columns.columns[key] else {
                if columns.hasField(key) { return nil }
                if passes(nil) { continue }
                return []
            }
            accepted.append((column.codes, acceptTable(column, v1Field: key) { passes($0) }))
        }
        var matches: [Int]?
        for filter in accepted { matches = narrow(matches, count: columns.count, filter) }
        let keys = sortKeys.map { key in
            key.hasPrefix("-")
                ? SortKey(field: String(key.dropFirst()), descending: true)
                : SortKey(field: key, descending: false)
        }
        return sorted(matches ?? Array(0..<columns.count), by: keys, in: index, v1: true)
    }

    /// Whether an id is one v1 keeps (``JSONServerRouter/withStringID(_:)``).
    private static func isV1ID(_ value: JSONValue) -> Bool {
        switch value {
        case .string, .int, .double: return true
        default: return false
        }
    }

    /// A value as v1 shows it: ids are strings.
    static func v1Value(_ value: JSONValue, field: String) -> JSONValue {
        guard field == "id" else { return value }
        switch value {
        case .int, .double: return .string(value.scriptString)
        default: return value
        }
    }

    // MARK: - Shared

    /// An object holding only `field: value` (nothing when `value` is `nil`).
    private static func single(_ field: String, _ value: JSONValue?) -> JSONValue {
        var object = JSONObject()
        object[field] = value
        return .object(object)
    }

    /// Per code of `column` (0: the field missing), whether `passes` takes the value.
    private static func acceptTable(
        _ column: RecordColumns.Column, v1Field: String? = nil, _ passes: (JSONValue?) -> Bool
    )
        -> [Bool]
    {
        var table = [passes(nil)]
        table.reserveCapacity(column.values.count + 1)
        for value in column.values { table.append(passes(v1Field.map { v1Value(value, field: $0) } ?? value)) }
        return table
    }

    /// The positions among `positions` (`nil`: all `count` records) whose
    /// code `filter` accepts, ascending: each filter narrows what the one
    /// before left, so a selective first filter saves the later ones' reads.
    private static func narrow(_ positions: [Int]?, count: Int, _ filter: (codes: [UInt32], accepts: [Bool])) -> [Int] {
        filter.codes.withUnsafeBufferPointer { codes in
            filter.accepts.withUnsafeBufferPointer { accepts in
                guard let positions else { return (0..<count).filter { accepts[Int(codes[$0])] } }
                return positions.filter { accepts[Int(codes[$0])] }
            }
        }
    }

    /// ``acceptTable(_:v1Field:_:)`` for a v0 filter: a `_gte`/`_lte` on
    /// numbers compares each number itself (a column of a million distinct
    /// numbers calls no closure a value); anything else goes to `passes`.
    private static func acceptTable(
        _ column: RecordColumns.Column, _ prepared: QueryEngine.PreparedFilter, _ passes: (JSONValue?) -> Bool
    ) -> [Bool] {
        let comparison = prepared.filter.comparison
        let bounds = prepared.numbers.compactMap { $0 }
        guard comparison == .greaterOrEqual || comparison == .lessOrEqual, bounds.count == prepared.numbers.count
        else { return acceptTable(column, passes) }
        let atLeast = comparison == .greaterOrEqual
        // As QueryEngine.compare: numerically, missing and null never pass.
        func passesNumber(_ number: Double) -> Bool {
            atLeast ? bounds.contains { number >= $0 } : bounds.contains { number <= $0 }
        }
        var table = [false]
        table.reserveCapacity(column.values.count + 1)
        for value in column.values {
            switch value {
            case .int(let number): table.append(passesNumber(Double(number)))
            case .double(let number): table.append(passesNumber(number))
            default: table.append(passes(value))
            }
        }
        return table
    }

    /// Works out the ranks of the columns of `index` named in `fields`
    /// (`nil`: every column) ahead of the first sort by them (as
    /// ``sorted(_:by:in:v1:)`` names and keeps them).
    static func workOutRanks(in index: OutlineIndex, v1: Bool, fields: [String]? = nil) {
        guard index.columns.allObjects else { return }
        for (field, column) in index.columns.columns
        where !field.utf8.contains(UInt8(ascii: ".")) && fields?.contains(field) ?? true {
            _ = index.orders.ranks((v1 ? "v1 " : "v0 ") + field, v1: v1) {
                v1 ? column.values.map { v1Value($0, field: field) } : column.values
            }
        }
    }

    /// `matches` (ascending positions) in the order of `keys`; `nil` when a
    /// key is nested or its column has no total order.
    private static func sorted(_ matches: [Int], by keys: [SortKey], in index: OutlineIndex, v1: Bool) -> [Int]? {
        guard !keys.isEmpty else { return matches }
        let columns = index.columns
        guard columns.allObjects else { return nil }
        var ranked: [(codes: [UInt32], ranks: ColumnRanks, descending: Bool)] = []
        for key in keys {
            guard !key.field.isEmpty, !key.field.utf8.contains(UInt8(ascii: ".")) else { return nil }
            guard let column = columns.columns[key.field] else {
                if columns.hasField(key.field) { return nil }
                continue  // no record has it: all equal
            }
            let name = (v1 ? "v1 " : "v0 ") + key.field
            let ranks = index.orders.ranks(name, v1: v1) {
                v1 ? column.values.map { v1Value($0, field: key.field) } : column.values
            }
            guard let ranks else { return nil }
            ranked.append((column.codes, ranks, key.descending))
        }
        guard !ranked.isEmpty else { return matches }
        // Least significant key first: each pass is stable.
        let order = { (positions: [Int]) in
            ranked.reversed().reduce(positions) { order, key in
                key.ranks.order(order, codes: key.codes, descending: key.descending)
            }
        }
        let name = (v1 ? "v1 " : "v0 ") + keys.map { ($0.descending ? "-" : "+") + $0.field }.joined(separator: ",")
        // Few matches are sorted alone (the same order: each pass is stable,
        // and they come in ascending positions), not the whole collection.
        if matches.count < columns.count / 4, !index.orders.hasOrder(name) { return order(matches) }
        let all = index.orders.order(name) { order(Array(0..<columns.count)) }
        guard matches.count != columns.count else { return all }
        var isMatch = [Bool](repeating: false, count: columns.count)
        for position in matches { isMatch[position] = true }
        return all.filter { isMatch[$0] }
    }
}
