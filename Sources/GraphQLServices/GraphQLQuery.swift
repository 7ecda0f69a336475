import JSON
import Services

/// One query as sent: its text and its variables (`{"query": …, "variables": …}`).
public struct GraphQLQuery: Sendable, Hashable {
    public var text: String
    public var variables: JSONObject

    public init(text: String, variables: JSONObject = JSONObject()) {
        self.text = text
        self.variables = variables
    }

    /// The POST body.
    public var body: JSONValue {
        var object = JSONObject()
        object["query"] = .string(text)
        if !variables.isEmpty { object["variables"] = .object(variables) }
        return .object(object)
    }

    /// Selections nest no deeper than this in a query Trestle builds.
    public static let deepest = 8
}

/// Builds the queries the screens need from the introspected types: only
/// the fields a screen shows (the columns, and the id and label of each
/// record a relation points at), arguments as variables.
struct QueryBuilder: Sendable {
    let catalog: GraphQLCatalog

    /// The selection of one record of `type`: its leaves, and `{ id label }`
    /// of each single link (`author { id name }`).
    func selection(of type: String) -> String {
        var parts = catalog.leaves(of: type).map(\.name)
        for link in catalog.links where link.owner == type && link.isSingle {
            guard let target = catalog.collection(link.target) else { continue }
            let inner = [catalog.idField(of: target.nodeType), catalog.labelField(of: target.nodeType)]
                .compactMap(\.self)
            if inner.isEmpty { continue }
            parts.append("\(link.field) { \(inner.joined(separator: " ")) }")
        }
        return parts.joined(separator: " ")
    }

    /// What goes inside a field of `shape` returning `type` records.
    func records(_ type: String, shape: GraphQLCatalog.Shape, counting: Bool = true) -> String {
        let fields = selection(of: type)
        switch shape {
        case .list: return fields
        case .connection(let edges, let totalCount, let pageInfo):
            var parts: [String] = []
            if totalCount && counting { parts.append("totalCount") }
            if pageInfo { parts.append("pageInfo { hasNextPage endCursor }") }
            parts.append(edges ? "edges { node { \(fields) } }" : "nodes { \(fields) }")
            return parts.joined(separator: " ")
        }
    }

    /// The arguments and variables of a list: paging, the filter (fields
    /// of its input type the query filters by equality) and the order.
    struct Arguments {
        var declarations: [String] = []
        var uses: [String] = []
        var variables = JSONObject()

        mutating func add(_ argument: IntrospectedSchema.InputValue, _ value: JSONValue) {
            declarations.append("$\(argument.name): \(argument.type.sdl)")
            uses.append("\(argument.name): $\(argument.name)")
            variables[argument.name] = value
        }

        var call: String { uses.isEmpty ? "" : "(" + uses.joined(separator: ", ") + ")" }
        var header: String { declarations.isEmpty ? "" : "(" + declarations.joined(separator: ", ") + ")" }
    }

    /// The list query of `collection` (top level): one page from `cursor`.
    func list(_ collection: GraphQLCatalog.Collection, _ query: ListQuery, cursor: String?, first: Int?)
        -> GraphQLQuery
    {
        var arguments = Arguments()
        addPaging(
            &arguments, field: catalog.schema[catalog.schema.queryType]?.field(collection.field), cursor: cursor,
            first: first)
        if let filter = collection.filterArgument {
            var object = JSONObject()
            for item in query.filters where item.op == .equal {
                guard let field = collection.filterFields.first(where: { $0.name == item.field }) else { continue }
                object[field.name] = Self.value(item.value, as: field.type)
            }
            if !object.isEmpty { arguments.add(filter, .object(object)) }
        }
        if let order = collection.orderArgument, let key = query.sort.first,
            let value = orderValue(collection, key)
        {
            arguments.add(order, .string(value))
        }
        let body = records(collection.nodeType, shape: collection.shape)
        return GraphQLQuery(
            text: "query TrestleList\(arguments.header) { \(collection.field)\(arguments.call) { \(body) } }",
            variables: arguments.variables)
    }

