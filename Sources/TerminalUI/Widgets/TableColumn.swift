/// One column of a `TableView`.
public struct TableColumn: Sendable, Equatable {
    /// How wide a column wants to be.
    public enum Width: Sendable, Equatable {
        /// Exactly this many cells when there is room (shrinks to `minWidth` when not).
        case fixed(Int)
        /// A share of the space left after fixed columns, by weight.
        case flexible(weight: Int = 1)
    }

    public var title: String
    public var width: Width
    /// The narrowest this column is drawn; below that it is dropped.
    public var minWidth: Int
    public var alignment: TextWidth.Alignment
    /// Columns with lower priority are dropped first on narrow terminals
    /// (ties: the rightmost first).
    public var priority: Int
    /// The role of this column's cells, instead of `.row` (e.g. `.doneMark`).
    public var role: Role?

    public init(
        _ title: String, width: Width = .flexible(), minWidth: Int = 3,
        alignment: TextWidth.Alignment = .left, priority: Int = 0, role: Role? = nil
    ) {
        self.title = title
        self.width = width
        self.minWidth = max(1, minWidth)
        self.alignment = alignment
        self.priority = priority
        self.role = role
    }
}
