/// Why a JSON text could not be parsed, and where.
///
/// `description` reads like `expected ',' or '}' at line 12, column 5`; line
/// and column are 1-based and count bytes within the line.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong, e.g. `expected ',' or '}'`.
    public var reason: String
    /// The 1-based line of the offending byte.
    public var line: Int
    /// The 1-based column (in bytes) of the offending byte.
    public var column: Int
    /// The 0-based byte offset of the offending byte.
    public var offset: Int

    /// Creates an error at a known position.
    public init(reason: String, line: Int, column: Int, offset: Int) {
        self.reason = reason
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// Creates an error at `offset` in `bytes`, computing line and column.
    init(reason: String, offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        var line = 1
        var lineStart = 0
        let end = min(offset, bytes.count)
        var index = 0
        while index < end {
            if bytes[index] == UInt8(ascii: "\n") {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        self.init(reason: reason, line: line, column: end - lineStart + 1, offset: offset)
    }

    /// `reason at line L, column C`.
    public var description: String {
        "\(reason) at line \(line), column \(column)"
    }
}
