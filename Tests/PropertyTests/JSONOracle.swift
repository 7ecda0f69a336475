import Foundation
import JSON

/// Foundation's `JSONSerialization` as the oracle for `JSONParser`: the same
/// texts accepted, the same values read.
///
/// Where the two are meant to differ, the difference is decided here and
/// documented (docs/TESTING-FAULTS.md):
/// - invalid UTF-8 inside a string: we decode it with U+FFFD (as
///   `String(decoding:as:)` does), Foundation refuses the text;
/// - a lone surrogate escape (`"\ud800"`): we read U+FFFD, Foundation refuses;
/// - numbers beyond `Double` (`1e400`): compared only for acceptance, as
///   Foundation may answer with a `Decimal`;
/// - texts Foundation reads as UTF-16/32 or with a byte-order mark never
///   reach the comparison (the builder inserts no NUL; a BOM is skipped).
/// - a number beyond `Double` is refused, even where a later duplicate
///   key replaces it (Foundation then accepts the text);
/// - a trailing comma (`[1,]`): Foundation on Linux accepts it, we refuse;
/// - U+FEFF inside a string: Foundation on Linux drops it, we keep it (it
///   is text like any other); values are compared without it.
/// Duplicate keys agree: the last one wins in both, and keys compare by
/// their scalars, not by canonical equivalence (`"é"` and `"e\u{301}"` are
/// two keys).
enum JSONOracle {
    enum Verdict: Equatable {
        case agree
        case disagree(String)
        case excused(String)
    }

    static func compare(_ bytes: [UInt8]) -> Verdict {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) || bytes.contains(0) { return .excused("BOM or NUL") }
        let ours: JSONValue?
        let ourError: JSONParseError?
        do {
            ours = try JSONParser.parse(bytes)
            ourError = nil
        } catch {
            ours = nil
            ourError = error
        }
        let theirs = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
        switch (ours, theirs) {
        case (nil, nil):
            return .agree
        case (let ours?, nil):
            if String(validating: bytes, as: UTF8.self) == nil { return .excused("invalid UTF-8 in a string") }
            if hasLoneSurrogate(bytes) { return .excused("lone surrogate escape") }
            return .disagree("we accept \(ours), Foundation refuses")
        case (nil, _?) where ourError?.reason == "number too large":
            // Foundation reads a number lazily: `{"a":1e400,"a":null}` passes
            // there, as the later key replaces it; we refuse every such number.
            return .excused("a number beyond Double that a later duplicate key replaces")
        case (nil, _?) where hasTrailingComma(bytes):
            // Foundation on Linux accepts `[1,]` and `{"a":1,}`; RFC 8259 does not.
            return .excused("a trailing comma")
        case (nil, _?):
            return .disagree("we refuse (\(ourError.map { "\($0)" } ?? "?")), Foundation accepts")
        case (let ours?, let theirs?):
            if let difference = difference(ours, theirs, at: "$") { return .disagree(difference) }
            return .agree
        }
    }

    /// Whether a `,` is followed (after whitespace) by `]` or `}`.
    static func hasTrailingComma(_ bytes: [UInt8]) -> Bool {
        let significant = bytes.filter { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        return zip(significant, significant.dropFirst()).contains {
            $0 == UInt8(ascii: ",") && ($1 == UInt8(ascii: "]") || $1 == UInt8(ascii: "}"))
        }
    }

    /// Whether the text has a `\uD8xx`–`\uDFxx` escape not in a valid pair.
    static func hasLoneSurrogate(_ bytes: [UInt8]) -> Bool {
        // An escaped backslash (`\\ud83d`) starts no escape: drop those first.
        let text = String(decoding: bytes, as: UTF8.self).lowercased().replacingOccurrences(of: "\\\\", with: "")
        guard
            let regex = try? NSRegularExpression(
                pattern: #"\\u(d[89ab][0-9a-f]{2})(\\u(d[c-f][0-9a-f]{2}))?|\\ud[c-f][0-9a-f]{2}"#)
        else { return false }
        let range = NSRange(text.startIndex..., in: text)
        return regex.matches(in: text, range: range).contains { match in
            // A high surrogate without its low one, or a low one alone.
            match.range(at: 1).location == NSNotFound || match.range(at: 2).location == NSNotFound
        }
    }

    /// Where two parsed values differ, or nil.
    static func difference(_ ours: JSONValue, _ theirs: Any, at path: String) -> String? {
        switch ours {
        case .null:
            return theirs is NSNull ? nil : "\(path): null vs \(theirs)"
        case .bool(let value):
            return (theirs as? NSNumber)?.boolValue == value ? nil : "\(path): \(value) vs \(theirs)"
        case .int(let value):
            guard let number = theirs as? NSNumber else { return "\(path): \(value) vs \(theirs)" }
            if number.int64Value == Int64(value) || number.doubleValue == Double(value) { return nil }
            return "\(path): \(value) vs \(number)"
        case .double(let value):
            guard let number = theirs as? NSNumber else { return "\(path): \(value) vs \(theirs)" }
            if !value.isFinite || number is NSDecimalNumber { return nil }
            return number.doubleValue == value ? nil : "\(path): \(value) vs \(number)"
        case .string(let value):
            guard let string = theirs as? String else { return "\(path): \(value.debugDescription) vs \(theirs)" }
            let ours = value.unicodeScalars.filter { $0 != "\u{FEFF}" }
            let foundations = string.unicodeScalars.filter { $0 != "\u{FEFF}" }
            return ours.elementsEqual(foundations)
                ? nil : "\(path): \(value.debugDescription) vs \(string.debugDescription)"
        case .array(let values):
            guard let array = theirs as? [Any], array.count == values.count else {
                return "\(path): \(values.count) elements vs \(theirs)"
            }
            for (index, value) in values.enumerated() {
                if let difference = difference(value, array[index], at: "\(path)[\(index)]") { return difference }
            }
            return nil
        case .object(let object):
            guard let dictionary = theirs as? NSDictionary else { return "\(path): object vs \(theirs)" }
            guard dictionary.count == object.count else {
                return "\(path): keys \(object.keys.map(\.debugDescription)) vs \(dictionary.allKeys)"
            }
            for member in object.members {
                let key = String(String.UnicodeScalarView(member.key.unicodeScalars.filter { $0 != "\u{FEFF}" }))
                guard let other = dictionary.object(forKey: NSString(string: key)) else {
                    return "\(path): key \(member.key.debugDescription) missing in Foundation's"
                }
                if let difference = difference(member.value, other, at: "\(path).\(member.key)") { return difference }
            }
            return nil
        }
    }
}
