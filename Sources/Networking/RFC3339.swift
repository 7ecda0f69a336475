import Foundation

/// Parses and formats RFC 3339 timestamps such as `2024-05-01T12:34:56Z`,
/// `2024-05-01T12:34:56.250+02:00` or `2024-05-01 12:34:56z`.
///
/// Pure and thread-safe: no shared formatter.
public enum RFC3339 {
    /// Parses a timestamp with or without fractional seconds, with `Z` or a
    /// numeric offset; `nil` if `text` is not one.
    public static func parse(_ text: String) -> Date? {
        let chars = Array(text.utf8)
        var scanner = Scanner(chars: chars)
        guard let year = scanner.digits(4), scanner.skip("-"), let month = scanner.digits(2), scanner.skip("-"),
            let day = scanner.digits(2), scanner.skipOne(of: "Tt "),
            let hour = scanner.digits(2), scanner.skip(":"), let minute = scanner.digits(2), scanner.skip(":"),
            let second = scanner.digits(2)
        else { return nil }
        var fraction = 0.0
        if scanner.skip(".") {
            var scale = 0.1
            var any = false
            while let digit = scanner.digits(1) {
                fraction += Double(digit) * scale
                scale /= 10
                any = true
            }
            guard any else { return nil }
        }
        let offset: Int
        if scanner.skipOne(of: "Zz") {
            offset = 0
        } else if let sign = scanner.next(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"),
            let hours = scanner.digits(2), scanner.skip(":"), let minutes = scanner.digits(2)
        {
            offset = (sign == UInt8(ascii: "-") ? -1 : 1) * (hours * 3_600 + minutes * 60)
        } else {
            return nil
        }
        guard scanner.isAtEnd else { return nil }
        let civil = CivilTime(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second,
            fraction: fraction)
        return civil.date(offsetSeconds: offset)
    }

    /// Formats `date` in UTC with a `Z` suffix; with `fractionalSeconds`, to
    /// the millisecond (`2024-05-01T12:34:56.250Z`).
    public static func format(_ date: Date, fractionalSeconds: Bool = false) -> String {
        var t = CivilTime(date: date)
        var millis = Int((t.fraction * 1_000).rounded())
        if millis == 1_000 {  // rounding carried into the next second
            t = CivilTime(date: Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.up)))
            millis = 0
        }
        let base =
            "\(padded(t.year, 4))-\(padded(t.month, 2))-\(padded(t.day, 2))T"
            + "\(padded(t.hour, 2)):\(padded(t.minute, 2)):\(padded(t.second, 2))"
        return base + (fractionalSeconds ? ".\(padded(millis, 3))" : "") + "Z"
    }

    /// A cursor over ASCII bytes.
    private struct Scanner {
        let chars: [UInt8]
        var index = 0

        var isAtEnd: Bool { index == chars.count }

        mutating func next() -> UInt8? {
            guard index < chars.count else { return nil }
            defer { index += 1 }
            return chars[index]
        }

        mutating func skip(_ character: Character) -> Bool {
            skipOne(of: String(character))
        }

        mutating func skipOne(of set: String) -> Bool {
            guard index < chars.count, set.utf8.contains(chars[index]) else { return false }
            index += 1
            return true
        }

        /// Reads exactly `count` decimal digits.
        mutating func digits(_ count: Int) -> Int? {
            guard index + count <= chars.count else { return nil }
            var value = 0
            for byte in chars[index..<index + count] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            index += count
            return value
        }
    }
}
