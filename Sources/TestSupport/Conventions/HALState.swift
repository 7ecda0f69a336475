import Foundation
import JSON

/// The ``HALTestServer``'s records and routes.
actor HALState {
    static let authorNames = [
        "Imani Okafor", "Lars Berg", "Mei Tanaka", "Ana Souza", "Tomas Novak", "Priya Nair", "Jonas Weber",
        "Chloe Martin", "Kofi Mensah", "Sofia Rossi", "Emil Larsen", "Aiko Sato", "Rafael Lima", "Nora Kelly",
        "Omar Haddad", "Ines Duarte", "Felix Braun", "Yuki Mori", "Lena Fischer", "Marta Kowalska", "Hugo Petit",
        "Zara Ahmed", "Ivan Petrov", "Elif Yilmaz", "Sam Carter",
    ]

    var origin = ""
    /// Records by collection, without `id`: the id is the key.
    var collections: [String: [(id: Int, fields: JSONObject)]]
    var nextID = ["authors": 26, "books": 46]

    init() {
        let authors = Self.authorNames.enumerated().map { index, name in
            (id: index + 1, fields: JSONObject([("name", .string(name)), ("born", .int(1940 + index))]))
        }
        let books = (1...45).map { number in
            (
                id: number,
                fields: JSONObject([
                    ("title", .string("Book \(number)")), ("year", .int(1960 + number)),
                    ("authorId", .int(HALTestServer.authorOf(book: number))),
                ])
            )
        }
        collections = ["authors": authors, "books": books]
    }

    func setOrigin(_ origin: String) { self.origin = origin }

    func record(_ name: String, id: Int) -> JSONObject? { collections[name]?.first { $0.id == id }?.fields }

    func answer(_ request: TestHTTPRequest) -> TestHTTPResponse {
        guard request.path.hasPrefix("/api"), !request.path.contains("//") else { return notFound }
        let segments = request.path.split(separator: "/").dropFirst().map(String.init)
        if ["POST", "PUT", "PATCH"].contains(request.method), !Self.readable(request) {
            return TestHTTPResponse(status: 415)
        }
        switch (request.method, segments.count) {
        case ("GET", 0):
            var links = ["authors", "books"].map {
                ($0, Self.link("\(origin)/api/\($0){?page,size,sort}", templated: true))
            }
            links.append(("profile", Self.link("\(origin)/api/profile")))
            return hal(.object(JSONObject([("_links", .object(JSONObject(links)))])))
        case ("GET", 1):
            return page(segments[0], request.queryItems)
        case ("POST", 1):
            return create(segments[0], request.body)
        case (_, 2):
            return one(request.method, segments[0], Int(segments[1]), request.body)
        case ("GET", 3):
            return related(segments[0], Int(segments[1]), segments[2])
        default:
            return notFound
        }
    }

    private func page(_ name: String, _ query: [URLQueryItem]) -> TestHTTPResponse {
        guard var records = collections[name] else { return notFound }
        let sorts = query.filter { $0.name == "sort" }.compactMap(\.value)
        for sort in sorts.reversed() {
            let parts = sort.split(separator: ",")
            let field = String(parts.first ?? "")
            let descending = parts.count > 1 && parts[1].lowercased() == "desc"
            records = records.sorted { left, right in
                let ordered = Self.less(left.fields[field], right.fields[field])
                let reversed = Self.less(right.fields[field], left.fields[field])
                return descending ? reversed : ordered
            }
        }
        func number(_ key: String) -> Int? { query.first { $0.name == key }?.value.flatMap { Int($0) } }
        let size = min(number("size") ?? HALTestServer.pageSize, 2000)
        let current = number("page") ?? 0
        let pages = (records.count + size - 1) / size
        let rows = Array(records.dropFirst(current * size).prefix(size))
        let sortText = sorts.map { "&sort=\($0)" }.joined()
        func pageLink(_ number: Int) -> JSONValue {
            Self.link("\(origin)/api/\(name)?page=\(number)&size=\(size)\(sortText)")
        }
        var links: [(String, JSONValue)] = [("first", pageLink(0))]
        if current > 0 { links.append(("prev", pageLink(current - 1))) }
        links.append(("self", pageLink(current)))
        if current + 1 < pages { links.append(("next", pageLink(current + 1))) }
        links.append(("last", pageLink(max(pages - 1, 0))))
        links.append(("profile", Self.link("\(origin)/api/profile/\(name)")))
        var body: [(String, JSONValue)] = []
        if !rows.isEmpty {
            body.append(("_embedded", .object(JSONObject([(name, .array(rows.map { resource(name, $0) }))]))))
        }
        body.append(("_links", .object(JSONObject(links))))
        body.append(
            (
                "page",
                .object(
                    JSONObject([
                        ("size", .int(size)), ("totalElements", .int(records.count)), ("totalPages", .int(pages)),
                        ("number", .int(current)),
                    ])
                )
            ))
        return hal(.object(JSONObject(body)))
    }

    /// A record as Spring Data REST shows it: no id, `_links` self, itself and its associations.
    private func resource(_ name: String, _ record: (id: Int, fields: JSONObject)) -> JSONValue {
        var fields = record.fields
        let authorID = fields["authorId"]
        fields["authorId"] = nil
        let href = "\(origin)/api/\(name)/\(record.id)"
        var links: [(String, JSONValue)] = [("self", Self.link(href)), (String(name.dropLast()), Self.link(href))]
        if name == "books", authorID != nil { links.append(("author", Self.link(href + "/author"))) }
        if name == "authors" { links.append(("books", Self.link(href + "/books"))) }
        fields["_links"] = .object(JSONObject(links))
        return .object(fields)
    }

    private func one(_ method: String, _ name: String, _ id: Int?, _ body: Data) -> TestHTTPResponse {
        guard let id, var records = collections[name], let index = records.firstIndex(where: { $0.id == id }) else {
            return notFound
        }
        switch method {
        case "GET":
            return hal(resource(name, records[index]))
        case "PATCH", "PUT":
            guard case .object(let given)? = try? JSONParser.parse(body) else { return badRequest }
            var fields = method == "PUT" ? JSONObject() : records[index].fields
            if method == "PUT" { fields["authorId"] = records[index].fields["authorId"] }
            for (key, value) in given where key != "_links" && key != "id" { fields[key] = value }
            records[index].fields = fields
            collections[name] = records
            return hal(resource(name, records[index]))
        case "DELETE":
            records.remove(at: index)
            collections[name] = records
            return TestHTTPResponse(status: 204)
        default:
            return TestHTTPResponse(status: 405)
        }
    }

    private func related(_ name: String, _ id: Int?, _ rel: String) -> TestHTTPResponse {
        guard let id, let record = collections[name]?.first(where: { $0.id == id }) else { return notFound }
        switch (name, rel) {
        case ("books", "author"):
            guard let author = record.fields["authorId"]?.intValue,
                let found = collections["authors"]?.first(where: { $0.id == author })
            else { return notFound }
            return hal(resource("authors", found))
        case ("authors", "books"):
            let books = (collections["books"] ?? []).filter { $0.fields["authorId"]?.intValue == id }
            return hal(
                .object(
                    JSONObject([
                        ("_embedded", .object(JSONObject([("books", .array(books.map { resource("books", $0) }))]))),
                        ("_links", .object(JSONObject([("self", Self.link("\(origin)/api/authors/\(id)/books"))]))),
                    ])))
        default:
            return notFound
        }
    }

    private func create(_ name: String, _ body: Data) -> TestHTTPResponse {
        guard collections[name] != nil, case .object(let given)? = try? JSONParser.parse(body) else {
            return badRequest
        }
        let id = nextID[name, default: 1]
        nextID[name] = id + 1
        var fields = JSONObject()
        for (key, value) in given where key != "_links" && key != "id" { fields[key] = value }
        if name == "books", fields["authorId"] == nil { fields["authorId"] = .int(1) }
        collections[name, default: []].append((id, fields))
        var response = hal(resource(name, (id, fields)))
        response.status = 201
        response.headers.append(("Location", "\(origin)/api/\(name)/\(id)"))
        return response
    }

    /// Whether Spring's Jackson converters read the body: `application/json` or `application/*+json`.
    static func readable(_ request: TestHTTPRequest) -> Bool {
        guard let type = request.header("Content-Type")?.split(separator: ";").first else { return false }
        let media = type.trimmingCharacters(in: .whitespaces).lowercased()
        return media == "application/json" || (media.hasPrefix("application/") && media.hasSuffix("+json"))
    }

    static func less(_ left: JSONValue?, _ right: JSONValue?) -> Bool {
        if let x = left?.intValue, let y = right?.intValue { return x < y }
        return (left?.stringValue ?? "") < (right?.stringValue ?? "")
    }

    static func link(_ href: String, templated: Bool = false) -> JSONValue {
        templated
            ? .object(JSONObject([("href", .string(href)), ("templated", .bool(true))]))
            : .object(JSONObject([("href", .string(href))]))
    }

    private func hal(_ value: JSONValue) -> TestHTTPResponse {
        TestHTTPResponse(status: 200, headers: [("Content-Type", "application/hal+json")], body: JSONWriter.data(value))
    }

    private var notFound: TestHTTPResponse { TestHTTPResponse(status: 404) }
    private var badRequest: TestHTTPResponse { .json(#"{"message":"bad body"}"#, status: 400) }
}
