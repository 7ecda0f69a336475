/// A documented subset of jq, over `JSONValue`: what `:jq EXPR` narrows a
/// record or a list to.
///
/// The language (docs/PRODUCT.md, "Inside a record"):
/// - paths: `.`, `.a.b`, `.a[0]` (a negative index counts from the end),
///   `.["key"]`, `.[]` (every item or value), `..` (the value and everything
///   inside it), and `.a?`-free: indexing null gives null, indexing a number fails;
/// - `A | B` (B over each output of A), `A, B` (A's outputs, then B's),
///   `( … )`, `[ … ]` (collects outputs into an array);
/// - `select(COND)`, comparisons `== != < <= > >=` (jq's order: null <
///   false < true < numbers < strings < arrays < objects), `and`, `or`,
///   `not` (a filter: `.done | not`);
/// - literals: numbers, strings (`"…"` with jq's escapes), `true`, `false`, `null`;
/// - `length`, `keys` (an object's keys sorted, an array's indices).
///
/// Everything is bounded: the expression's length (`limits.expressionLength`),
/// its nesting (`limits.depth`), the steps of one evaluation
/// (`limits.steps`), the values it outputs (`limits.outputs`) and the depth
/// `..` descends (`limits.depth`). Errors carry data (`JQError`); the words
/// are the screens' (Modules).
public struct JQ: Sendable, Equatable {
    /// The bounds of parsing and evaluating.
    public struct Limits: Sendable, Equatable {
        public var expressionLength: Int
        public var depth: Int
        public var steps: Int
        public var outputs: Int

        public init(expressionLength: Int = 1_000, depth: Int = 256, steps: Int = 5_000_000, outputs: Int = 100_000) {
            self.expressionLength = expressionLength
            self.depth = depth
            self.steps = steps
            self.outputs = outputs
        }

        public static let standard = Limits()
    }

    /// The expression as written.
    public let source: String
    let root: JQExpression
    public let limits: Limits

    /// Parses `source`; a syntax error names its column (from 1, in characters).
    public init(_ source: String, limits: Limits = .standard) throws(JQError) {
        guard source.count <= limits.expressionLength else {
            throw .expressionTooLong(limit: limits.expressionLength)
        }
        self.source = source
        self.limits = limits
        var parser = try JQParser(source, depthLimit: limits.depth)
        root = try parser.parseProgram()
    }

    /// The values the expression outputs for `input`, in order.
    public func run(_ input: JSONValue) throws(JQError) -> [JSONValue] {
        let evaluator = JQEvaluator(limits: limits)
        var outputs: [JSONValue] = []
        try evaluator.evaluate(root, input, depth: 0) { value throws(JQError) in
            guard outputs.count < limits.outputs else { throw .tooManyOutputs(limit: limits.outputs) }
            outputs.append(value)
        }
        return outputs
    }
}

/// What went wrong, as data: a syntax error with its column, a value of
/// the wrong kind, or a bound reached.
public enum JQError: Error, Equatable, Sendable {
    /// A token that cannot stand here (its text), at `column` (from 1).
    case unexpected(String, column: Int)
    /// The expression ends where more is needed (`column`: one past its end).
    case unexpectedEnd(column: Int)
    /// A string literal without its closing quote, from `column`.
    case unterminatedString(column: Int)
    /// A name jq has but this subset does not (`map`, `$x`), at `column`.
    case unknownName(String, column: Int)
    case expressionTooLong(limit: Int)
    /// Nested deeper than the bound (in the expression or, for `..`, the value).
    case tooDeep(limit: Int)
    case tooManySteps(limit: Int)
    case tooManyOutputs(limit: Int)
    /// `.[…]` or `.name` on a value that has no members or items; `kind` is
    /// its kind (`number`), `index` the index as JSON (`"name"`, `0`).
    case cannotIndex(kind: String, index: String)
    /// `.[]` on a value that has no items.
    case cannotIterate(kind: String)
    /// `length` or `keys` of a value that has none (`function`: which).
    case noSuch(function: String, kind: String)

    /// The column of a syntax error, if this is one.
    public var column: Int? {
        switch self {
        case .unexpected(_, let column), .unexpectedEnd(let column), .unterminatedString(let column),
            .unknownName(_, let column):
            return column
        default:
            return nil
        }
    }
}

/// The parsed expression.
indirect enum JQExpression: Sendable, Equatable {
    case identity
    case recurse
    case literal(JSONValue)
    case pipe(JQExpression, JQExpression)
    case comma(JQExpression, JQExpression)
    /// `base[index]`: `index` is evaluated against the same input as `base`.
    case index(JQExpression, JQExpression)
    case iterate(JQExpression)
    case collect(JQExpression?)
    case compare(JQComparison, JQExpression, JQExpression)
    case and(JQExpression, JQExpression)
    case or(JQExpression, JQExpression)
    case not
    case select(JQExpression)
    case length
    case keys
}

enum JQComparison: String, Sendable, Equatable, CaseIterable {
    case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
}
