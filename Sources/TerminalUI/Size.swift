/// A terminal size in character cells.
public struct Size: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var rows: Int
    public var cols: Int

    public init(rows: Int, cols: Int) {
        self.rows = rows
        self.cols = cols
    }

    public var description: String { "\(cols)x\(rows)" }
}
