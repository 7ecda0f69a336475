import Foundation

/// Serialises ``JSONValue``s to UTF-8 JSON text.
///
/// Pretty output matches json-server (JavaScript's `JSON.stringify(v, null, 2)`):
/// two-space indentation, `"key": value`, empty containers as `[]`/`{}`.
/// Strings escape only what JSON requires (quote, backslash, control
/// characters); non-ASCII text is written as UTF-8.
public enum JSONWriter {
    /// The JSON text of `value`, compact or pretty.
    public static func data(_ value: JSONValue, pretty: Bool = false) -> Data {
        Data(bytes(value, pretty: pretty))
    }

    /// The JSON text of `value` as bytes.
    public static func bytes(_ value: JSONValue, pretty: Bool = false, indent: Int = 0) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        write(value, pretty: pretty, indent: indent, into: &output)
        return output
    }

    /// Appends the JSON text of `value` to `output`; `indent` is the nesting
    /// level the value starts at (used for pretty output).
    public static func write(_ value: JSONValue, pretty: Bool, indent: Int = 0, into output: inout [UInt8]) {
        switch value {
        case .null: append("null", to: &output)
        case .bool(let flag): append(flag ? "true" : "false", to: &output)
        case .int(let number): writeInt(number, into: &output)
        case .double(let number): writeDouble(number, into: &output)
        case .string(let text): writeString(text, into: &output)
        case .array(let items):
            guard !items.isEmpty else { return append("[]", to: &output) }
            output.append(UInt8(ascii: "["))
            for (position, item) in items.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                if pretty { newline(indent + 1, into: &output) }
                write(item, pretty: pretty, indent: indent + 1, into: &output)
            }
            if pretty { newline(indent, into: &output) }
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            guard !object.isEmpty else { return append("{}", to: &output) }
            output.append(UInt8(ascii: "{"))
            for (position, member) in object.members.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                if pretty { newline(indent + 1, into: &output) }
                writeString(member.key, into: &output)
                output.append(UInt8(ascii: ":"))
                if pretty { output.append(UInt8(ascii: " ")) }
                write(member.value, pretty: pretty, indent: indent + 1, into: &output)
            }
            if pretty { newline(indent, into: &output) }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// Appends a newline and `level` * 2 spaces.
    @inline(__always)
    static func newline(_ level: Int, into output: inout [UInt8]) {
        output.append(0x0A)
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: level * 2))
    }

    @inline(__always)
    static func append(_ text: StaticString, to output: inout [UInt8]) {
        output.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    static func writeInt(_ number: Int, into output: inout [UInt8]) {
        if number >= 0 && number < 10 {
            output.append(UInt8(ascii: "0") + UInt8(number))
            return
        }
        var magnitude = number.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes of stack scratch
        withUnsafeMutableBytes(of: &digits) { buffer in
            var position = buffer.count
            while magnitude > 0 {
                position -= 1
                buffer[position] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            }
            if number < 0 {
                position -= 1
                buffer[position] = UInt8(ascii: "-")
            }
            output.append(contentsOf: buffer[position...])
        }
    }

    static func writeDouble(_ number: Double, into output: inout [UInt8]) {
        guard number.isFinite else { return append("null", to: &output) }  // as JSON.stringify does
        output.append(contentsOf: number.description.utf8)  // Swift prints shortest round-trip
    }

    static func writeString(_ text: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var runStart = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                runStart = index + 1
                output.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): output.append(byte)
                case 0x08: output.append(UInt8(ascii: "b"))
                case 0x0C: output.append(UInt8(ascii: "f"))
                case 0x0A: output.append(UInt8(ascii: "n"))
                case 0x0D: output.append(UInt8(ascii: "r"))
                case 0x09: output.append(UInt8(ascii: "t"))
                default:
                    let hex: [UInt8] = Array("0123456789abcdef".utf8)
                    output.append(contentsOf: [
                        UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)],
                    ])
                }
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
        }
        output.append(UInt8(ascii: "\""))
    }
}
