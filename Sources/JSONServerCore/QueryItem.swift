import JSON

/// One `name=value` pair of a URL query, already percent-decoded.
public struct QueryItem: Sendable, Hashable {
    /// The parameter name, e.g. `userId` or `_page`.
    public var name: String
    /// The parameter value (empty for a bare `name`).
    public var value: String

    /// Creates a query item.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// Splits a raw query string (`a=1&b=x%20y`) into decoded items in order;
    /// `+` is read as a space, as HTML forms and json-server's parser do.
    public static func parse(_ rawQuery: Substring) -> [QueryItem] {
        rawQuery.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = decode(parts[0])
            let value = parts.count > 1 ? decode(parts[1]) : ""
            return QueryItem(name: name, value: value)
        }
    }

    /// Percent-decodes a query component; malformed escapes are kept literally.
    static func decode(_ component: Substring) -> String {
        guard component.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) else {
            return String(component)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(component.utf8.count)
        var iterator = Array(component.utf8)[...]
        while let byte = iterator.popFirst() {
            if byte == UInt8(ascii: "+") {
                bytes.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), iterator.count >= 2,
                let high = hexValue(iterator[iterator.startIndex]),
                let low = hexValue(iterator[iterator.startIndex + 1])
            {
                bytes.append(high << 4 | low)
                iterator.removeFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Percent-encodes a query component (unreserved characters stay as they are).
    static func encode(_ text: String) -> String {
        if text.utf8.allSatisfy({ isUnreserved($0) }) { return text }
        var output = ""
        for byte in text.utf8 {
            if isUnreserved(byte) {
                output.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                output += hex.count == 1 ? "%0" + hex : "%" + hex
            }
        }
        return output
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"), UInt8(ascii: ","):
            return true
        default:
            return false
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