    /// The records `link` leads to from the record `id` of its owner
    /// (`author(id: $id) { books(first: $first) { … } }`); `nil` when the
    /// owner's collection opens no record by id.
    func nested(_ link: GraphQLCatalog.Link, id: String, cursor: String?, first: Int?) -> GraphQLQuery? {
        guard let owner = catalog.collections.first(where: { $0.nodeType == link.owner }),
            let recordField = owner.recordField, let idArgument = owner.recordArgument,
            let target = catalog.collection(link.target)
        else { return nil }
        var arguments = Arguments()
        arguments.add(idArgument, .string(id))
        var inner = Arguments()
        addPaging(&inner, field: catalog.schema[link.owner]?.field(link.field), cursor: cursor, first: first)
        arguments.declarations += inner.declarations
        arguments.variables = JSONObject(
            arguments.variables.map { ($0.key, $0.value) } + inner.variables.map { ($0.key, $0.value) })
        let body = records(target.nodeType, shape: link.shape)
        return GraphQLQuery(
            text: "query TrestleRelated\(arguments.header) { \(recordField)(\(arguments.uses[0])) "
                + "{ \(link.field)\(inner.call) { \(body) } } }",
            variables: arguments.variables)
    }

    /// One record of `collection` by id; `nil` when no query field opens one.
    func record(_ collection: GraphQLCatalog.Collection, id: String) -> GraphQLQuery? {
        guard let field = collection.recordField, let argument = collection.recordArgument else { return nil }
        var arguments = Arguments()
        arguments.add(argument, .string(id))
        return GraphQLQuery(
            text: "query TrestleRecord\(arguments.header) { \(field)\(arguments.call) "
                + "{ \(selection(of: collection.nodeType)) } }",
            variables: arguments.variables)
    }

    /// A mutation with `values` as its arguments (an input object's fields
    /// nested as the form's dotted names gave them), selecting what it returns.
    func mutation(_ mutation: GraphQLCatalog.Mutation, values: JSONObject) -> GraphQLQuery {
        var arguments = Arguments()
        for argument in mutation.arguments {
            guard let value = values[argument.name] else { continue }
            arguments.add(argument, value)
        }
        let returned = mutation.returns
        let selection =
            returned.isLeaf
            ? ""
            : " { "
                + (catalog.collections.contains { $0.nodeType == returned.name }
                    ? selection(of: returned.name)
                    : catalog.leaves(of: returned.name).map(\.name).joined(separator: " "))
                + " }"
        return GraphQLQuery(
            text: "mutation TrestleMutation\(arguments.header) { \(mutation.field)\(arguments.call)\(selection) }",
            variables: arguments.variables)
    }

    private func addPaging(
        _ arguments: inout Arguments, field: IntrospectedSchema.Field?, cursor: String?, first: Int?
    ) {
        guard let field else { return }
        if let first, let argument = field.argument("first") { arguments.add(argument, .int(first)) }
        if let cursor, let argument = field.argument("after") { arguments.add(argument, .string(cursor)) }
    }

    /// The `orderBy` enum value for `key`: `TITLE_ASC`, `TITLE_DESC` (or `title_DESC`).
    func orderValue(_ collection: GraphQLCatalog.Collection, _ key: ListQuery.SortKey) -> String? {
        let direction = key.descending ? "DESC" : "ASC"
        let wanted = Self.screaming(key.field) + "_" + direction
        return collection.orderValues.first { $0.uppercased() == wanted }
    }

    /// `publishedYear` → `PUBLISHED_YEAR`.
    static func screaming(_ name: String) -> String {
        var result = ""
        for character in name {
            if character.isUppercase, !result.isEmpty { result.append("_") }
            result += character.uppercased()
        }
        return result
    }

    /// A filter's text as the JSON value of a variable of `type`.
    static func value(_ text: String, as type: IntrospectedSchema.TypeRef) -> JSONValue {
        switch type.name {
        case "Int": Int(text).map(JSONValue.int) ?? .string(text)
        case "Float": Double(text).map(JSONValue.double) ?? .string(text)
        case "Boolean": text == "true" ? .bool(true) : text == "false" ? .bool(false) : .string(text)
        default: .string(text)
        }
    }
}
