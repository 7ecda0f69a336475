import JSON

/// json-server v1's filter: a tree of conditions, matched against items.
///
/// Query parameters and the `_where` JSON both build one tree, shaped like
/// the items it matches: `{"views": {"gte": 100}, "author": {"name":
/// {"eq": "Ada"}}, "or": [{…}, {…}]}`. A field object holding a known
/// operator is a condition on that field; any other object descends into a
/// nested object; `or` holds alternatives.
public struct WhereClause: Sendable, Equatable {
    /// The operators of json-server v1, with their v0.17 `_op` spellings for
    /// the comparisons.
    public enum Operator: String, Sendable, CaseIterable {
        case eq, ne, lt, lte, gt, gte, `in`, contains, startsWith, endsWith
    }

    /// The tree (a JSON object).
    public private(set) var tree: JSONObject

    /// The deepest tree accepted, in nested objects and arrays (the tree
    /// itself is 1; `{"or":[{…}]}` is 2 a level): far more than a real
    /// query needs, and few enough that matching never nears the stack's end.
    public static let maximumDepth = 64

    /// An empty clause: matches everything.
    public init() { tree = JSONObject() }

    /// A clause from `_where` JSON (an object; anything else matches nothing).
    public init(tree: JSONObject) { self.tree = tree }

    /// Adds the condition a query parameter says, if it is one: `views:gte`,
    /// `views_gte` (v0.17), `title:contains`, `author.name` (equality).
    /// Returns `false` for a key naming an unknown operator (ignored, as
    /// json-server does).
    @discardableResult
    public mutating func add(key: String, value: String) -> Bool {
        guard let (path, op) = Self.split(key) else { return false }
        let coerced: JSONValue =
            op == .in
            ? .array(value.split(separator: ",", omittingEmptySubsequences: false).map { Self.coerce(String($0)) })
            : Self.coerce(value)
        var components = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        components.append(op.rawValue)
        tree = Self.setting(coerced, at: components[...], in: tree)
        return true
    }

    /// How deep `value` nests objects and arrays (a scalar is 0).
    static func depth(of value: JSONValue) -> Int {
        switch value {
        case .object(let object): return 1 + (object.map { depth(of: $0.value) }.max() ?? 0)
        case .array(let items): return 1 + (items.map { depth(of: $0) }.max() ?? 0)
        default: return 0
        }
    }

    /// One line when `_where` (a parsed tree) is deeper than ``maximumDepth``.
    static func refusal(where tree: JSONObject) -> String? {
        let depth = depth(of: .object(tree))
        guard depth > maximumDepth else { return nil }
        return "_where is nested \(depth) levels deep; at most \(maximumDepth) are accepted"
    }

    /// One line when a condition's field path (`a.b.c:op`) would nest the
    /// tree deeper than ``maximumDepth``.
    static func refusal(key: String) -> String? {
        let levels = key.utf8.count(where: { $0 == UInt8(ascii: ".") }) + 2
        guard levels > maximumDepth else { return nil }
        let shown = key.count > 40 ? key.prefix(40) + "…" : Substring(key)
        return "The condition \(shown) is nested \(levels) levels deep; at most \(maximumDepth) are accepted"
    }

    /// Splits `path:op`, `path_op` (v0.17 comparisons) or `path` (equality).
    static func split(_ key: String) -> (path: String, op: Operator)? {
        if let colon = key.lastIndex(of: ":") {
            let path = String(key[..<colon])
            let name = key[key.index(after: colon)...]
            if name.isEmpty { return (key, .eq) }
            guard let op = Operator(rawValue: String(name)) else { return nil }
            return (path, op)
        }
        if let underscore = key.lastIndex(of: "_"), underscore != key.startIndex,
            let op = Operator(rawValue: String(key[key.index(after: underscore)...])),
            [.lt, .lte, .gt, .gte, .ne].contains(op)
        {
            return (String(key[..<underscore]), op)
        }
        return (key, .eq)
    }

    /// `true`, `false`, `null` and numbers become JSON values; the rest stays text.
    static func coerce(_ text: String) -> JSONValue {
        switch text {
        case "true": return .bool(true)
        case "false": return .bool(false)
        case "null": return .null
        default:
            if let number = Int(text) { return .int(number) }
            if !text.trimmingCharacters(in: .whitespaces).isEmpty, let number = Double(text), number.isFinite {
                return .double(number)
            }
            return .string(text)
        }
    }

