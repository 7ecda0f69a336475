import Foundation
import JSON

/// The ``ODataTestServer``'s entities and routes.
actor ODataState {
    /// `http://127.0.0.1:<port>`, set once the server listens: links are absolute URLs under it.
    var origin = "http://127.0.0.1"

    func listen(at url: URL) { origin = url.absoluteString }

    /// One entity set: its records, key property, the kind of each
    /// property, and its navigation properties.
    struct EntitySet {
        var entities: [JSONObject]
        var key: String
        /// Property → `number`, `string` or `bool`.
        var kinds: [String: String]
        /// To-one navigation: name → (target set, this set's property holding the target's key).
        var toOne: [String: (set: String, property: String)]
        /// To-many navigation: name → (target set, the target's property holding this key).
        var toMany: [String: (set: String, property: String)]
    }

    var sets: [String: EntitySet]
    var nextKey: [String: Int] = [
        "Products": ODataTestServer.productCount + 1, "Categories": ODataTestServer.categoryCount + 1,
    ]

    /// What `$metadata` answers instead of ``ODataData/metadata``.
    let metadataAnswer: TestHTTPResponse?

    init(metadata: TestHTTPResponse? = nil) {
        metadataAnswer = metadata
        sets = [
            "Products": EntitySet(
                entities: ODataData.products(), key: "ID",
                kinds: [
                    "ID": "number", "Name": "string", "Price": "number", "InStock": "bool", "Released": "string",
                    "CategoryID": "number",
                ],
                toOne: ["Category": ("Categories", "CategoryID")], toMany: [:]),
            "Categories": EntitySet(
                entities: ODataData.categories(), key: "ID",
                kinds: ["ID": "number", "Name": "string", "Description": "string"], toOne: [:],
                toMany: ["Products": ("Products", "CategoryID")]),
            "People": EntitySet(
                entities: ODataData.people(), key: "UserName",
                kinds: ["UserName": "string", "FirstName": "string", "LastName": "string", "Age": "number"],
                toOne: [:], toMany: [:]),
        ]
    }

    static let setOrder = ["Products", "Categories", "People"]
    static let systemOptions: Set<String> = [
        "$top", "$skip", "$count", "$orderby", "$filter", "$select", "$expand", "$format", "$skiptoken",
    ]

    func entity(_ set: String, key: JSONValue) -> JSONObject? {
        guard let found = sets[set] else { return nil }
        return found.entities.first { ConventionValues.compare($0[found.key], key) == 0 }
    }

    func answer(_ request: TestHTTPRequest) -> TestHTTPResponse {
        let path = request.path.removingPercentEncoding ?? request.path
        guard path == "/odata" || path.hasPrefix("/odata/"), !path.contains("//") else { return notFound(path) }
        let base = origin + "/odata"
        let rest = String(path.dropFirst("/odata".count)).trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        if let unknown = request.queryItems.first(where: {
            $0.name.hasPrefix("$") && !Self.systemOptions.contains($0.name)
        }) {
            return problem(400, "The query parameter '\(unknown.name)' is not supported.")
        }
        if ["POST", "PATCH", "PUT"].contains(request.method),
            !(request.header("Content-Type") ?? "").lowercased().hasPrefix("application/json")
        {
            return problem(415, "A write must be application/json.")
        }
        let query = Dictionary(request.queryItems.map { ($0.name, $0.value ?? "") }) { first, _ in first }
        let context = Context(
            base: base, url: origin + request.path, query: query,
            prefer: request.header("Prefer") ?? "")
        if rest.isEmpty { return request.method == "GET" ? serviceDocument(base) : problem(405, "Method not allowed.") }
        if rest == "$metadata" {
            if let metadataAnswer { return metadataAnswer }
            return TestHTTPResponse(
                status: 200, headers: [("Content-Type", "application/xml"), ("OData-Version", "4.0")],
                body: Data(ODataData.metadata.utf8))
        }
        guard let segments = ODataPath.parse(rest) else { return problem(400, "The path '\(rest)' is not valid.") }
        return route(request, segments, context)
    }

    /// The base URL, the query options and the `Prefer` header of one request.
    struct Context {
        var base: String
        /// The request's URL without its query.
        var url: String
        var query: [String: String]
        var prefer: String
    }

    private func route(_ request: TestHTTPRequest, _ segments: [ODataPath.Segment], _ context: Context)
        -> TestHTTPResponse
    {
        guard let first = segments.first, let set = sets[first.name] else {
            return notFound(segments.first?.name ?? "")
        }
        if let key = first.key, (set.kinds[set.key] == "number") != (key.intValue != nil) {
            return problem(400, "The key of \(first.name) is a \(set.kinds[set.key] ?? ""); \(key) does not fit.")
        }
        switch (request.method, segments.count, first.key) {
        case ("GET", 1, nil): return list(first.name, set.entities, context)
        case ("POST", 1, nil): return create(first.name, request.body, context)
        case ("GET", 2, nil) where segments[1].name == "$count" && segments[1].key == nil:
            return TestHTTPResponse(
                status: 200, headers: [("Content-Type", "text/plain"), ("OData-Version", "4.0")],
                body: Data(String(set.entities.count).utf8))
        case ("GET", 1, let key?):
            guard let found = entity(first.name, key: key) else { return notFound(first.name) }
            return single(first.name, found, context)
        case ("PATCH", 1, let key?), ("PUT", 1, let key?):
            return update(first.name, key, request.body, replacing: request.method == "PUT", context)
        case ("DELETE", 1, let key?):
            guard let index = set.entities.firstIndex(where: { ConventionValues.compare($0[set.key], key) == 0 }) else {
                return notFound(first.name)
            }
            sets[first.name]?.entities.remove(at: index)
            return TestHTTPResponse(status: 204, headers: [("OData-Version", "4.0")])
        case ("GET", 2, let key?) where segments[1].key == nil:
            return navigate(first.name, key, segments[1].name, context)
        default:
            return problem(400, "The request \(request.method) \(request.path) is not supported.")
        }
    }

    private func serviceDocument(_ base: String) -> TestHTTPResponse {
        let value = Self.setOrder.map { name in
            JSONValue.object(
                JSONObject([("name", .string(name)), ("kind", .string("EntitySet")), ("url", .string(name))]))
        }
        return json(JSONObject([("@odata.context", .string(base + "/$metadata")), ("value", .array(value))]))
    }

    private func navigate(_ setName: String, _ key: JSONValue, _ name: String, _ context: Context) -> TestHTTPResponse {
        guard let set = sets[setName], let found = entity(setName, key: key) else { return notFound(setName) }
        if let (target, property) = set.toOne[name] {
            guard let value = found[property], !value.isNull, let related = entity(target, key: value) else {
                return TestHTTPResponse(status: 204, headers: [("OData-Version", "4.0")])
            }
            return single(target, related, context)
        }
        if let (target, property) = set.toMany[name], let targetSet = sets[target] {
            let related = targetSet.entities.filter { ConventionValues.compare($0[property], found[set.key]) == 0 }
            return list(target, related, context)
        }
        return problem(400, "Could not find a navigation property '\(name)' on \(setName).")
    }

    /// One server-driven page of `entities`, filtered, ordered and cut by `$top`/`$skip`.
    private func list(_ setName: String, _ entities: [JSONObject], _ context: Context) -> TestHTTPResponse {
        guard let set = sets[setName] else { return notFound(setName) }
        let query = context.query
        var found = entities
        do {
            if let text = query["$filter"] {
                let filter = try ODataFilter.parse(text, properties: Set(set.kinds.keys))
                if let mismatch = Self.typeMismatch(filter, set.kinds) { return problem(400, mismatch) }
                found = found.filter(filter.matches)
            }
        } catch {
            return problem(400, error.message)
        }
        if let orderBy = query["$orderby"] {
            guard let sorted = Self.ordered(found, by: orderBy, properties: set.kinds) else {
                return problem(400, "The $orderby '\(orderBy)' names an unknown property.")
            }
            found = sorted
        }
        let total = found.count
        guard let skip = Int(query["$skip"] ?? "0"), skip >= 0, let top = Int(query["$top"] ?? String(Int.max)),
            top >= 0
        else { return problem(400, "$top and $skip take a non-negative integer.") }
        found = Array(found.dropFirst(skip).prefix(top))
        let size = pageSize(context.prefer)
        let page = Array(found.prefix(size))
        var body = JSONObject([("@odata.context", .string(context.base + "/$metadata#" + setName))])
        if query["$count"] == "true" { body["@odata.count"] = .int(total) }
        let shaped = page.compactMap { shape($0, setName, context) }
        guard shaped.count == page.count else { return problem(400, "$select or $expand names an unknown property.") }
        body["value"] = .array(shaped.map(JSONValue.object))
        if found.count > size {
            body["@odata.nextLink"] = .string(
                nextLink(context, skip: skip + size, top: top == Int.max ? nil : top - size))
        }
        return json(body)
    }

    private func nextLink(_ context: Context, skip: Int, top: Int?) -> String {
        var items = context.query.filter { $0.key != "$skip" && $0.key != "$top" }.sorted { $0.key < $1.key }
            .map { URLQueryItem(name: $0.key, value: $0.value) }
        if let top { items.append(URLQueryItem(name: "$top", value: String(top))) }
        items.append(URLQueryItem(name: "$skip", value: String(skip)))
        var components = URLComponents()
        components.queryItems = items
        return context.url + "?" + (components.percentEncodedQuery ?? "")
    }

    /// Entities a page holds: 20, or fewer when `Prefer: odata.maxpagesize=n` asks.
    private func pageSize(_ prefer: String) -> Int {
        for part in prefer.split(separator: ",") {
            let pair = part.split(separator: "=").map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0] == "odata.maxpagesize", let size = Int(pair[1]), size >= 1 {
                return min(size, ODataTestServer.pageSize)
            }
        }
        return ODataTestServer.pageSize
    }

    func single(_ setName: String, _ found: JSONObject, _ context: Context) -> TestHTTPResponse {
        guard let shaped = shape(found, setName, context) else {
            return problem(400, "$select or $expand names an unknown property.")
        }
        var body = JSONObject([("@odata.context", .string(context.base + "/$metadata#\(setName)/$entity"))])
        for (key, value) in shaped { body[key] = value }
        return json(body)
    }

    /// The entity with only `$select`'s properties (the key kept) and
    /// `$expand`'s to-one navigation properties inlined; nil for an unknown name.
    private func shape(_ found: JSONObject, _ setName: String, _ context: Context) -> JSONObject? {
        guard let set = sets[setName] else { return nil }
        var result = found
        if let select = context.query["$select"] {
            let names = select.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard names.allSatisfy({ set.kinds[$0] != nil }) else { return nil }
            result = JSONObject(found.filter { names.contains($0.key) || $0.key == set.key }.map { ($0.key, $0.value) })
        }
        if let expand = context.query["$expand"] {
            for name in expand.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
                guard let (target, property) = set.toOne[name] else { return nil }
                result[name] = found[property].flatMap { entity(target, key: $0) }.map(JSONValue.object) ?? .null
            }
        }
        return result
    }
}
