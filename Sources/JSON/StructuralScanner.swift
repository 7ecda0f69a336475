/// Finds where an array or object ends, 64 bytes at a time, without
/// building any value; for an array it notes where each element starts.
///
/// Each block of 64 bytes becomes three bit masks (quotes, backslashes,
/// brackets and commas) from 16-byte vector compares; a prefix XOR of the
/// unescaped quotes marks the bytes inside strings, and only the brackets
/// and commas outside strings are visited one by one. String contents,
/// numbers and literals are not looked at: they are checked when a value
/// is parsed (see ``JSONParser/parseElement(in:at:depth:)``).
struct StructuralScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    /// Called with the offset reached every few megabytes, so a mapped file
    /// can release what was scanned.
    var releaseBehind: ((Int) -> Void)?

    /// Where a container ends and, for an array, where its elements start.
    struct Container {
        /// The offset just past the closing bracket.
        var end: Int
        /// For each element, the offset just after the `[` or `,` before it
        /// (the element follows after optional whitespace).
        var elementStarts: [UInt32]
    }

    private static let blockSize = 64

    /// Scans the container whose opening bracket is at `open`, nested at
    /// `depth` (1 for the top level), collecting element starts when
    /// `collectElements` is set (only for an array; offsets must fit `UInt32`).
    func scanContainer(at open: Int, depth: Int, collectElements: Bool) throws(JSONParseError) -> Container {
        var state = State(base: depth - 1, collecting: collectElements)
        if collectElements { state.starts.append(UInt32(open + 1)) }
        let count = bytes.count
        guard let address = bytes.baseAddress else { throw error("unexpected end of input", at: open) }
        let base = UnsafeRawPointer(address)
        var position = open
        var releasedUpTo = position
        var padded = (SIMD32<UInt8>(repeating: 0x20), SIMD32<UInt8>(repeating: 0x20))
        while position < count {
            let end: Int?
            if count - position >= Self.blockSize {
                end = try state.block(base + position, at: position, in: self)
            } else {
                // The tail, padded with spaces (which are nothing structural).
                end = try withUnsafeMutableBytes(of: &padded) { buffer throws(JSONParseError) -> Int? in
                    let tail = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[position...])
                    buffer.copyMemory(from: tail)
                    guard let block = buffer.baseAddress else { return nil }
                    return try state.block(UnsafeRawPointer(block), at: position, in: self)
                }
            }
            if let end { return Container(end: end, elementStarts: state.starts) }
            position += Self.blockSize
            if position &- releasedUpTo >= 1 << 23, let releaseBehind {
                releasedUpTo = position
                releaseBehind(position)
            }
        }
        if state.inString != 0 { throw error("unterminated string", at: state.lastQuote) }
        throw misplaced(nil, at: count, inside: state.open.last)
    }

    func error(_ reason: String, at offset: Int) -> JSONParseError {
        JSONParseError(reason: reason, offset: offset, in: bytes)
    }

    /// What is carried from one block to the next.
    private struct State {
        /// The nesting depth outside the scanned container.
        let base: Int
        let collecting: Bool
        var starts: [UInt32] = []
        /// All ones while inside a string at the block boundary.
        var inString: UInt64 = 0
        /// 1 when the block before ended with an unescaped backslash.
        var escapeCarry: UInt64 = 0
        /// The offset of the last unescaped quote (the one left open at the end).
        var lastQuote = 0
        /// The open brackets of the scanned container, innermost last (`[` or `{`).
        var open: [UInt8] = []

        init(base: Int, collecting: Bool) {
            self.base = base
            self.collecting = collecting
            open.reserveCapacity(64)
        }

        /// Scans one 64-byte block at `pointer` (offset `offset` in the text);
        /// returns the end of the container when it closes in this block.
        mutating func block(_ pointer: UnsafeRawPointer, at offset: Int, in scanner: StructuralScanner)
            throws(JSONParseError) -> Int?
        {
            var quotes: UInt64 = 0
            var backslashes: UInt64 = 0
            var structural: UInt64 = 0
            for lane in 0..<4 {
                let vector = pointer.loadUnaligned(fromByteOffset: lane * 16, as: SIMD16<UInt8>.self)
                let folded = vector | SIMD16<UInt8>(repeating: 0x20)  // `[` → `{`, `]` → `}`
                let brackets =
                    (folded .== SIMD16<UInt8>(repeating: 0x7B)) .| (folded .== SIMD16<UInt8>(repeating: 0x7D))
                    .| (vector .== SIMD16<UInt8>(repeating: 0x2C))  // `{` `}` `,`
                let shift = UInt64(lane * 16)
                quotes |= Self.bits(vector .== SIMD16<UInt8>(repeating: 0x22)) << shift
                backslashes |= Self.bits(vector .== SIMD16<UInt8>(repeating: 0x5C)) << shift
                structural |= Self.bits(brackets) << shift
            }
            if backslashes | escapeCarry != 0 { quotes &= ~escaped(backslashes) }
            if quotes != 0 { lastQuote = offset + 63 - quotes.leadingZeroBitCount }
            // Prefix XOR: the bits from each opening quote up to its closing quote.
            var inside = quotes
            inside ^= inside << 1
            inside ^= inside << 2
            inside ^= inside << 4
            inside ^= inside << 8
            inside ^= inside << 16
            inside ^= inside << 32
            inside ^= inString
            inString = UInt64(bitPattern: Int64(bitPattern: inside) >> 63)
            structural &= ~inside
            while structural != 0 {
                let bit = structural.trailingZeroBitCount
                structural &= structural &- 1
                let index = offset + bit
                let byte = pointer.load(fromByteOffset: bit, as: UInt8.self)
                switch byte {
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    guard base + open.count + 1 <= JSONParser.maximumDepth else {
                        throw scanner.error("nesting deeper than \(JSONParser.maximumDepth)", at: index)
                    }
                    open.append(byte)
                case UInt8(ascii: ","):
                    guard collecting, open.count == 1 else { continue }
                    try scanner.checkElement(before: index, closer: byte)
                    starts.append(UInt32(truncatingIfNeeded: index + 1))
                default:
                    // `}` and `]` are two past their openers.
                    guard open.last == byte &- 2 else { throw scanner.misplaced(byte, at: index, inside: open.last) }
                    open.removeLast()
                    if open.isEmpty {
                        if collecting {
                            if try scanner.checkElement(before: index, closer: byte) { starts.removeAll() }
                        }
                        return index + 1
                    }
                }
            }
            return nil
        }

        /// The quotes escaped by the backslashes of this block (and one
        /// carried from the block before); sets the carry for the next.
        private mutating func escaped(_ backslashes: UInt64) -> UInt64 {
            var escaped: UInt64 = 0
            var pending = backslashes
            if escapeCarry != 0 {
                escaped = 1
                pending &= ~1
            }
            escapeCarry = 0
            while pending != 0 {
                let bit = pending.trailingZeroBitCount
                if bit == 63 {
                    escapeCarry = 1
                    break
                }
                escaped |= 1 << UInt64(bit + 1)
                pending &= ~(3 << UInt64(bit))
            }
            return escaped
        }

        /// The sign bits of a 16-byte compare as 16 bits.
        @inline(__always)
        private static func bits(_ mask: SIMDMask<SIMD16<Int8>>) -> UInt64 {
            let words = unsafeBitCast(mask, to: SIMD2<UInt64>.self)
            return gather(words[0]) | gather(words[1]) << 8
        }

        /// The high bits of 8 bytes (each 0x00 or 0xFF) as 8 bits.
        @inline(__always)
        private static func gather(_ word: UInt64) -> UInt64 {
            ((word & 0x8080_8080_8080_8080) &* 0x0002_0408_1020_4081) >> 56
        }
    }

    /// The error for a closing bracket of the wrong kind (or the end of the
    /// text, `closer` nil) inside `opener`, worded as the parser words it.
    func misplaced(_ closer: UInt8?, at index: Int, inside opener: UInt8?) -> JSONParseError {
        var previous = index - 1
        while previous >= 0, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[previous]) { previous -= 1 }
        let before = previous >= 0 ? bytes[previous] : 0
        let found =
            closer.map { "unexpected character '\(Character(Unicode.Scalar($0)))'" } ?? "unexpected end of input"
        if opener == UInt8(ascii: "{") {
            if before == UInt8(ascii: "{") || before == UInt8(ascii: ",") {
                return error("expected a string key", at: index)
            }
            if before == UInt8(ascii: ":") { return error(found + ", expected a value", at: index) }
            return error("expected ',' or '}'", at: index)
        }
        if before == UInt8(ascii: "[") || before == UInt8(ascii: ",") {
            return error(found + ", expected a value", at: index)
        }
        return error("expected ',' or ']'", at: index)
    }

    /// Checks that the element ending at the separator or closer at `index`
    /// is not empty (`[1,,2]`, `[1,]`); returns `true` when the closer ends
    /// an empty array (`[]`).
    @discardableResult
    func checkElement(before index: Int, closer: UInt8) throws(JSONParseError) -> Bool {
        var previous = index - 1
        while previous >= 0 {
            switch bytes[previous] {
            case 0x20, 0x0A, 0x0D, 0x09: previous -= 1
            case UInt8(ascii: ","):
                throw error("unexpected character '\(Character(Unicode.Scalar(closer)))', expected a value", at: index)
            case UInt8(ascii: "["):
                if closer == UInt8(ascii: "]") { return true }
                throw error("unexpected character ',', expected a value", at: index)
            default: return false
            }
        }
        return false
    }
}
