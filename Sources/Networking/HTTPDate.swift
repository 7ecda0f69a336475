import Foundation

/// Parses and formats HTTP dates (RFC 9110 §5.6.7).
///
/// Parsing accepts the preferred IMF-fixdate / RFC 1123 form
/// (`Sun, 06 Nov 1994 08:49:37 GMT`), RFC 822 variants (two-digit years,
/// numeric or US zone names, missing weekday or seconds), RFC 850
/// (`Sunday, 06-Nov-94 08:49:37 GMT`) and asctime (`Sun Nov  6 08:49:37 1994`).
/// Formatting always writes RFC 1123 in GMT. Both are pure and thread-safe.
public enum HTTPDate {
    /// Parses an HTTP date, or returns `nil` if `text` is not one.
    public static func parse(_ text: String) -> Date? {
        var tokens = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" }).map(String.init)
        guard !tokens.isEmpty else { return nil }
        if tokens[0].first?.isLetter == true, month(tokens[0]) == nil {
            tokens.removeFirst()  // weekday, ignored
        }
        guard let first = tokens.first else { return nil }
        if first.contains("-") {  // RFC 850: 06-Nov-94 08:49:37 GMT
            let parts = first.split(separator: "-").map(String.init)
            guard parts.count == 3 else { return nil }
            return build(
                day: parts[0], month: parts[1], year: parts[2], time: tokens.dropFirst().first,
                zone: tokens.dropFirst(2).first)
        }
        if month(first) != nil {  // asctime: Nov 6 08:49:37 1994
            guard tokens.count >= 4 else { return nil }
            return build(
                day: tokens[1], month: first, year: tokens[3], time: tokens[2], zone: tokens.dropFirst(4).first)
        }
        guard tokens.count >= 4 else { return nil }  // RFC 1123 / 822: 06 Nov 1994 08:49:37 GMT
        return build(
            day: tokens[0], month: tokens[1], year: tokens[2], time: tokens[3], zone: tokens.dropFirst(4).first)
    }

    /// Formats `date` as RFC 1123 in GMT, e.g. `Sun, 06 Nov 1994 08:49:37 GMT`.
    public static func format(_ date: Date) -> String {
        let t = CivilTime(date: date)
        return "\(CivilTime.weekdayNames[t.weekday]), \(padded(t.day, 2)) \(CivilTime.monthNames[t.month - 1]) "
            + "\(padded(t.year, 4)) \(padded(t.hour, 2)):\(padded(t.minute, 2)):\(padded(t.second, 2)) GMT"
    }

    // MARK: - Pieces

    private static func build(day: String, month monthName: String, year: String, time: String?, zone: String?) -> Date?
    {
        guard let day = Int(day), let month = month(monthName), var year = Int(year), let time,
            let (hour, minute, second) = clock(time)
        else { return nil }
        if year < 100 { year += year < 70 ? 2000 : 1900 }
        guard let offset = zoneOffset(zone) else { return nil }
        let civil = CivilTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        return civil.date(offsetSeconds: offset)
    }

    private static func month(_ name: String) -> Int? {
        guard name.count >= 3 else { return nil }
        let prefix = name.prefix(3).lowercased()
        return CivilTime.monthNames.firstIndex { $0.lowercased() == prefix }.map { $0 + 1 }
    }

    private static func clock(_ text: String) -> (Int, Int, Int)? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 2 || parts.count == 3, let hour = parts[0], let minute = parts[1] else { return nil }
        guard parts.count == 3 else { return (hour, minute, 0) }
        guard let second = parts[2] else { return nil }
        return (hour, minute, second)
    }

    /// Seconds east of GMT; a missing zone means GMT (as asctime has none).
    private static func zoneOffset(_ zone: String?) -> Int? {
        guard let zone = zone?.uppercased() else { return 0 }
        let named = [
            "GMT": 0, "UT": 0, "UTC": 0, "Z": 0, "EST": -5, "EDT": -4, "CST": -6, "CDT": -5,
            "MST": -7, "MDT": -6, "PST": -8, "PDT": -7,
        ]
        if let hours = named[zone] { return hours * 3_600 }
        guard zone.count == 5, let sign = zone.first, sign == "+" || sign == "-",
            let value = Int(zone.dropFirst())
        else { return nil }
        let seconds = (value / 100) * 3_600 + (value % 100) * 60
        return sign == "-" ? -seconds : seconds
    }
}
