import Foundation
import JSON

/// How the JSON:API and OData test servers compare a record's value with
/// another or with a literal from a query: numbers as numbers, text as text
/// (ordered by code points), `null` and missing values first.
enum ConventionValues {
    /// Orders two values; nil and null come first.
    static func less(_ lhs: JSONValue?, _ rhs: JSONValue?) -> Bool {
        compare(lhs, rhs) < 0
    }

    /// -1, 0 or 1.
    static func compare(_ lhs: JSONValue?, _ rhs: JSONValue?) -> Int {
        switch (lhs, rhs) {
        case (nil, nil), (.null?, .null?), (nil, .null?), (.null?, nil): return 0
        case (nil, _), (.null?, _): return -1
        case (_, nil), (_, .null?): return 1
        case (let left?, let right?):
            if let a = left.doubleValue, let b = right.doubleValue { return a < b ? -1 : (a > b ? 1 : 0) }
            let a = text(left)
            let b = text(right)
            return a < b ? -1 : (a > b ? 1 : 0)
        }
    }

    /// The value as query text: `3`, `true`, `Ann`.
    static func text(_ value: JSONValue?) -> String {
        switch value {
        case .string(let string)?: string
        case .int(let number)?: String(number)
        case .double(let number)?: String(number)
        case .bool(let flag)?: String(flag)
        case nil, .null?: ""
        case let other?: other.description
        }
    }

    /// `literal` read in the kind of `sample` (a number where the field
    /// holds numbers), so `wordCount=900` compares as a number.
    static func literal(_ literal: String, like sample: JSONValue?) -> JSONValue {
        switch sample {
        case .int?, .double?:
            if let number = Int(literal) { return .int(number) }
            if let number = Double(literal) { return .double(number) }
            return .string(literal)
        case .bool?:
            return literal == "true" ? .bool(true) : (literal == "false" ? .bool(false) : .string(literal))
        default:
            return .string(literal)
        }
    }
}
