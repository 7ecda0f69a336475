/// Resolves table column widths for the space available.
public enum ColumnLayout {
    /// The width of each column (0 for a dropped column) when `available`
    /// cells are shared with `spacing` cells between shown columns.
    ///
    /// Degrades gracefully: fixed columns shrink to their minimum before any
    /// column is dropped; then the lowest-priority (rightmost on ties) columns
    /// are dropped until the minimums fit; a single remaining column shrinks
    /// to whatever is available. No width is ever negative, and the shown
    /// widths plus spacing never exceed `available`.
    public static func widths(for columns: [TableColumn], available: Int, spacing: Int = 1) -> [Int] {
        var widths = Array(repeating: 0, count: columns.count)
        guard available > 0, !columns.isEmpty else { return widths }
        let gap = max(0, spacing)
        var shown = Array(columns.indices)

        func need(_ indices: [Int]) -> Int {
            indices.reduce(0) { $0 + columns[$1].minWidth } + gap * max(0, indices.count - 1)
        }
        while shown.count > 1, need(shown) > available {
            let victim = shown.min { a, b in
                columns[a].priority != columns[b].priority
                    ? columns[a].priority < columns[b].priority : a > b
            }
            shown.removeAll { $0 == victim }
        }
        if shown.count == 1, let only = shown.first {
            widths[only] = available
            if case .fixed(let w) = columns[only].width { widths[only] = min(available, max(w, 1)) }
            return widths
        }

        for i in shown { widths[i] = columns[i].minWidth }
        var extra = available - need(shown)
        // Fixed columns grow toward their width first, left to right.
        for i in shown {
            guard extra > 0, case .fixed(let w) = columns[i].width else { continue }
            let grow = min(extra, max(0, w - widths[i]))
            widths[i] += grow
            extra -= grow
        }
        // Flexible columns share the rest by weight (largest remainder).
        let flexible = shown.compactMap { i -> (Int, Int)? in
            if case .flexible(let weight) = columns[i].width { return (i, max(1, weight)) }
            return nil
        }
        let totalWeight = flexible.reduce(0) { $0 + $1.1 }
        guard extra > 0, totalWeight > 0 else { return widths }
        var given = 0
        var remainders: [(index: Int, remainder: Int)] = []
        for (i, weight) in flexible {
            let share = extra * weight / totalWeight
            widths[i] += share
            given += share
            remainders.append((i, extra * weight % totalWeight))
        }
        remainders.sort { $0.remainder != $1.remainder ? $0.remainder > $1.remainder : $0.index < $1.index }
        for entry in remainders.prefix(extra - given) { widths[entry.index] += 1 }
        return widths
    }
}
