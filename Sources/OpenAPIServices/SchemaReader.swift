import OpenAPIKit

/// Reads schemas of one document: follows `$ref`s into its components
/// (one step at a time, so cyclic schemas are fine: a cycle of references,
/// through `allOf` too, is followed once round and no further), sees
/// through `anyOf [X, null]`, and says what kind of value a schema describes.
struct SchemaReader {
    let components: OpenAPI.Components
    let source: String
    let order: KeyOrder

    /// What a schema describes, as far as columns and forms care.
    enum Kind: Equatable {
        case string, integer, number, boolean, object, array, other

        var isScalar: Bool { self != .object && self != .array && self != .other }
    }

    /// A schema with its `$ref`s followed, and the component it came from (`Book`).
    struct Resolved {
        var schema: JSONSchema
        var component: String?
        var nullable: Bool
    }

    /// `schema` with references followed and nullable unions seen through;
    /// a reference the document does not hold is a problem at `pointer`.
    /// References that come back round (`A: allOf [B]`, `B: allOf [A]`)
    /// describe nothing more: an object of no known properties.
    func resolve(_ schema: JSONSchema, at pointer: [String]) throws(OpenAPIProblem) -> Resolved {
        var current = schema
        var component: String?
        var nullable = schema.nullable
        var followed: Set<String> = []
        for _ in 0..<16 {
            switch current.value {
            case .reference(let reference, _):
                guard followed.insert(reference.absoluteString).inserted else {
                    return Resolved(.object, component, nullable)
                }
                guard let found = components[current] else {
                    throw OpenAPIProblem(
                        source: source, pointer: OpenAPIProblem.pointer(pointer),
                        reason: "the reference \(reference.absoluteString) cannot be resolved")
                }
                component = component ?? reference.name
                current = found
            case .any(let alternatives, _), .one(let alternatives, _):
                let values = alternatives.filter { if case .null = $0.value { return false } else { return true } }
                if values.count < alternatives.count { nullable = true }
                guard values.count == 1, let only = values.first else { return Resolved(current, component, nullable) }
                current = only
            case .all(let parts, _) where parts.count == 1:
                current = parts[0]
            default:
                return Resolved(current, component, nullable)
            }
        }
        return Resolved(current, component, nullable)
    }

    func kind(of schema: JSONSchema) -> Kind {
        switch schema.value {
        case .string: return .string
        case .integer: return .integer
        case .number: return .number
        case .boolean: return .boolean
        case .object: return .object
        case .array: return .array
        default: return .other
        }
    }

    /// The properties of an object schema (`allOf` parts merged), in order,
    /// and the names it requires. A part that is a component already being
    /// merged (`A: allOf [B, …]`, `B: allOf [A, …]`) is merged once.
    func properties(of schema: JSONSchema, at pointer: [String], merging: Set<String> = []) throws(OpenAPIProblem)
        -> (properties: [(name: String, schema: JSONSchema)], required: Set<String>)
    {
        if case .all(let parts, _) = schema.value {
            var merged: [(name: String, schema: JSONSchema)] = []
            var required: Set<String> = []
            for (index, part) in parts.enumerated() {
                let resolved = try resolve(part, at: pointer + ["allOf", String(index)])
                var inner = merging
                if let component = resolved.component {
                    guard inner.insert(component).inserted else { continue }
                }
                let found = try properties(
                    of: resolved.schema, at: pointer + ["allOf", String(index)], merging: inner)
                for property in found.properties where !merged.contains(where: { $0.name == property.name }) {
                    merged.append(property)
                }
                required.formUnion(found.required)
            }
            return (merged, required)
        }
        guard let object = schema.objectContext else { return ([], []) }
        let properties = order.ordered(object.properties.map { ($0.key, $0.value) }, at: pointer + ["properties"]) {
            $0.0
        }
        return (properties.map { (name: $0.0, schema: $0.1) }, Set(object.requiredProperties))
    }
}

extension SchemaReader.Resolved {
    init(_ schema: JSONSchema, _ component: String?, _ nullable: Bool) {
        self.init(schema: schema, component: component, nullable: nullable)
    }
}
