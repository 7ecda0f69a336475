import OpenAPIKit
import Services

extension OpenAPICatalogBuilder {
    /// Names that name a record, most likely first.
    static let labelNames = [
        "name", "title", "label", "login", "username", "full_name", "fullName", "display_name", "displayName",
    ]
    /// A table shows at most this many columns.
    static let maxColumns = 8

    /// One property of a record schema, resolved.
    struct Property {
        var name: String
        var schema: JSONSchema
        var resolved: SchemaReader.Resolved
        var kind: SchemaReader.Kind
        var isRequired: Bool
        /// The collection its `x-trestle-relation` names (`trestle serve`
        /// writes it), on the property itself or on the schema it refers to.
        var declaredRelation: String? = nil
    }

    func properties(of resolved: SchemaReader.Resolved, at pointer: [String]) throws(OpenAPIProblem) -> [Property] {
        let base = resolved.component.map { ["components", "schemas", $0] } ?? pointer
        let (found, required) = try reader.properties(of: resolved.schema, at: base)
        var properties: [Property] = []
        for (name, schema) in found {
            let inner = try reader.resolve(schema, at: pointer + ["properties", name])
            let declared =
                reader.order.relation(at: base + ["properties", name])
                ?? inner.component.flatMap { reader.order.relation(at: ["components", "schemas", $0]) }
            properties.append(
                Property(
                    name: name, schema: schema, resolved: inner, kind: reader.kind(of: inner.schema),
                    isRequired: required.contains(name), declaredRelation: declared))
        }
        return properties
    }

    func itemPointer(_ collection: Collection) -> [String] {
        if let component = collection.shape.item.component { return ["components", "schemas", component] }
        return collection.entry.pointer + ["get", "responses", "200"]
    }

    /// The descriptor of one collection, relations aside.
    func descriptor(_ collection: Collection, nested: [Nested]) throws(OpenAPIProblem) -> ResourceDescriptor {
        let properties = try properties(of: collection.shape.item, at: itemPointer(collection))
        let names = properties.map(\.name)
        let parameter = collection.record?.templates.last
        let idField: String
        if let parameter, names.contains(parameter) {
            idField = parameter
        } else if names.contains("id") || names.isEmpty {
            idField = "id"
        } else {
            idField = names.first { $0.lowercased().hasSuffix("id") } ?? "id"
        }
        let scalars = properties.filter(\.kind.isScalar)
        let label =
            Self.labelNames.first { name in scalars.contains { $0.name == name && $0.kind == .string } }
            ?? scalars.first { $0.kind == .string && $0.name != idField && !Self.isForeignKey($0.name) }?.name
        // The id, the record's own fields, then the foreign keys (as the built-in catalog shows them).
        let others = scalars.filter { $0.name != idField }
        let points = { (property: Property) in
            Self.isForeignKey(property.name) || Self.declaredRelation(property) != nil
        }
        var ordered =
            scalars.filter { $0.name == idField } + others.filter { !points($0) } + others.filter(points)
        ordered = Array(ordered.prefix(Self.maxColumns))
        let columns = ordered.map(column)
        let (paging, pageSize) = collection.parameters.paging(
            reader: reader,
            nextKey: collection.shape.nextKey ?? (collection.shape.linkHeader ? ResourceRoute.linkHeader : nil))
        var route = ResourceRoute(path: placement.place(collection.entry.text), paging: paging)
        if let record = collection.record {
            // The record's path as written: `/books/{id}` beside `/books/`.
            let slash = record.text.hasSuffix("/") ? "/" : ""
            route.recordPath = placement.place(
                "/" + (record.segments.dropLast() + ["{}"]).joined(separator: "/") + slash)
        }
        route.itemsKey = collection.shape.itemsKey
        route.requiredQuery = collection.parameters.required(pageSize: pageSize)
        route.totalKey = collection.shape.totalKey
        if paging != .jsonServer {
            let sort = collection.parameters.named(QueryParameters.sortNames)
            route.sortParameter = sort?.name
            // An array of `property,(asc|desc)`: Spring's Pageable.
            if let schema = sort?.schema, let resolved = try? reader.resolve(schema, at: []) {
                route.sortsWithDirection = reader.kind(of: resolved.schema) == .array
            }
            route.searchParameter = collection.parameters.named(QueryParameters.searchNames)?.name
        }
        for found in nested where found.name == collection.name {
            route.nestedRoutes[found.foreignKey] = found.template
        }
        for property in scalars {
            let values = (property.resolved.schema.allowedValues ?? []).compactMap { $0.value as? String }
            if !values.isEmpty { route.choices[property.name] = values }
        }
        // The filters the document lists: others are applied to the loaded rows.
        route.facts[OpenAPIRoutesConvention.filtersFact] = collection.parameters.filters.map(\.name)
            .joined(separator: ",")
        for parameter in collection.parameters.filters where !parameter.choices.isEmpty {
            route.choices[parameter.name] = parameter.choices
        }
        let record = collection.record?.item
        route.replacesOnUpdate = record?.patch == nil && record?.put != nil
        route.readsRecords = record == nil || record?.get != nil
        let form = try formFields(collection)
        let canChange = record?.patch != nil || record?.put != nil
        let toggle = canChange ? scalars.first { $0.kind == .boolean }.map(\.name) : nil
        var descriptor = ResourceDescriptor(
            name: collection.name, singular: collection.shape.item.component.map(Self.singular), idField: idField,
            labelField: label, columns: columns,
            toggle: toggle.map { ResourceDescriptor.Toggle(field: $0, on: $0, off: "not \($0)") },
            formFields: form, pageSize: pageSize)
        descriptor.route = route
        return descriptor
    }

