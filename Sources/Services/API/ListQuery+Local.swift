import Foundation
import JSON

/// A filter applied to a loaded record, for a server that cannot apply it
/// (``ListCapabilities``): the list keeps only the rows that pass.
extension ListQuery.Filter {
    /// Whether `record` passes: numbers (and text of digits) compare as
    /// numbers, other text without case; `~` looks for the text in the
    /// value; a record without the field passes only `!=`.
    public func matches(_ record: JSONValue) -> Bool {
        guard let value = record.value(atPath: field), !value.isNull else { return op == .notEqual }
        switch op {
        case .equal: return Self.compare(value, value: self.value) == 0
        case .notEqual: return Self.compare(value, value: self.value) != 0
        case .less: return Self.compare(value, value: self.value) < 0
        case .lessOrEqual: return Self.compare(value, value: self.value) <= 0
        case .greater: return Self.compare(value, value: self.value) > 0
        case .greaterOrEqual: return Self.compare(value, value: self.value) >= 0
        case .contains: return Self.text(of: value).lowercased().contains(self.value.lowercased())
        case .oneOf: return values.contains { Self.compare(value, value: $0) == 0 }
        }
    }

    /// −1, 0 or 1: `field` against the filter's `value` text.
    static func compare(_ field: JSONValue, value: String) -> Int {
        let text = text(of: field)
        if let left = field.doubleValue ?? Double(text), let right = Double(value) {
            return left < right ? -1 : (left > right ? 1 : 0)
        }
        let left = text.lowercased()
        let right = value.lowercased()
        return left < right ? -1 : (left > right ? 1 : 0)
    }

    /// A scalar as the filter line spells it (`true`, `12`, `Lantern`).
    static func text(of value: JSONValue) -> String {
        switch value {
        case .string(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        case .int(let number): return String(number)
        case .double(let number): return String(number)
        default: return String(decoding: JSONWriter.data(value), as: UTF8.self)
        }
    }
}