    private static func setting(_ value: JSONValue, at path: ArraySlice<String>, in object: JSONObject) -> JSONObject {
        guard let first = path.first else { return object }
        var copy = object
        if path.count == 1 {
            copy[first] = value
        } else {
            copy[first] = .object(setting(value, at: path.dropFirst(), in: object[first]?.objectValue ?? JSONObject()))
        }
        return copy
    }

    /// Whether `item` meets every condition.
    public func matches(_ item: JSONValue) -> Bool {
        Self.matches(item.objectValue ?? JSONObject(), tree)
    }

    private static func matches(_ object: JSONObject, _ clause: JSONObject) -> Bool {
        for (key, condition) in clause {
            if key == "or" {
                guard case .array(let alternatives) = condition, !alternatives.isEmpty else { return false }
                let any = alternatives.contains { alternative in
                    alternative.objectValue.map { matches(object, $0) } ?? false
                }
                if !any { return false }
                continue
            }
            let field = object[key]
            guard case .object(let conditions) = condition else {
                // A bare value is not a condition json-server understands: it matches nothing.
                return false
            }
            let operators = Operator.allCases.filter { conditions[$0.rawValue] != nil }
            if !operators.isEmpty {
                guard let field else { return false }
                for op in operators {
                    guard let operand = conditions[op.rawValue], test(field, op, operand) else { return false }
                }
                continue
            }
            guard case .object(let nested)? = field else {
                if containsOperator(condition) { return false }
                continue
            }
            if !matches(nested, conditions) { return false }
        }
        return true
    }

    private static func containsOperator(_ value: JSONValue) -> Bool {
        guard case .object(let object) = value else { return false }
        if Operator.allCases.contains(where: { object[$0.rawValue] != nil }) { return true }
        return object.contains { containsOperator($0.value) }
    }

    private static func test(_ field: JSONValue, _ op: Operator, _ operand: JSONValue) -> Bool {
        switch op {
        case .eq: return same(field, operand)
        case .ne: return !same(field, operand)
        case .lt: return compare(field, operand).map { $0 < 0 } ?? false
        case .lte: return compare(field, operand).map { $0 <= 0 } ?? false
        case .gt: return compare(field, operand).map { $0 > 0 } ?? false
        case .gte: return compare(field, operand).map { $0 >= 0 } ?? false
        case .in:
            let values = operand.arrayValue ?? [operand]
            return values.contains { same(field, $0) }
        case .contains, .startsWith, .endsWith:
            guard case .string(let text) = field else { return false }
            let haystack = text.lowercased()
            let needle = operand.scriptString.lowercased()
            switch op {
            case .contains: return haystack.contains(needle)
            case .startsWith: return haystack.hasPrefix(needle)
            default: return haystack.hasSuffix(needle)
            }
        }
    }

    /// Equality as a user means it: json-server v1 compares strictly, so
    /// `id:in=1,2` never matches the string ids it generates itself; here a
    /// number and the string of that number are the same value.
    static func same(_ field: JSONValue, _ operand: JSONValue) -> Bool {
        if field == operand { return true }
        switch (field, operand) {
        case (.string(let text), .int), (.string(let text), .double), (.string(let text), .bool):
            return text == operand.scriptString
        case (.int, .string(let text)), (.double, .string(let text)), (.bool, .string(let text)):
            return field.scriptString == text
        case (.int(let a), .double(let b)): return Double(a) == b
        case (.double(let a), .int(let b)): return a == Double(b)
        default: return false
        }
    }

    /// Numbers numerically (a numeric string counts as its number), strings by code point; `nil` otherwise.
    static func compare(_ field: JSONValue, _ operand: JSONValue) -> Int? {
        if case .string(let a) = field, case .string(let b) = operand { return QueryEngine.compareBytes(a, b) }
        guard let x = number(field), let y = number(operand) else { return nil }
        return x < y ? -1 : (x > y ? 1 : 0)
    }

    private static func number(_ value: JSONValue) -> Double? {
        switch value {
        case .int, .double: return value.doubleValue
        case .string(let text): return Double(text)
        default: return nil
        }
    }
}
