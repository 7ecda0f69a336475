import JSON

/// What the values seen at one place in the data have in common, folded in
/// value by value: which JSON types occur there, and for objects and arrays
/// what their members and elements look like.
///
/// It says only what the data shows: an integer field that once holds `2.5`
/// is a `number`, a field missing from one object is not `required`, a field
/// once `null` is nullable; no formats, enums or bounds are guessed.
struct InferredSchema: Sendable {
    /// One member name seen in the objects here.
    struct Property: Sendable {
        var name: String
        var schema: InferredSchema
        /// How many of the objects had it.
        var count: Int
    }

    private(set) var sawNull = false
    private(set) var sawBool = false
    private(set) var sawInteger = false
    private(set) var sawNumber = false
    private(set) var sawString = false
    /// How many objects were seen here.
    private(set) var objectCount = 0
    /// Their members, in the order first seen.
    private(set) var properties: [Property] = []
    private var propertyIndex: [String: Int] = [:]
    /// How many arrays were seen here.
    private(set) var arrayCount = 0
    /// What their elements have in common (empty until one element is seen).
    private var elementSchema: [InferredSchema] = []

    /// Nothing seen yet.
    init() {}

    /// The schema of all of `values`.
    init(_ values: some Sequence<JSONValue>) {
        for value in values { add(value) }
    }

    /// Folds one more value in.
    mutating func add(_ value: JSONValue) {
        switch value {
        case .null: sawNull = true
        case .bool: sawBool = true
        case .int: sawInteger = true
        case .double: sawNumber = true
        case .string: sawString = true
        case .array(let items):
            arrayCount += 1
            if elementSchema.isEmpty, !items.isEmpty { elementSchema = [InferredSchema()] }
            for item in items { elementSchema[0].add(item) }
        case .object(let object):
            objectCount += 1
            for member in object.members {
                if let index = propertyIndex[member.key] {
                    properties[index].schema.add(member.value)
                    properties[index].count += 1
                } else {
                    propertyIndex[member.key] = properties.count
                    properties.append(Property(name: member.key, schema: InferredSchema([member.value]), count: 1))
                }
            }
        }
    }

    /// The schema seen for a member, if any object here had it.
    func property(_ name: String) -> InferredSchema? {
        propertyIndex[name].map { properties[$0].schema }
    }

    /// Names every object here had, in order.
    var requiredNames: [String] {
        properties.filter { $0.count == objectCount }.map(\.name)
    }

    /// `true` when only integers (and perhaps nulls) were seen.
    var isIntegral: Bool { sawInteger && !sawNumber && !sawString && !sawBool && objectCount == 0 && arrayCount == 0 }

    /// `true` when the values are scalars (a query can filter on them).
    var isScalar: Bool { objectCount == 0 && arrayCount == 0 && (sawBool || sawInteger || sawNumber || sawString) }

    /// The JSON type names seen, in a fixed order (`integer` folded into `number` when both occur).
    var typeNames: [String] {
        var names: [String] = []
        if objectCount > 0 { names.append("object") }
        if arrayCount > 0 { names.append("array") }
        if sawString { names.append("string") }
        if sawNumber {
            names.append("number")
        } else if sawInteger {
            names.append("integer")
        }
        if sawBool { names.append("boolean") }
        if sawNull { names.append("null") }
        return names
    }

    /// The JSON Schema (2020-12, as OpenAPI 3.1 uses it): `type` (a list when
    /// several occur), `properties` and `required` for objects, `items` for
    /// arrays; `{}` (anything) when nothing was seen.
    ///
    /// - Parameter annotate: adds to (or changes) the schema of a member
    ///   before it is written, by its path from here (`["address", "city"]`).
    func jsonSchema(path: [String] = [], annotate: (_ path: [String], _ schema: inout JSONObject) -> Void = { _, _ in })
        -> JSONObject
    {
        var schema = JSONObject()
        let names = typeNames
        if names.count == 1 {
            schema["type"] = .string(names[0])
        } else if !names.isEmpty {
            schema["type"] = .array(names.map(JSONValue.string))
        }
        if objectCount > 0 {
            var members = JSONObject()
            for property in properties {
                let memberPath = path + [property.name]
                var member = property.schema.jsonSchema(path: memberPath, annotate: annotate)
                annotate(memberPath, &member)
                members[property.name] = .object(member)
            }
            schema["properties"] = .object(members)
            let required = requiredNames
            if !required.isEmpty { schema["required"] = .array(required.map(JSONValue.string)) }
        }
        if arrayCount > 0 {
            schema["items"] = .object(elementSchema.first?.jsonSchema(path: path + ["[]"], annotate: annotate) ?? [:])
        }
        return schema
    }

    /// Dotted paths (`address.geo.lat`) of the scalar members, at any depth
    /// through objects (not arrays), with their schemas, in order.
    func scalarPaths(prefix: String = "") -> [(path: String, schema: InferredSchema)] {
        var paths: [(path: String, schema: InferredSchema)] = []
        for property in properties {
            let path = prefix.isEmpty ? property.name : prefix + "." + property.name
            if property.schema.isScalar {
                paths.append((path, property.schema))
            } else if property.schema.objectCount > 0, property.schema.arrayCount == 0 {
                paths += property.schema.scalarPaths(prefix: path)
            }
        }
        return paths
    }
}
