import Foundation
import JSON

/// The ``DjangoTestServer``'s records and routes.
actor DjangoState {
    static let publisherNames = [
        "Harbor House", "Lantern Press", "Quill & Co", "North Star", "Ember Books", "Saltmarsh",
        "Blue Heron", "Copperfield", "Juniper", "Old Mill", "Riverbend", "Tidewater",
    ]

    let paging: DjangoTestServer.Paging
    var origin = ""
    var collections: [String: [JSONObject]]
    var nextID = ["publishers": 13, "books": 61]

    init(paging: DjangoTestServer.Paging) {
        self.paging = paging
        let publishers = Self.publisherNames.enumerated().map { index, name in
            JSONObject([
                ("id", .int(index + 1)), ("name", .string(name)),
                ("country", .string(["NZ", "DE", "BR", "JP"][index % 4])),
            ])
        }
        let books = (1...60).map { number in
            JSONObject([
                ("id", .int(number)), ("title", .string("Volume \(number)")), ("year", .int(1950 + number)),
                ("publisher", .int((number - 1) % 12 + 1)), ("pages", .int(100 + number * 7 % 400)),
            ])
        }
        collections = ["publishers": publishers, "books": books]
    }

    func setOrigin(_ origin: String) { self.origin = origin }

    func record(_ name: String, id: Int) -> JSONObject? { collections[name]?.first { $0["id"]?.intValue == id } }

    func answer(_ request: TestHTTPRequest) -> TestHTTPResponse {
        let path = request.path
        guard path.hasPrefix("/api"), !path.contains("//") else { return notFound }
        if path == "/api" { return TestHTTPResponse(status: 301, headers: [("Location", "/api/")]) }
        guard path.hasSuffix("/") else { return notFound }
        if request.method == "GET", path == "/api/schema/" { return json(schema) }
        let segments = path.split(separator: "/").map(String.init)
        let query = request.queryItems
        if ["POST", "PUT", "PATCH"].contains(request.method), let refused = Self.unsupported(request) {
            return refused
        }
        switch (request.method, segments.count) {
        case ("GET", 1):
            return json(
                .object(JSONObject(["publishers", "books"].map { ($0, .string("\(origin)/api/\($0)/")) })))
        case ("GET", 2):
            return list(segments[1], query)
        case ("POST", 2):
            return create(segments[1], request.body)
        case (_, 3):
            return one(request.method, segments[1], Int(segments[2]), request.body)
        default:
            return notFound
        }
    }

    /// drf-spectacular's document of the collections (``DjangoSchemaDocument``).
    private var schema: JSONValue {
        let samples = ["publishers", "books"].compactMap { name in
            self.collections[name]?.first.map { (name: name, sample: $0) }
        }
        return DjangoSchemaDocument.document(samples, paging: paging)
    }

    private func list(_ name: String, _ query: [URLQueryItem]) -> TestHTTPResponse {
        guard var found = collections[name] else { return notFound }
        for item in query {
            guard let value = item.value else { continue }
            switch item.name {
            case "page", "page_size", "limit", "offset", "ordering": continue
            case "search":
                found = found.filter { record in
                    ["title", "name"].contains {
                        record[$0]?.stringValue?.lowercased().contains(value.lowercased()) == true
                    }
                }
            default:
                found = found.filter { Self.matches($0, item.name, value) }
            }
        }
        if let ordering = query.first(where: { $0.name == "ordering" })?.value {
            found = Self.sorted(found, by: ordering)
        }
        return page(name, found, query)
    }

    private func page(_ name: String, _ found: [JSONObject], _ query: [URLQueryItem]) -> TestHTTPResponse {
        func number(_ key: String) -> Int? { query.first { $0.name == key }?.value.flatMap { Int($0) } }
        let size: Int
        let start: Int
        var nextItems: [(String, String)]?
        var previousItems: [(String, String)]?
        switch paging {
        case .pageNumber:
            size = min(number("page_size") ?? DjangoTestServer.pageSize, 100)
            let page = number("page") ?? 1
            start = (page - 1) * size
            guard page >= 1, start < max(found.count, 1) else {
                return .json(#"{"detail":"Invalid page."}"#, status: 404)
            }
            if start + size < found.count { nextItems = [("page", "\(page + 1)")] }
            if page > 1 { previousItems = page > 2 ? [("page", "\(page - 1)")] : [] }
        case .limitOffset:
            size = min(number("limit") ?? DjangoTestServer.pageSize, 100)
            start = number("offset") ?? 0
            if start + size < found.count { nextItems = [("limit", "\(size)"), ("offset", "\(start + size)")] }
            if start > 0 { previousItems = [("limit", "\(size)"), ("offset", "\(max(start - size, 0))")] }
        }
        let kept = query.filter { !["page", "limit", "offset"].contains($0.name) }
        func link(_ items: [(String, String)]?) -> JSONValue {
            guard let items else { return .null }
            var components = URLComponents(string: "\(origin)/api/\(name)/")
            let all = kept + items.map { URLQueryItem(name: $0.0, value: $0.1) }
            components?.queryItems = all.isEmpty ? nil : all
            return components?.string.map(JSONValue.string) ?? .null
        }
        let rows = Array(found.dropFirst(start).prefix(size))
        return json(
            .object(
                JSONObject([
                    ("count", .int(found.count)), ("next", link(nextItems)), ("previous", link(previousItems)),
                    ("results", .array(rows.map(JSONValue.object))),
                ])))
    }

    private func one(_ method: String, _ name: String, _ id: Int?, _ body: Data) -> TestHTTPResponse {
        guard let id, var records = collections[name],
            let index = records.firstIndex(where: { $0["id"]?.intValue == id })
        else {
            return .json(#"{"detail":"No Book matches the given query."}"#, status: 404)
        }
        switch method {
        case "GET":
            return json(.object(records[index]))
        case "PATCH", "PUT":
            guard case .object(let fields)? = try? JSONParser.parse(body) else { return badRequest }
            var record = method == "PUT" ? JSONObject([("id", .int(id))]) : records[index]
            for (key, value) in fields where key != "id" { record[key] = value }
            records[index] = record
            collections[name] = records
            return json(.object(record))
        case "DELETE":
            records.remove(at: index)
            collections[name] = records
            return TestHTTPResponse(status: 204)
        default:
            return TestHTTPResponse(status: 405)
        }
    }

    private func create(_ name: String, _ body: Data) -> TestHTTPResponse {
        guard collections[name] != nil, case .object(let fields)? = try? JSONParser.parse(body) else {
            return badRequest
        }
        if let required = Self.required[name], fields[required]?.stringValue?.isEmpty ?? true {
            return .json(#"{"\#(required)":["This field is required."]}"#, status: 400)
        }
        let id = nextID[name, default: 1]
        nextID[name] = id + 1
        var record = JSONObject([("id", .int(id))])
        for (key, value) in fields where key != "id" { record[key] = value }
        collections[name, default: []].append(record)
        return json(.object(record), status: 201)
    }

    /// The field a new record of each collection must have (the model's non-blank `CharField`).
    static let required = ["books": "title", "publishers": "name"]

    /// A write DRF's `JSONParser` cannot read: `415` as DRF words it.
    static func unsupported(_ request: TestHTTPRequest) -> TestHTTPResponse? {
        let type = request.header("Content-Type")?.split(separator: ";").first.map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        }
        guard type != "application/json" else { return nil }
        return .json(#"{"detail":"Unsupported media type \"\#(type ?? "")\" in request."}"#, status: 415)
    }

    /// django-filter: `field=value`, `field__gte=`, `__lte`, `__gt`, `__lt`, `__icontains`, `__in`.
    static func matches(_ record: JSONObject, _ name: String, _ value: String) -> Bool {
        let parts = name.components(separatedBy: "__")
        guard let field = record[parts[0]] else { return false }
        let text = field.intValue.map(String.init) ?? field.stringValue ?? ""
        let lookup = parts.count > 1 ? parts[1] : "exact"
        func compare(_ order: (Double, Double) -> Bool) -> Bool {
            guard let left = Double(text), let right = Double(value) else { return false }
            return order(left, right)
        }
        switch lookup {
        case "exact": return text == value
        case "ne": return text != value
        case "gte": return compare(>=)
        case "lte": return compare(<=)
        case "gt": return compare(>)
        case "lt": return compare(<)
        case "icontains": return text.lowercased().contains(value.lowercased())
        case "in": return value.split(separator: ",").contains { String($0) == text }
        default: return false
        }
    }

    static func sorted(_ records: [JSONObject], by ordering: String) -> [JSONObject] {
        let keys = ordering.split(separator: ",").map { key in
            key.hasPrefix("-") ? (String(key.dropFirst()), true) : (String(key), false)
        }
        return records.sorted { left, right in
            for (field, descending) in keys {
                let a = left[field] ?? .null
                let b = right[field] ?? .null
                if a == b { continue }
                let ascending: Bool
                if let x = a.intValue, let y = b.intValue {
                    ascending = x < y
                } else {
                    ascending = (a.stringValue ?? "") < (b.stringValue ?? "")
                }
                return descending ? !ascending : ascending
            }
            return false
        }
    }

    private func json(_ value: JSONValue, status: Int = 200) -> TestHTTPResponse {
        TestHTTPResponse(
            status: status, headers: [("Content-Type", "application/json"), ("Allow", "GET, POST, HEAD, OPTIONS")],
            body: JSONWriter.data(value))
    }

    private var notFound: TestHTTPResponse { .json(#"{"detail":"Not found."}"#, status: 404) }
    private var badRequest: TestHTTPResponse { .json(#"{"detail":"JSON parse error"}"#, status: 400) }
}
