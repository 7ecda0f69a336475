/// Runs a parsed `JQExpression` over a value, handing each output to a
/// closure as it is made (jq's streams), counting steps and depth.
final class JQEvaluator {
    let limits: JQ.Limits
    private var steps = 0

    init(limits: JQ.Limits) {
        self.limits = limits
    }

    typealias Emit = (JSONValue) throws(JQError) -> Void

    func evaluate(
        _ expression: JQExpression, _ input: JSONValue, depth: Int, emit: Emit
    ) throws(JQError) {
        steps += 1
        guard steps <= limits.steps else { throw .tooManySteps(limit: limits.steps) }
        guard depth <= limits.depth else { throw .tooDeep(limit: limits.depth) }
        let next = depth + 1
        switch expression {
        case .identity:
            try emit(input)
        case .literal(let value):
            try emit(value)
        case .recurse:
            try recurse(input, depth: next, emit: emit)
        case .pipe(let left, let right):
            try evaluate(left, input, depth: next) { value throws(JQError) in
                try self.evaluate(right, value, depth: next, emit: emit)
            }
        case .comma(let left, let right):
            try evaluate(left, input, depth: next, emit: emit)
            try evaluate(right, input, depth: next, emit: emit)
        case .index(let base, let index):
            let indices = try collect(index, input, depth: next)
            try evaluate(base, input, depth: next) { value throws(JQError) in
                for key in indices { try emit(try Self.index(value, by: key)) }
            }
        case .iterate(let base):
            try evaluate(base, input, depth: next) { value throws(JQError) in
                switch value {
                case .array(let items):
                    for item in items { try emit(item) }
                case .object(let object):
                    for member in object.members { try emit(member.value) }
                default:
                    throw .cannotIterate(kind: Self.kind(value))
                }
            }
        case .collect(let inner):
            guard let inner else { return try emit(.array([])) }
            try emit(.array(try collect(inner, input, depth: next)))
        case .compare(let comparison, let left, let right):
            let rights = try collect(right, input, depth: next)
            try evaluate(left, input, depth: next) { value throws(JQError) in
                for other in rights { try emit(.bool(Self.compare(comparison, value, other))) }
            }
        case .and(let left, let right):
            try evaluate(left, input, depth: next) { value throws(JQError) in
                guard Self.isTruthy(value) else { return try emit(.bool(false)) }
                for other in try self.collect(right, input, depth: next) { try emit(.bool(Self.isTruthy(other))) }
            }
        case .or(let left, let right):
            try evaluate(left, input, depth: next) { value throws(JQError) in
                guard !Self.isTruthy(value) else { return try emit(.bool(true)) }
                for other in try self.collect(right, input, depth: next) { try emit(.bool(Self.isTruthy(other))) }
            }
        case .not:
            try emit(.bool(!Self.isTruthy(input)))
        case .select(let condition):
            try evaluate(condition, input, depth: next) { value throws(JQError) in
                if Self.isTruthy(value) { try emit(input) }
            }
        case .length:
            try emit(try Self.length(input))
        case .keys:
            try emit(try Self.keys(input))
        }
    }

    /// Every output of `expression`, as an array (bounded by the outputs limit).
    private func collect(
        _ expression: JQExpression, _ input: JSONValue, depth: Int
    ) throws(JQError) -> [JSONValue] {
        var values: [JSONValue] = []
        let limit = limits.outputs
        try evaluate(expression, input, depth: depth) { value throws(JQError) in
            guard values.count < limit else { throw .tooManyOutputs(limit: limit) }
            values.append(value)
        }
        return values
    }

    /// `..`: the value, then everything inside it, depth first.
    private func recurse(_ value: JSONValue, depth: Int, emit: Emit) throws(JQError) {
        steps += 1
        guard steps <= limits.steps else { throw .tooManySteps(limit: limits.steps) }
        guard depth <= limits.depth else { throw .tooDeep(limit: limits.depth) }
        try emit(value)
        switch value {
        case .array(let items):
            for item in items { try recurse(item, depth: depth + 1, emit: emit) }
        case .object(let object):
            for member in object.members { try recurse(member.value, depth: depth + 1, emit: emit) }
        default:
            break
        }
    }

    // MARK: - Values

    static func kind(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool: return "boolean"
        case .int, .double: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }

