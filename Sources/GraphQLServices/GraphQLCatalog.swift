import Services

/// What the browsing screens make of a GraphQL schema: the query fields
/// that return lists or Relay connections are collections, a query field
/// taking one `id` opens a record, object fields are relations, and the
/// mutations are operations. ``descriptors`` are what the screens see;
/// the rest is what ``GraphQLAPIService`` builds its queries from.
public struct GraphQLCatalog: Sendable, Hashable {
    /// How a field returns its records.
    public enum Shape: Sendable, Hashable {
        /// A Relay connection: `edges { node }` (or `nodes`), `pageInfo`,
        /// and `totalCount` where the type has it.
        case connection(edges: Bool, totalCount: Bool, pageInfo: Bool)
        /// A plain list of objects.
        case list
    }

    /// One collection: a query field returning records of `nodeType`.
    public struct Collection: Sendable, Hashable {
        /// The query field (`books`), also the collection's name.
        public var field: String
        public var nodeType: String
        public var shape: Shape
        /// `first`/`after` arguments: cursor paging.
        public var pagesByCursor: Bool
        /// The argument named `filter` or `where` and its input type's fields.
        public var filterArgument: IntrospectedSchema.InputValue?
        public var filterFields: [IntrospectedSchema.InputValue]
        /// The argument named `orderBy` and the enum values it takes.
        public var orderArgument: IntrospectedSchema.InputValue?
        public var orderValues: [String]
        /// The query field that takes one `id` and returns one `nodeType` (`book`).
        public var recordField: String?
        public var recordArgument: IntrospectedSchema.InputValue?
    }

    /// A field of a node type leading to other records.
    public struct Link: Sendable, Hashable {
        /// The type that has the field (`Author`) and the field (`books`).
        public var owner: String
        public var field: String
        /// The collection whose records it leads to (`books`).
        public var target: String
        public var shape: Shape
        /// `first`/`after` on the field itself.
        public var pagesByCursor: Bool
        /// One record (`Book.author`) rather than many.
        public var isSingle: Bool
        /// The foreign key a children relation filters by, as the filter
        /// line shows it: the owner's name (`author`: the books where
        /// author = 9), or `books@Author` when another link into the same
        /// collection has that name already.
        public var key: String = ""
    }

    /// One mutation: its field and its arguments, flattened one input object deep.
    public struct Mutation: Sendable, Hashable {
        public var field: String
        public var arguments: [IntrospectedSchema.InputValue]
        public var returns: IntrospectedSchema.TypeRef
    }

    public var schema: IntrospectedSchema
    public var collections: [Collection]
    public var links: [Link]
    public var mutations: [Mutation]
    /// The screens' descriptors, one per collection, in the schema's order.
    public var descriptors: [ResourceDescriptor]

    /// Records per page a connection is asked for.
    public static let pageSize = 20
    /// Columns shown at most per collection.
    public static let mostColumns = 12

    public func collection(_ name: String) -> Collection? { collections.first { $0.field == name } }

    /// The children link into `target` keyed `key` (`author` of books).
    public func link(key: String, into target: String) -> Link? {
        links.first { $0.key == key && $0.target == target && !$0.isSingle }
    }

    /// The scalar and enum fields of `type` (the columns), at most ``mostColumns``.
    public func leaves(of type: String) -> [IntrospectedSchema.Field] {
        Array(
            (schema[type]?.fields ?? []).filter { $0.type.isLeaf && $0.arguments.allSatisfy { !$0.type.isNonNull } }
                .prefix(Self.mostColumns))
    }

    /// The field naming a record (`name`, `title`, `label`), if `type` has one.
    public func labelField(of type: String) -> String? {
        let leaves = leaves(of: type).map(\.name)
        return ["name", "title", "label", "displayName"].first { leaves.contains($0) }
    }

    /// The id field of `type`: `id` when it has one.
    public func idField(of type: String) -> String? {
        leaves(of: type).contains { $0.name == "id" } ? "id" : nil
    }