    /// A record schema's name as the record's singular: `Book` → `book`;
    /// the words frameworks add to a schema's name dropped (Ninja's
    /// `BookOut`, `BookRead`, `BookResponse`, `BookDTO` → `book`).
    static func singular(_ component: String) -> String {
        let name = component.lowercased()
        for suffix in ["out", "read", "response", "schema", "dto", "model", "detail"]
        where name.hasSuffix(suffix) && name.count > suffix.count + 1 {
            // A word of its own (`BookOut`), not the name's end (`Checkout`).
            let start = component.index(component.endIndex, offsetBy: -suffix.count)
            if component[start].isUppercase { return String(name.dropLast(suffix.count)) }
        }
        return name
    }

    /// `author_id`, `authorId`, `authorID`: a field that names another record.
    static func isForeignKey(_ name: String) -> Bool { foreignKeyBase(name) != nil }

    /// `author_id` → `author`; `nil` for names that are no foreign key.
    static func foreignKeyBase(_ name: String) -> String? {
        for suffix in ["_id", "Id", "ID", "_uuid", "Uuid"] where name.hasSuffix(suffix) && name.count > suffix.count {
            return String(name.dropLast(suffix.count))
        }
        return nil
    }

    /// A property as a column: what the document says of its values (the
    /// list lays it out from that, `ListColumns` in Modules).
    private func column(_ property: Property) -> ResourceDescriptor.Column {
        let schema = property.resolved.schema
        let choices = (schema.allowedValues ?? []).compactMap { $0.value as? String }
        let kind: ResourceDescriptor.Column.Kind
        switch property.kind {
        case .integer: kind = .integer
        case .number: kind = .number
        case .boolean: kind = .boolean
        default:
            switch schema.formatString {
            case "uuid": kind = .uuid
            case "date": kind = .date
            case "date-time": kind = .dateTime
            default: kind = .text
            }
        }
        return .init(property.name, kind: kind, choices: choices)
    }

    /// The form of a collection: the scalar properties of its `POST` body
    /// (else of its record's `PATCH` or `PUT` body); read-only fields left out.
    private func formFields(_ collection: Collection) throws(OpenAPIProblem) -> [ResourceDescriptor.FormField] {
        let candidates: [(OpenAPI.Operation?, [String])] = [
            (collection.entry.item.post, collection.entry.pointer + ["post"]),
            (collection.record?.item.patch, (collection.record?.pointer ?? []) + ["patch"]),
            (collection.record?.item.put, (collection.record?.pointer ?? []) + ["put"]),
        ]
        for case (let operation?, let pointer) in candidates {
            guard let body = operation.requestBody else { continue }
            guard let request = reader.components[body] else {
                throw OpenAPIProblem(
                    source: reader.source, pointer: OpenAPIProblem.pointer(pointer + ["requestBody"]),
                    reason: "the request body's reference cannot be resolved")
            }
            guard let (type, content) = ListShape.jsonContent(request.content, reader: reader),
                let schema = content.schema
            else { continue }
            let at = pointer + ["requestBody", "content", type.rawValue, "schema"]
            let resolved = try reader.resolve(schema, at: at)
            let fields = try properties(of: resolved, at: at)
            return fields.filter { $0.kind.isScalar && !$0.resolved.schema.readOnly }.map { property in
                let kind: ResourceDescriptor.FormField.Kind =
                    switch property.kind {
                    case .integer, .number: .number
                    case .boolean: .bool
                    default: .text
                    }
                let schema = property.resolved.schema
                let choices = (schema.allowedValues ?? []).compactMap { $0.value as? String }
                let minimum = schema.integerContext?.minimum.map { $0.value + ($0.exclusive ? 1 : 0) }
                let maximum = schema.integerContext?.maximum.map { $0.value - ($0.exclusive ? 1 : 0) }
                return ResourceDescriptor.FormField(
                    property.name, kind, required: property.isRequired, choices: choices, minimum: minimum,
                    maximum: maximum)
            }
        }
        return []
    }
}
