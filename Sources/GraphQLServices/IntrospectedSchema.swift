import JSON

/// A GraphQL service's schema as its introspection answer tells it: the
/// named types with their fields, arguments, input fields and enum values.
/// Plain values, bounded when read (``read(_:)``).
public struct IntrospectedSchema: Sendable, Hashable {
    /// A field's or argument's type: a named type, wrapped in non-null and list.
    public indirect enum TypeRef: Sendable, Hashable {
        case named(String, kind: String)
        case nonNull(TypeRef)
        case list(TypeRef)

        /// The named type inside the wrappers.
        public var name: String {
            switch self {
            case .named(let name, _): name
            case .nonNull(let inner), .list(let inner): inner.name
            }
        }

        /// The named type's kind (`SCALAR`, `OBJECT`, `ENUM`, `INPUT_OBJECT`…).
        public var kind: String {
            switch self {
            case .named(_, let kind): kind
            case .nonNull(let inner), .list(let inner): inner.kind
            }
        }

        /// Whether a list wraps the named type (at any level).
        public var isList: Bool {
            switch self {
            case .named: false
            case .list: true
            case .nonNull(let inner): inner.isList
            }
        }

        public var isNonNull: Bool {
            if case .nonNull = self { return true }
            return false
        }

        /// As SDL and variable definitions write it: `[Book!]!`.
        public var sdl: String {
            switch self {
            case .named(let name, _): name
            case .nonNull(let inner): inner.sdl + "!"
            case .list(let inner): "[" + inner.sdl + "]"
            }
        }

        /// Whether the named type is a scalar or an enum (a column, not a relation).
        public var isLeaf: Bool { kind == "SCALAR" || kind == "ENUM" }
    }

    /// An argument or an input object's field.
    public struct InputValue: Sendable, Hashable {
        public var name: String
        public var type: TypeRef

        public init(name: String, type: TypeRef) {
            self.name = name
            self.type = type
        }
    }

    public struct Field: Sendable, Hashable {
        public var name: String
        public var arguments: [InputValue]
        public var type: TypeRef

        public init(name: String, arguments: [InputValue] = [], type: TypeRef) {
            self.name = name
            self.arguments = arguments
            self.type = type
        }

        public func argument(_ name: String) -> InputValue? { arguments.first { $0.name == name } }
    }

    public struct NamedType: Sendable, Hashable {
        public var kind: String
        public var name: String
        public var fields: [Field]
        public var inputFields: [InputValue]
        public var enumValues: [String]
        public var interfaces: [String]
        public var possibleTypes: [String]

        public func field(_ name: String) -> Field? { fields.first { $0.name == name } }
    }

    public var queryType: String
    public var mutationType: String?
    /// The named types, in the answer's order.
    public var types: [NamedType]

    public subscript(name: String) -> NamedType? { types.first { $0.name == name } }

    /// An answer larger than this (bytes) is not read.
    public static let largestAnswer = 8 * 1024 * 1024
    /// More types than this, or more fields in one, are not read.
    public static let mostTypes = 5_000
    public static let mostFields = 1_000
    /// Type references nest no deeper than this (`[[Int!]!]!` is 5).
    public static let deepestType = 10

