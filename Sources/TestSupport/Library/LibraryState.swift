import Foundation
import JSON

/// The ``LibraryTestServer``'s records and routes.
actor LibraryState {
    let style: LibraryTestServer.Style
    let token: String?
    var authors: [JSONObject]
    var books: [JSONObject]
    var reviews: [JSONObject]
    let events = LibraryData.events()
    let loans = LibraryData.loans()
    var nextBook = 41
    /// Whether the document and the routes have ``LibraryOperations``.
    let operations: Bool
    var checkouts = 0

    init(style: LibraryTestServer.Style, token: String?, operations: Bool = false) {
        self.style = style
        self.token = token
        self.operations = operations
        authors = LibraryData.authors()
        books = LibraryData.books(authorKey: style == .fastAPI ? "author_id" : "authorId")
        reviews = LibraryData.reviews()
    }

    var authorKey: String { style == .fastAPI ? "author_id" : "authorId" }

    func answer(_ request: TestHTTPRequest) -> TestHTTPResponse {
        var segments = request.path.split(separator: "/").map { $0.removingPercentEncoding ?? String($0) }
        let query = Dictionary(request.queryItems.map { ($0.name, $0.value ?? "") }) { first, _ in first }
        if style == .fastAPI, request.path == "/openapi.json" {
            let text = operations ? LibraryOperations.document(LibraryDocuments.fastAPI) : LibraryDocuments.fastAPI
            return document(text, request)
        }
        if operations, let answer = operationAnswer(request, segments, query) { return answer }
        if style == .spring, request.path == "/openapi.yaml" { return document(LibraryDocuments.spring, request) }
        if style == .spring {
            guard segments.first == "api" else { return notFound }
            segments.removeFirst()
        }
        switch (request.method, segments.count, segments.first) {
        case ("GET", 1, "authors"):
            var found = authors
            if let country = query["country"] { found = found.filter { $0["country"]?.stringValue == country } }
            if style == .fastAPI {
                guard let (limit, offset) = limitOffset(query, defaultLimit: 10, maximum: 10) else { return invalid }
                found = Array(found.dropFirst(offset).prefix(limit))
            }
            return json(.array(found.map(JSONValue.object)))
        case ("GET", 2, "authors"):
            return authors.first { $0["id"]?.stringValue == segments[1] }.map { json(.object($0)) } ?? notFound
        case ("GET", 3, "authors") where segments[2] == "books":
            guard authors.contains(where: { $0["id"]?.stringValue == segments[1] }) else { return notFound }
            return json(.array(books.filter { $0[authorKey]?.stringValue == segments[1] }.map(JSONValue.object)))
        case ("GET", 1, "books"):
            if let token, request.header("Authorization") != "Bearer \(token)" {
                return .json(#"{"detail":"Not authenticated"}"#, status: 401)
            }
            var found = books
            if let genre = query["genre"] { found = found.filter { $0["genre"]?.stringValue == genre } }
            return bookPage(found, query)
        case ("POST", 1, "books"):
            return create(request.body)
        case ("GET", 2, "books"):
            return books.first { $0["id"]?.stringValue == segments[1] }.map { json(.object($0)) } ?? notFound
        case ("PATCH", 2, "books") where style == .fastAPI, ("PUT", 2, "books") where style == .spring:
            return change(segments[1], request.body, replacing: request.method == "PUT")
        case ("DELETE", 2, "books"):
            guard let index = books.firstIndex(where: { $0["id"]?.stringValue == segments[1] }) else { return notFound }
            books.remove(at: index)
            return TestHTTPResponse(status: 204)
        case ("GET", 1, "reviews") where style == .fastAPI:
            var found = reviews
            if let book = query["book_id"] { found = found.filter { $0["book_id"]?.stringValue == book } }
            guard let (limit, offset) = limitOffset(query, defaultLimit: 10, maximum: 50) else { return invalid }
            let page = Array(found.dropFirst(offset).prefix(limit))
            let next: JSONValue =
                offset + limit < found.count ? .string("/reviews?limit=\(limit)&offset=\(offset + limit)") : .null
            return json(
                .object(
                    JSONObject([
                        ("results", .array(page.map(JSONValue.object))), ("count", .int(found.count)), ("next", next),
                    ])))
        case ("GET", 1, "events") where style == .fastAPI:
            return eventPage(query)
        case ("GET", 1, "loans") where style == .fastAPI:
            return loanPage(query)
        case ("GET", 2, "events") where style == .fastAPI:
            return events.first { $0["id"]?.stringValue == segments[1] }.map { json(.object($0)) } ?? notFound
        case ("GET", 2, "reviews") where style == .fastAPI:
            return reviews.first { $0["id"]?.intValue.map(String.init) == segments[1] }.map { json(.object($0)) }
                ?? notFound
        default:
            return notFound
        }
    }

    /// `POST /books/{id}/checkout` and `GET /stats` (``LibraryOperations``).
    private func operationAnswer(_ request: TestHTTPRequest, _ segments: [String], _ query: [String: String])
        -> TestHTTPResponse?
    {
        switch (request.method, segments.count, segments.first) {
        case ("POST", 3, "books") where segments[2] == "checkout":
            checkouts += 1
            let book = books.first { $0["id"]?.stringValue == segments[1] }
            return LibraryOperations.checkout(book, body: request.body, number: checkouts)
        case ("GET", 1, "stats"):
            return LibraryOperations.stats(
                books: books, authors: authors.count, checkouts: checkouts, genre: query["genre"])
        default:
            return nil
        }
    }

    /// A page of events after the opaque cursor (the position, base64): no
    /// total, and `next_cursor` null on the last page.
    private func eventPage(_ query: [String: String]) -> TestHTTPResponse {
        guard let limit = Int(query["limit"] ?? "10"), (1...10).contains(limit) else { return invalid }
        var start = 0
        if let cursor = query["cursor"] {
            guard let data = Data(base64Encoded: cursor), let text = String(data: data, encoding: .utf8),
                text.hasPrefix("at:"), let position = Int(text.dropFirst(3)), position >= 0
            else { return invalid }
            start = position
        }
        let page = Array(events.dropFirst(start).prefix(limit))
        let end = start + page.count
        let next: JSONValue = end < events.count ? .string(Data("at:\(end)".utf8).base64EncodedString()) : .null
        return json(.object(JSONObject([("data", .array(page.map(JSONValue.object))), ("next_cursor", next)])))
    }

    /// A plain array of loans after the id `after`; the next page is in the
    /// `Link: <…>; rel="next"` header, absent on the last page.
    private func loanPage(_ query: [String: String]) -> TestHTTPResponse {
        guard let limit = Int(query["limit"] ?? "5"), (1...5).contains(limit) else { return invalid }
        var start = 0
        if let after = query["after"] {
            guard let index = loans.firstIndex(where: { $0["id"]?.stringValue == after }) else { return invalid }
            start = index + 1
        }
        let page = Array(loans.dropFirst(start).prefix(limit))
        var response = json(.array(page.map(JSONValue.object)))
        if start + page.count < loans.count, let last = page.last?["id"]?.stringValue {
            response.headers.append(("Link", "</loans?limit=\(limit)&after=\(last)>; rel=\"next\""))
        }
        return response
    }

    private func bookPage(_ found: [JSONObject], _ query: [String: String]) -> TestHTTPResponse {
        let first = style == .fastAPI ? 1 : 0
        guard let page = Int(query["page"] ?? String(first)), page >= first,
            let size = Int(query["size"] ?? (style == .fastAPI ? "15" : "20")), size >= 1,
            style == .spring || size <= 15
        else { return invalid }
        let slice = Array(found.dropFirst((page - first) * size).prefix(size)).map(JSONValue.object)
        let pages = (found.count + size - 1) / size
        if style == .fastAPI {
            return json(
                .object(
                    JSONObject([
                        ("items", .array(slice)), ("total", .int(found.count)), ("page", .int(page)),
                        ("size", .int(size)), ("pages", .int(pages)),
                    ])))
        }
        return json(
            .object(
                JSONObject([
                    ("totalElements", .int(found.count)), ("totalPages", .int(pages)), ("size", .int(size)),
                    ("content", .array(slice)), ("number", .int(page)), ("first", .bool(page == 0)),
                    ("last", .bool(page >= pages - 1)), ("numberOfElements", .int(slice.count)),
                    ("empty", .bool(slice.isEmpty)),
                ])))
    }

    private func create(_ body: Data) -> TestHTTPResponse {
        guard case .object(var fields)? = try? JSONParser.parse(body), fields["title"]?.stringValue != nil else {
            return invalid
        }
        fields["id"] = .string(LibraryData.bookID(nextBook))
        nextBook += 1
        books.append(fields)
        return json(.object(fields), status: 201)
    }

    private func change(_ id: String, _ body: Data, replacing: Bool) -> TestHTTPResponse {
        guard let index = books.firstIndex(where: { $0["id"]?.stringValue == id }) else { return notFound }
        guard case .object(let fields)? = try? JSONParser.parse(body) else { return invalid }
        if replacing {
            var whole = fields
            whole["id"] = .string(id)
            books[index] = whole
        } else {
            for (key, value) in fields { books[index][key] = value }
        }
        return json(.object(books[index]))
    }

    private func limitOffset(_ query: [String: String], defaultLimit: Int, maximum: Int) -> (Int, Int)? {
        guard let limit = Int(query["limit"] ?? String(defaultLimit)), (1...maximum).contains(limit),
            let offset = Int(query["offset"] ?? "0"), offset >= 0
        else { return nil }
        return (limit, offset)
    }

    /// The document, with an ETag; `If-None-Match` with it answers 304.
    private func document(_ text: String, _ request: TestHTTPRequest) -> TestHTTPResponse {
        let etag = "\"doc-\(text.utf8.count)\""
        if request.header("If-None-Match") == etag { return TestHTTPResponse(status: 304, headers: [("ETag", etag)]) }
        let type = style == .fastAPI ? "application/json" : "application/vnd.oai.openapi"
        return TestHTTPResponse(status: 200, headers: [("Content-Type", type), ("ETag", etag)], body: Data(text.utf8))
    }

    private func json(_ value: JSONValue, status: Int = 200) -> TestHTTPResponse {
        TestHTTPResponse(
            status: status, headers: [("Content-Type", "application/json")], body: JSONWriter.data(value))
    }

    private var notFound: TestHTTPResponse { .json(#"{"detail":"Not Found"}"#, status: 404) }
    private var invalid: TestHTTPResponse { .json(#"{"detail":"Unprocessable Entity"}"#, status: 422) }
}