    public init(_ schema: IntrospectedSchema) {
        self.schema = schema
        let queryFields = schema[schema.queryType]?.fields ?? []
        var collections: [Collection] = []
        for field in queryFields {
            guard let (node, shape) = Self.records(of: field.type, in: schema), schema[node]?.kind == "OBJECT"
            else { continue }
            let filter = field.argument("filter") ?? field.argument("where")
            let order = field.argument("orderBy")
            let record = queryFields.first { candidate in
                candidate.type.name == node && !candidate.type.isList && candidate.arguments.count == 1
                    && candidate.arguments[0].name == "id"
            }
            collections.append(
                Collection(
                    field: field.name, nodeType: node, shape: shape,
                    pagesByCursor: field.argument("first") != nil && field.argument("after") != nil,
                    filterArgument: filter,
                    filterFields: filter.flatMap { schema[$0.type.name]?.inputFields } ?? [],
                    orderArgument: order,
                    orderValues: order.flatMap { schema[$0.type.name]?.enumValues } ?? [],
                    recordField: record?.name, recordArgument: record?.arguments.first))
        }
        // One collection per node type: the first query field that lists it.
        var seen = Set<String>()
        collections = collections.filter { seen.insert($0.nodeType).inserted }
        self.collections = collections
        let byNode = Dictionary(collections.map { ($0.nodeType, $0.field) }, uniquingKeysWith: { first, _ in first })
        var links: [Link] = []
        for collection in collections {
            for field in schema[collection.nodeType]?.fields ?? [] where !field.type.isLeaf {
                if !field.type.isList, field.type.kind == "OBJECT", let target = byNode[field.type.name],
                    !Self.isConnection(field.type.name, in: schema)
                {
                    links.append(
                        Link(
                            owner: collection.nodeType, field: field.name, target: target, shape: .list,
                            pagesByCursor: false, isSingle: true))
                } else if let (node, shape) = Self.records(of: field.type, in: schema), let target = byNode[node] {
                    links.append(
                        Link(
                            owner: collection.nodeType, field: field.name, target: target, shape: shape,
                            pagesByCursor: field.argument("first") != nil && field.argument("after") != nil,
                            isSingle: false))
                }
            }
        }
        var keys = Set<String>()
        for index in links.indices {
            let owner = links[index].owner
            let name = owner.prefix(1).lowercased() + owner.dropFirst()
            let key = keys.contains("\(links[index].target)|\(name)") ? "\(links[index].field)@\(owner)" : name
            keys.insert("\(links[index].target)|\(key)")
            links[index].key = key
        }
        self.links = links
        let mutationFields = schema.mutationType.flatMap { schema[$0]?.fields } ?? []
        mutations = mutationFields.map { Mutation(field: $0.name, arguments: $0.arguments, returns: $0.type) }
        descriptors = []
        descriptors = collections.map(descriptor)
    }

    /// The records a field of `type` returns, and how: a list of objects
    /// or a connection (`edges { node }`, `nodes`); `nil` for anything else.
    static func records(of type: IntrospectedSchema.TypeRef, in schema: IntrospectedSchema)
        -> (node: String, shape: Shape)?
    {
        if type.isList { return type.kind == "OBJECT" ? (type.name, .list) : nil }
        guard type.kind == "OBJECT", let connection = schema[type.name] else { return nil }
        let totalCount = connection.field("totalCount") != nil
        let pageInfo = connection.field("pageInfo") != nil
        if let edges = connection.field("edges"), edges.type.isList, let edge = schema[edges.type.name],
            let node = edge.field("node"), node.type.kind == "OBJECT", !node.type.isList
        {
            return (node.type.name, .connection(edges: true, totalCount: totalCount, pageInfo: pageInfo))
        }
        if let nodes = connection.field("nodes"), nodes.type.isList, nodes.type.kind == "OBJECT" {
            return (nodes.type.name, .connection(edges: false, totalCount: totalCount, pageInfo: pageInfo))
        }
        return nil
    }

    static func isConnection(_ type: String, in schema: IntrospectedSchema) -> Bool {
        records(of: .named(type, kind: "OBJECT"), in: schema) != nil
    }

    /// The screens' view of `collection`: its leaf fields as columns, its
    /// links as relations, cursor paging where it takes `first`/`after`.
    func descriptor(_ collection: Collection) -> ResourceDescriptor {
        let columns = leaves(of: collection.nodeType).map { field in
            ResourceDescriptor.Column(field.name, kind: Self.kind(of: field.type))
        }
        var relations: [ResourceDescriptor.Relation] = []
        for link in links where link.owner == collection.nodeType {
            relations.append(
                link.isSingle
                    ? .parent(link.field, target: link.target, by: "\(link.field).id")
                    : ResourceDescriptor.Relation(link.field, target: link.target, .children(foreignKey: link.key)))
        }
        let paged: Bool
        if case .connection = collection.shape { paged = true } else { paged = false }
        var descriptor = ResourceDescriptor(
            name: collection.field, singular: collection.recordField, idField: idField(of: collection.nodeType) ?? "id",
            labelField: labelField(of: collection.nodeType), columns: columns, relations: relations,
            pageSize: paged ? Self.pageSize : 0)
        var route = ResourceRoute(
            path: "/" + collection.field,
            paging: collection.pagesByCursor && paged
                ? .cursor(parameter: "after", size: "first", next: "pageInfo.endCursor") : .none)
        route.convention = GraphQLAPIService.convention
        route.sortParameter = collection.orderValues.isEmpty ? nil : collection.orderArgument?.name
        // The server filters by equality on its filter input's fields; the list does the rest.
        route.facts[OpenAPIRoutesConvention.filtersFact] = collection.filterFields
            .filter { $0.type.isLeaf && !$0.type.isList }.map(\.name).joined(separator: ",")
        // The children relations into this collection are asked through
        // their owner's record (`author(id:) { books }`): a nested route.
        for link in links where link.target == collection.field && !link.isSingle {
            route.nestedRoutes[link.key] = "/\(link.owner)/{}/\(link.field)"
        }
        descriptor.route = route
        return descriptor
    }

    static func kind(of type: IntrospectedSchema.TypeRef) -> ResourceDescriptor.Column.Kind? {
        switch type.name {
        case "Int": .integer
        case "Float": .number
        case "Boolean": .boolean
        case "String": .text
        case "ID": .identifier
        default: nil
        }
    }
}
