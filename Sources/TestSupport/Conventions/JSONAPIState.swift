import Foundation
import JSON

/// The ``JSONAPITestServer``'s resources and routes.
actor JSONAPIState {
    /// `http://127.0.0.1:<port>`, set once the server listens: links are absolute URLs under it.
    var origin = "http://127.0.0.1"

    func listen(at url: URL) { origin = url.absoluteString }

    let paging: JSONAPITestServer.Paging
    var store: [String: [JSONAPIResource]]
    var nextID: [String: Int]

    init(paging: JSONAPITestServer.Paging) {
        self.paging = paging
        store = ["people": JSONAPIData.people(), "articles": JSONAPIData.articles()]
        nextID = ["people": JSONAPITestServer.personCount + 1, "articles": JSONAPITestServer.articleCount + 1]
    }

    /// The key of a list's total in `meta`.
    static let totalKeys = ["articles": "count", "people": "total"]
    /// The attribute a created resource of a type must have.
    static let requiredAttributes = ["articles": "title", "people": "name"]

    func resource(_ type: String, _ id: String) -> JSONAPIResource? {
        store[type]?.first { $0.id == id }
    }

    func answer(_ request: TestHTTPRequest) -> TestHTTPResponse {
        var segments = request.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
            .map { $0.removingPercentEncoding ?? String($0) }
        guard segments.first == "jsonapi", !request.path.contains("//") else { return notFound(request.path) }
        segments.removeFirst()
        if segments.last == "" { segments.removeLast() }
        let base = origin + "/jsonapi"
        if let problem = JSONAPIQuery.unknownParameter(request.queryItems) {
            return error(400, "Unknown query parameter", detail: problem, parameter: problem)
        }
        if ["POST", "PATCH"].contains(request.method),
            request.header("Content-Type")?.trimmingCharacters(in: .whitespaces) != JSONAPITestServer.mediaType
        {
            return error(415, "Unsupported Media Type", detail: "send \(JSONAPITestServer.mediaType)")
        }
        let context = JSONAPIContext(base: base, query: JSONAPIQuery(request.queryItems))
        switch (request.method, segments.count) {
        case ("GET", 0): return root(base)
        case (_, 1) where store[segments[0]] != nil: return collection(segments[0], request, context)
        case (_, 2) where store[segments[0]] != nil: return member(segments[0], segments[1], request, context)
        case ("GET", 3) where store[segments[0]] != nil: return related(segments[0], segments[1], segments[2], context)
        case ("GET", 4) where store[segments[0]] != nil && segments[2] == "relationships":
            return linkage(segments[0], segments[1], segments[3], context)
        default: return notFound(request.path)
        }
    }

    private func root(_ base: String) -> TestHTTPResponse {
        var links = JSONObject([("self", .string(base))])
        for type in ["articles", "people"] {
            links[type] = .object(JSONObject([("href", .string(base + "/" + type))]))
        }
        return document(
            JSONObject([
                ("jsonapi", .object(JSONObject([("version", .string("1.1"))]))), ("links", .object(links)),
                ("meta", .object(JSONObject([("title", .string("Articles and their authors"))]))),
            ]))
    }

    private func collection(_ type: String, _ request: TestHTTPRequest, _ context: JSONAPIContext) -> TestHTTPResponse {
        switch request.method {
        case "GET": return list(type, store[type] ?? [], path: "/" + type, context)
        case "POST": return create(type, request.body, base: context.base)
        default: return error(405, "Method Not Allowed", detail: request.method)
        }
    }

    private func member(
        _ type: String, _ id: String, _ request: TestHTTPRequest, _ context: JSONAPIContext
    ) -> TestHTTPResponse {
        switch request.method {
        case "GET":
            guard let found = resource(type, id) else { return notFound(request.path) }
            return single(found, context)
        case "PATCH": return update(type, id, request.body, base: context.base)
        case "DELETE":
            guard let index = store[type]?.firstIndex(where: { $0.id == id }) else { return notFound(request.path) }
            store[type]?.remove(at: index)
            return TestHTTPResponse(status: 204)
        default: return error(405, "Method Not Allowed", detail: request.method)
        }
    }

    /// `/articles/3/author` (the person) or `/people/9/articles` (a list).
    private func related(_ type: String, _ id: String, _ name: String, _ context: JSONAPIContext) -> TestHTTPResponse {
        guard let found = resource(type, id) else { return notFound("/\(type)/\(id)") }
        if let identifier = found.toOne[name] {
            guard let identifier, let target = resource(identifier.type, identifier.id) else {
                return document(JSONObject([("data", .null)]))
            }
            return single(target, context)
        }
        if type == "people", name == "articles" {
            let written = (store["articles"] ?? []).filter { $0.toOne["author"]??.id == id }
            return list("articles", written, path: "/people/\(id)/articles", context)
        }
        return notFound("/\(type)/\(id)/\(name)")
    }

    private func linkage(_ type: String, _ id: String, _ name: String, _ context: JSONAPIContext) -> TestHTTPResponse {
        guard let found = resource(type, id), let identifier = found.toOne[name] else {
            return notFound("/\(type)/\(id)/relationships/\(name)")
        }
        let links = JSONObject([
            ("self", .string(context.base + "/\(type)/\(id)/relationships/\(name)")),
            ("related", .string(context.base + "/\(type)/\(id)/\(name)")),
        ])
        return document(JSONObject([("links", .object(links)), ("data", identifier?.json ?? .null)]))
    }

    /// One page of `resources` (filtered, sorted) with its links and total.
    private func list(
        _ type: String, _ resources: [JSONAPIResource], path: String, _ context: JSONAPIContext
    ) -> TestHTTPResponse {
        let query = context.query
        var found: [JSONAPIResource]
        do {
            found = try query.filtered(resources)
            found = try query.sorted(found)
        } catch {
            return self.error(400, "Invalid query", detail: error.detail, parameter: error.parameter)
        }
        guard let window = query.window(paging: paging) else {
            return error(400, "Invalid page parameter", detail: "page", parameter: "page")
        }
        let page = Array(found.dropFirst(window.offset).prefix(window.limit))
        guard let included = includedResources(page, query) else {
            return error(
                400, "Unknown include path", detail: query.include.joined(separator: ","), parameter: "include")
        }
        var body = JSONObject([
            ("links", .object(pageLinks(context.base + path, query, window: window, count: found.count))),
            ("data", .array(page.map { render($0, base: context.base, fields: query.fields) })),
        ])
        if let key = Self.totalKeys[type] { body["meta"] = .object(JSONObject([(key, .int(found.count))])) }
        if !query.include.isEmpty {
            body["included"] = .array(included.map { render($0, base: context.base, fields: query.fields) })
        }
        return document(body)
    }

    private func single(_ found: JSONAPIResource, _ context: JSONAPIContext) -> TestHTTPResponse {
        guard let included = includedResources([found], context.query) else {
            return error(400, "Unknown include path", detail: "include", parameter: "include")
        }
        var body = JSONObject([
            ("links", .object(JSONObject([("self", .string(context.base + "/\(found.type)/\(found.id)"))]))),
            ("data", render(found, base: context.base, fields: context.query.fields)),
        ])
        if !context.query.include.isEmpty {
            body["included"] = .array(included.map { render($0, base: context.base, fields: context.query.fields) })
        }
        return document(body)
    }

    /// The resources named by `include` of `page`, each once; nil for an unknown path.
    private func includedResources(_ page: [JSONAPIResource], _ query: JSONAPIQuery) -> [JSONAPIResource]? {
        var result: [JSONAPIResource] = []
        var seen: Set<JSONAPIIdentifier> = []
        for path in query.include {
            for item in page {
                guard let identifier = item.toOne[path] else { return nil }
                guard let identifier, seen.insert(identifier).inserted,
                    let target = resource(identifier.type, identifier.id)
                else { continue }
                result.append(target)
            }
        }
        return result
    }

    private func pageLinks(_ url: String, _ query: JSONAPIQuery, window: JSONAPIQuery.Window, count: Int) -> JSONObject
    {
        let lastOffset = max(0, (count - 1) / window.limit * window.limit)
        func link(_ offset: Int) -> JSONValue {
            .string(url + "?" + query.encoded(paging: paging, offset, window.limit))
        }
        return JSONObject([
            ("self", link(window.offset)), ("first", link(0)),
            ("prev", window.offset > 0 ? link(max(0, window.offset - window.limit)) : .null),
            ("next", window.offset + window.limit < count ? link(window.offset + window.limit) : .null),
            ("last", link(lastOffset)),
        ])
    }

    /// A resource object: type, id, attributes (those of `fields` when
    /// asked), relationships with links and, for to-one, `data`.
    func render(_ item: JSONAPIResource, base: String, fields: [String: [String]]) -> JSONValue {
        let selfURL = base + "/\(item.type)/\(item.id)"
        var attributes = item.attributes
        if let wanted = fields[item.type] {
            attributes = JSONObject(item.attributes.filter { wanted.contains($0.key) }.map { ($0.key, $0.value) })
        }
        var relationships = JSONObject()
        for (name, identifier) in item.toOne.sorted(by: { $0.key < $1.key }) {
            relationships[name] = .object(
                JSONObject([
                    ("links", relationshipLinks(selfURL, name)), ("data", identifier?.json ?? .null),
                ]))
        }
        if item.type == "people" {
            relationships["articles"] = .object(JSONObject([("links", relationshipLinks(selfURL, "articles"))]))
        }
        return .object(
            JSONObject([
                ("type", .string(item.type)), ("id", .string(item.id)), ("attributes", .object(attributes)),
                ("relationships", .object(relationships)),
                ("links", .object(JSONObject([("self", .string(selfURL))]))),
            ]))
    }

    private func relationshipLinks(_ selfURL: String, _ name: String) -> JSONValue {
        .object(
            JSONObject([
                ("self", .string(selfURL + "/relationships/" + name)), ("related", .string(selfURL + "/" + name)),
            ]))
    }

    func document(_ body: JSONObject, status: Int = 200, headers: [(name: String, value: String)] = [])
        -> TestHTTPResponse
    {
        TestHTTPResponse(
            status: status, headers: [("Content-Type", JSONAPITestServer.mediaType)] + headers,
            body: JSONWriter.data(.object(body)))
    }

    func error(_ status: Int, _ title: String, detail: String, parameter: String? = nil, pointer: String? = nil)
        -> TestHTTPResponse
    {
        var object = JSONObject([
            ("status", .string(String(status))), ("title", .string(title)), ("detail", .string(detail)),
        ])
        if let parameter { object["source"] = .object(JSONObject([("parameter", .string(parameter))])) }
        if let pointer { object["source"] = .object(JSONObject([("pointer", .string(pointer))])) }
        return document(JSONObject([("errors", .array([.object(object)]))]), status: status)
    }

    func notFound(_ path: String) -> TestHTTPResponse { error(404, "Not Found", detail: path) }
}

/// The base URL and the parsed query of one request.
struct JSONAPIContext {
    let base: String
    let query: JSONAPIQuery
}