    /// What went wrong reading an answer, in a few words.
    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        public var description: String
        public init(_ description: String) { self.description = description }
    }

    /// The schema of an introspection answer (`{"data": {"__schema": …}}`).
    public static func read(_ answer: JSONValue) throws(Problem) -> IntrospectedSchema {
        guard let schema = answer.value(atPath: "data.__schema")?.objectValue else {
            throw Problem("no data.__schema in the answer")
        }
        guard let query = schema["queryType"]?.value(atPath: "name")?.stringValue else {
            throw Problem("no query type")
        }
        let mutation = schema["mutationType"]?.value(atPath: "name")?.stringValue
        guard let list = schema["types"]?.arrayValue else { throw Problem("no types") }
        guard list.count <= mostTypes else { throw Problem("more than \(mostTypes) types") }
        var types: [NamedType] = []
        for item in list {
            guard let object = item.objectValue, let name = object["name"]?.stringValue,
                let kind = object["kind"]?.stringValue
            else { throw Problem("a type without a name or kind") }
            let fields = object["fields"]?.arrayValue ?? []
            let inputs = object["inputFields"]?.arrayValue ?? []
            guard fields.count <= mostFields, inputs.count <= mostFields else {
                throw Problem("\(name) has more than \(mostFields) fields")
            }
            types.append(
                NamedType(
                    kind: kind, name: name,
                    fields: try fields.map { field throws(Problem) in
                        guard let fieldName = field.value(atPath: "name")?.stringValue else {
                            throw Problem("a field of \(name) without a name")
                        }
                        let arguments = field.value(atPath: "args")?.arrayValue ?? []
                        guard arguments.count <= mostFields else {
                            throw Problem("\(name).\(fieldName): too many args")
                        }
                        return Field(
                            name: fieldName, arguments: try arguments.map(inputValue),
                            type: try typeRef(field.value(atPath: "type")))
                    },
                    inputFields: try inputs.map(inputValue),
                    enumValues: (object["enumValues"]?.arrayValue ?? []).compactMap {
                        $0.value(atPath: "name")?.stringValue
                    },
                    interfaces: (object["interfaces"]?.arrayValue ?? []).compactMap {
                        $0.value(atPath: "name")?.stringValue
                    },
                    possibleTypes: (object["possibleTypes"]?.arrayValue ?? []).compactMap {
                        $0.value(atPath: "name")?.stringValue
                    }))
        }
        guard types.contains(where: { $0.name == query }) else { throw Problem("the query type \(query) is missing") }
        return IntrospectedSchema(queryType: query, mutationType: mutation, types: types)
    }

    private static func inputValue(_ value: JSONValue) throws(Problem) -> InputValue {
        guard let name = value.value(atPath: "name")?.stringValue else { throw Problem("an argument without a name") }
        return InputValue(name: name, type: try typeRef(value.value(atPath: "type")))
    }

    private static func typeRef(_ value: JSONValue?, depth: Int = 0) throws(Problem) -> TypeRef {
        guard depth < deepestType else { throw Problem("a type nested deeper than \(deepestType)") }
        guard let object = value?.objectValue, let kind = object["kind"]?.stringValue else {
            throw Problem("a type reference without a kind")
        }
        switch kind {
        case "NON_NULL": return .nonNull(try typeRef(object["ofType"], depth: depth + 1))
        case "LIST": return .list(try typeRef(object["ofType"], depth: depth + 1))
        default:
            guard let name = object["name"]?.stringValue else { throw Problem("a named type without a name") }
            return .named(name, kind: kind)
        }
    }
}

extension IntrospectedSchema {
    /// The introspection query Trestle sends: only what the catalog reads,
    /// type references seven deep.
    public static let query = """
        query TrestleIntrospection { __schema { queryType { name } mutationType { name } \
        types { kind name fields(includeDeprecated: false) { name args { name type { ...TypeRef } } \
        type { ...TypeRef } } inputFields { name type { ...TypeRef } } enumValues(includeDeprecated: false) \
        { name } interfaces { name } possibleTypes { name } } } }
        fragment TypeRef on __Type { kind name ofType { kind name ofType { kind name ofType { kind name \
        ofType { kind name ofType { kind name ofType { kind name } } } } } } }
        """

    /// The schema as SDL, for the GraphQL library to build a schema from
    /// and validate queries against (the introspection types left out).
    public var sdl: String {
        let builtIn: Set<String> = ["String", "Int", "Float", "Boolean", "ID"]
        var lines: [String] = []
        var roots = "schema { query: \(queryType)"
        if let mutationType { roots += " mutation: \(mutationType)" }
        lines.append(roots + " }")
        for type in types where !type.name.hasPrefix("__") {
            switch type.kind {
            case "SCALAR":
                if !builtIn.contains(type.name) { lines.append("scalar \(type.name)") }
            case "ENUM":
                lines.append("enum \(type.name) { \(type.enumValues.joined(separator: " ")) }")
            case "INPUT_OBJECT":
                let fields = type.inputFields.map { "\($0.name): \($0.type.sdl)" }
                lines.append("input \(type.name) { \(fields.joined(separator: " ")) }")
            case "OBJECT", "INTERFACE":
                let keyword = type.kind == "OBJECT" ? "type" : "interface"
                let implements =
                    type.interfaces.isEmpty ? "" : " implements " + type.interfaces.joined(separator: " & ")
                let fields = type.fields.map { field in
                    let arguments =
                        field.arguments.isEmpty
                        ? "" : "(" + field.arguments.map { "\($0.name): \($0.type.sdl)" }.joined(separator: ", ") + ")"
                    return "\(field.name)\(arguments): \(field.type.sdl)"
                }
                lines.append("\(keyword) \(type.name)\(implements) { \(fields.joined(separator: " ")) }")
            case "UNION":
                lines.append("union \(type.name) = \(type.possibleTypes.joined(separator: " | "))")
            default: continue
            }
        }
        return lines.joined(separator: "\n")
    }
}
