/// A rectangle of cells: `row`/`col` of the top-left corner, then its extent.
public struct Rect: Equatable, Hashable, Sendable {
    public var row: Int
    public var col: Int
    public var height: Int
    public var width: Int

    public init(row: Int, col: Int, height: Int, width: Int) {
        self.row = row
        self.col = col
        self.height = max(0, height)
        self.width = max(0, width)
    }

    /// The whole screen of a terminal of `size`.
    public init(size: Size) {
        self.init(row: 0, col: 0, height: size.rows, width: size.cols)
    }

    public var isEmpty: Bool { height <= 0 || width <= 0 }
    public var maxRow: Int { row + height }

    /// The top `count` rows, and what remains below them.
    public func splitTop(_ count: Int) -> (top: Rect, rest: Rect) {
        let n = min(max(0, count), height)
        return (
            Rect(row: row, col: col, height: n, width: width),
            Rect(row: row + n, col: col, height: height - n, width: width)
        )
    }

    /// The bottom `count` rows, and what remains above them.
    public func splitBottom(_ count: Int) -> (rest: Rect, bottom: Rect) {
        let n = min(max(0, count), height)
        return (
            Rect(row: row, col: col, height: height - n, width: width),
            Rect(row: row + height - n, col: col, height: n, width: width)
        )
    }

    /// This rectangle shrunk by `amount` cells on every side.
    /// A rectangle of at most `height` x `width`, centred in this one.
    public func centered(height: Int, width: Int) -> Rect {
        let height = min(self.height, height)
        let width = min(self.width, width)
        return Rect(
            row: row + (self.height - height) / 2, col: col + (self.width - width) / 2, height: height, width: width)
    }

    /// The inside of a box drawn on this rectangle: within the border, two
    /// cells of padding left and right.
    public var boxInterior: Rect {
        Rect(row: row + 1, col: col + 2, height: max(0, height - 2), width: max(0, width - 4))
    }

    public func inset(by amount: Int) -> Rect {
        Rect(row: row + amount, col: col + amount, height: height - 2 * amount, width: width - 2 * amount)
    }
}