    static func isTruthy(_ value: JSONValue) -> Bool {
        switch value {
        case .null, .bool(false): return false
        default: return true
        }
    }

    static func index(_ value: JSONValue, by key: JSONValue) throws(JQError) -> JSONValue {
        switch (value, key) {
        case (.null, .string), (.null, .int), (.null, .null):
            return .null
        case (.object(let object), .string(let name)):
            return object[name] ?? .null
        case (.array(let items), .int(let position)):
            let place = position < 0 ? items.count + position : position
            return items.indices.contains(place) ? items[place] : .null
        case (.array(let items), .double(let number)):
            guard number.isFinite, number.rounded(.down) == number, abs(number) < 1e15 else { return .null }
            return try index(.array(items), by: .int(Int(number)))
        default:
            throw .cannotIndex(kind: kind(value), index: key.description)
        }
    }

    static func length(_ value: JSONValue) throws(JQError) -> JSONValue {
        switch value {
        case .null: return .int(0)
        case .int(let number): return number == .min ? .double(-Double(number)) : .int(abs(number))
        case .double(let number): return .double(abs(number))
        case .string(let text): return .int(text.unicodeScalars.count)
        case .array(let items): return .int(items.count)
        case .object(let object): return .int(object.count)
        case .bool: throw .noSuch(function: "length", kind: kind(value))
        }
    }

    static func keys(_ value: JSONValue) throws(JQError) -> JSONValue {
        switch value {
        case .object(let object):
            // jq sorts keys by their code points.
            return .array(
                object.keys.sorted {
                    Array($0.unicodeScalars.map(\.value)).lexicographicallyPrecedes($1.unicodeScalars.map(\.value))
                }.map { .string($0) })
        case .array(let items):
            return .array(items.indices.map { .int($0) })
        default:
            throw .noSuch(function: "keys", kind: kind(value))
        }
    }

    // MARK: - Order

    /// jq's order of kinds: null < false < true < numbers < strings < arrays < objects.
    private static func rank(_ value: JSONValue) -> Int {
        switch value {
        case .null: return 0
        case .bool(false): return 1
        case .bool(true): return 2
        case .int, .double: return 3
        case .string: return 4
        case .array: return 5
        case .object: return 6
        }
    }

    private static func number(_ value: JSONValue) -> Double? {
        switch value {
        case .int(let number): return Double(number)
        case .double(let number): return number
        default: return nil
        }
    }

    /// -1, 0 or 1 as jq orders `lhs` and `rhs`.
    static func order(_ lhs: JSONValue, _ rhs: JSONValue) -> Int {
        let (left, right) = (rank(lhs), rank(rhs))
        if left != right { return left < right ? -1 : 1 }
        switch (lhs, rhs) {
        case (.int(let a), .int(let b)):
            return a == b ? 0 : (a < b ? -1 : 1)
        case (.string(let a), .string(let b)):
            let (x, y) = (Array(a.unicodeScalars.map(\.value)), Array(b.unicodeScalars.map(\.value)))
            return x == y ? 0 : (x.lexicographicallyPrecedes(y) ? -1 : 1)
        case (.array(let a), .array(let b)):
            for (x, y) in zip(a, b) {
                let result = order(x, y)
                if result != 0 { return result }
            }
            return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)
        case (.object(let a), .object(let b)):
            // Keys first (sorted, as arrays), then the values in key order.
            let (ka, kb) = (a.keys.sorted(), b.keys.sorted())
            let keyOrder = order(.array(ka.map { .string($0) }), .array(kb.map { .string($0) }))
            if keyOrder != 0 { return keyOrder }
            for key in ka {
                let result = order(a[key] ?? .null, b[key] ?? .null)
                if result != 0 { return result }
            }
            return 0
        default:
            if let a = number(lhs), let b = number(rhs) { return a == b ? 0 : (a < b ? -1 : 1) }
            return 0
        }
    }

    static func compare(_ comparison: JQComparison, _ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        let result = order(lhs, rhs)
        switch comparison {
        case .equal: return result == 0
        case .notEqual: return result != 0
        case .less: return result < 0
        case .lessOrEqual: return result <= 0
        case .greater: return result > 0
        case .greaterOrEqual: return result >= 0
        }
    }
}
