import JSON

/// The query parameters of a list, as each dialect reads them
/// (``CollectionQuery`` for v0, ``JSONServerRouter`` `listV1` and
/// ``WhereClause`` for v1).
extension OpenAPIGenerator {
    /// v0: `_page _limit _start _end _sort _order q _embed _expand`, then per
    /// scalar member (dotted paths too) `field`, `field_ne`, and
    /// `field_gte`/`field_lte` (numbers) or `field_like` (text).
    func listParametersV0(_ resource: DescribedResource) -> [JSONValue] {
        var parameters: [JSONValue] = [
            Self.query("_page", integer: true, "The page to answer (1-based); adds X-Total-Count and Link"),
            Self.query(
                "_limit", integer: true,
                "Records per page with _page (default 10), or from _start; at most \(PageBound.maximumItems)"),
            Self.query("_start", integer: true, "The first record to answer (0-based; negative counts from the end)"),
            Self.query(
                "_end", integer: true,
                "The record to stop before (with _start); at most \(PageBound.maximumItems) records are answered"),
            Self.query("_sort", integer: false, "Member paths to sort by, comma-separated (address.city,name)"),
            Self.query("_order", integer: false, "asc or desc, comma-separated, one per _sort member"),
            Self.query("q", integer: false, "Full-text search: records with any value containing this text"),
        ]
        let children = self.children(of: resource)
        if !children.isEmpty {
            parameters.append(
                Self.query("_embed", names: children, "Adds the records of a collection that point at each record"))
        }
        let parents = resource.foreignKeys.map { Inflector.singular($0.target) }
        if !parents.isEmpty {
            parameters.append(
                Self.query("_expand", names: parents, "Adds the record each record points at (user for userId)"))
        }
        for (path, member) in resource.schema.scalarPaths() {
            let value = Self.filterSchema(member)
            parameters.append(Self.query(path, value, "Only records whose \(path) equals this (repeat for any of)"))
            parameters.append(Self.query(path + "_ne", value, "Only records whose \(path) is not this"))
            if member.isNumeric {
                parameters.append(Self.query(path + "_gte", value, "Only records whose \(path) is at least this"))
                parameters.append(Self.query(path + "_lte", value, "Only records whose \(path) is at most this"))
            } else if member.sawString {
                parameters.append(
                    Self.query(
                        path + "_like", ["type": "string", "format": "regex"],
                        "Only records whose \(path) matches this regular expression (any case)"))
            }
        }
        return parameters
    }

    /// v1: `_page _per_page _start _end _limit _sort _embed _where q`, then
    /// per scalar member `field` and `field:op` for the operators of its type.
    func listParametersV1(_ resource: DescribedResource) -> [JSONValue] {
        var parameters: [JSONValue] = [
            Self.query("_page", integer: true, "The page to answer (1-based): the answer is a page envelope"),
            Self.query(
                "_per_page", integer: true,
                "Records per page (default 10, at most \(PageBound.maximumItems)); without _page, page 1"),
            Self.query("_start", integer: true, "The first record to answer (0-based), without _page"),
            Self.query(
                "_end", integer: true,
                "The record to stop before, without _page; at most \(PageBound.maximumItems) records are answered"),
            Self.query(
                "_limit", integer: true,
                "How many records to answer from _start, without _page (at most \(PageBound.maximumItems))"),
            Self.query("_sort", integer: false, "Member paths to sort by, comma-separated; -name sorts descending"),
            Self.query("q", integer: false, "Full-text search: records with any value containing this text"),
            [
                "name": "_where", "in": "query", "required": false,
                "description": .string(
                    "A JSON condition tree, like {\"or\":[{\"views\":{\"gt\":100}},{\"title\":{\"eq\":\"a\"}}]}, "
                        + "nested at most \(WhereClause.maximumDepth) levels deep"),
                "content": ["application/json": ["schema": ["type": "object"]]],
            ],
        ]
        let related = children(of: resource) + resource.foreignKeys.map { Inflector.singular($0.target) }
        if !related.isEmpty {
            parameters.append(
                Self.query(
                    "_embed", names: related,
                    "Adds related records: a collection's records pointing here, or the record one points at"))
        }
        parameters += conditionParametersV1(resource)
        return parameters
    }

    /// `field`, `field:ne`, `field:in`, and `:lt :lte :gt :gte` (numbers) or
    /// `:contains :startsWith :endsWith` (text), per scalar member.
    private func conditionParametersV1(_ resource: DescribedResource) -> [JSONValue] {
        var parameters: [JSONValue] = []
        for (path, member) in resource.schema.scalarPaths() {
            let value = Self.filterSchema(member)
            parameters.append(Self.query(path, value, "Only records whose \(path) equals this"))
            parameters.append(Self.query(path + ":ne", value, "Only records whose \(path) is not this"))
            parameters.append(
                Self.query(path + ":in", ["type": "string"], "Only records whose \(path) is one of these (a,b,c)"))
            if member.isNumeric {
                for (op, words) in [("lt", "less than"), ("lte", "at most"), ("gt", "more than"), ("gte", "at least")] {
                    parameters.append(Self.query(path + ":" + op, value, "Only records whose \(path) is \(words) this"))
                }
            } else if member.sawString {
                for (op, words) in [("contains", "contains"), ("startsWith", "starts with"), ("endsWith", "ends with")]
                {
                    parameters.append(
                        Self.query(path + ":" + op, ["type": "string"], "Only records whose \(path) \(words) this"))
                }
            }
        }
        return parameters
    }

    /// Collections whose records point at `resource`'s records.
    func children(of resource: DescribedResource) -> [String] {
        resources.filter { $0.foreignKeys.contains { $0.target == resource.name } }.map(\.name)
    }

    /// The schema of a filter value: the member's type when it has one, else text.
    static func filterSchema(_ member: InferredSchema) -> JSONValue {
        let types = member.typeNames.filter { $0 != "null" }
        return types.count == 1 ? .object(["type": .string(types[0])]) : .object(["type": "string"])
    }

    /// A text parameter, or an integer one (read as a 64-bit integer).
    static func query(_ name: String, integer: Bool, _ description: String) -> JSONValue {
        query(name, integer ? ["type": "integer", "format": "int64"] : ["type": "string"], description)
    }

    static func query(_ name: String, names: [String], _ description: String) -> JSONValue {
        query(name, ["type": "string", "enum": .array(names.map(JSONValue.string))], description)
    }

    static func query(_ name: String, _ schema: JSONValue, _ description: String) -> JSONValue {
        [
            "name": .string(name), "in": "query", "required": false, "description": .string(description),
            "schema": schema,
        ]
    }
}

extension InferredSchema {
    /// `true` when only numbers (and perhaps nulls) were seen.
    var isNumeric: Bool { (sawInteger || sawNumber) && !sawString && !sawBool && objectCount == 0 && arrayCount == 0 }
}
