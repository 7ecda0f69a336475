/// How wide each column of a list is drawn, from what it holds: a pure
/// function of each column's natural width (its widest value among the
/// rows measured, and its title), the narrowest it may be, its priority
/// and the cells the table has.
///
/// Its rule: no column is wider than its natural width while another is
/// narrower than its own. The narrow columns (ids, UUIDs, short words)
/// are drawn whole first; the columns too wide to fit share what is left
/// equally (the widest text column takes the rest and is cut); cells left
/// when everything is whole go to the widest column that stretches (a
/// text column; an id, a number, a date or a mark does not). When even the
/// narrowest widths do not fit, the lowest-priority columns (the
/// rightmost on ties) are dropped first, as `ColumnLayout` drops them.
enum ColumnWidths {
    /// One column as measured.
    struct Column: Equatable, Sendable {
        /// Cells its widest value (or its title) takes; for a column the
        /// config file gave a `width`, that width.
        var natural: Int
        /// The narrowest it is drawn before it is dropped (at most `natural`).
        var minimum: Int
        /// Lower is dropped first on a narrow terminal.
        var priority: Int
        /// Whether it takes the cells left when every column is whole.
        var stretches: Bool

        init(natural: Int, minimum: Int, priority: Int = 0, stretches: Bool = true) {
            self.natural = max(1, natural)
            self.minimum = max(1, min(minimum, self.natural))
            self.priority = priority
            self.stretches = stretches
        }
    }

    /// Each column's width (0: dropped) in `available` cells with
    /// `spacing` cells between shown columns.
    static func widths(_ columns: [Column], available: Int, spacing: Int = 1) -> [Int] {
        var widths = Array(repeating: 0, count: columns.count)
        guard available > 0, !columns.isEmpty else { return widths }
        let gap = max(0, spacing)
        var shown = Array(columns.indices)
        func need(_ indices: [Int]) -> Int {
            indices.reduce(0) { $0 + columns[$1].minimum } + gap * max(0, indices.count - 1)
        }
        while shown.count > 1, need(shown) > available {
            let victim = shown.min { a, b in
                columns[a].priority != columns[b].priority ? columns[a].priority < columns[b].priority : a > b
            }
            shown.removeAll { $0 == victim }
        }
        let cells = available - gap * max(0, shown.count - 1)
        if shown.count == 1, let only = shown.first {
            widths[only] = cells
            return widths
        }
        let whole = shown.reduce(0) { $0 + columns[$1].natural }
        if whole <= cells {
            for index in shown { widths[index] = columns[index].natural }
            // The widest column that stretches (the leftmost on ties) takes the cells left.
            let stretching = shown.filter { columns[$0].stretches }
            let widest = stretching.max { a, b in
                columns[a].natural != columns[b].natural ? columns[a].natural < columns[b].natural : a > b
            }
            if let widest { widths[widest] += cells - whole }
            return widths
        }
        // Too wide: the level every column not whole is cut to, the
        // highest whose widths still fit (a column never below its minimum).
        func width(_ index: Int, at level: Int) -> Int {
            min(columns[index].natural, max(columns[index].minimum, level))
        }
        func total(at level: Int) -> Int { shown.reduce(0) { $0 + width($1, at: level) } }
        var low = 0
        var high = shown.map { columns[$0].natural }.max() ?? 0
        while low < high {
            let middle = (low + high + 1) / 2
            if total(at: middle) <= cells { low = middle } else { high = middle - 1 }
        }
        for index in shown { widths[index] = width(index, at: low) }
        // The cells under one more level go to the cut columns, left to right.
        var left = cells - total(at: low)
        for index in shown where left > 0 && width(index, at: low + 1) > widths[index] {
            widths[index] += 1
            left -= 1
        }
        return widths
    }
}
