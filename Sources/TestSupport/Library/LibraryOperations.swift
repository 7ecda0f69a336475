import Foundation
import JSON

/// Operations beside the library's collections, for the operations tests:
/// `POST /books/{book_id}/checkout` (a body with a required reader, an
/// integer with a default and an enum) and `GET /stats` (an enum query
/// parameter), added to the FastAPI document and answered by the server
/// when it is started with `operations: true`.
enum LibraryOperations {
    /// `document` (the FastAPI JSON) with the two operations and their schemas.
    static func document(_ document: String) -> String {
        guard case .object(var root)? = try? JSONParser.parse(document),
            case .object(let paths)? = root["paths"],
            case .object(var components)? = root["components"],
            case .object(var schemas)? = components["schemas"],
            case .object(let operations)? = try? JSONParser.parse(pathsText),
            case .object(let added)? = try? JSONParser.parse(schemasText)
        else { return document }
        var merged = JSONObject()
        for (path, item) in paths {
            merged[path] = item
            if path == "/books/{book_id}", let checkout = operations["/books/{book_id}/checkout"] {
                merged["/books/{book_id}/checkout"] = checkout
            }
        }
        merged["/stats"] = operations["/stats"]
        root["paths"] = .object(merged)
        for (name, schema) in added { schemas[name] = schema }
        components["schemas"] = .object(schemas)
        root["components"] = .object(components)
        return String(decoding: JSONWriter.data(.object(root)), as: UTF8.self)
    }

    /// Checks a book out: its loan, numbered; 404 for no such book, 422 without a reader.
    static func checkout(_ book: JSONObject?, body: Data, number: Int) -> TestHTTPResponse {
        guard let book else { return .json(#"{"detail":"Not Found"}"#, status: 404) }
        guard case .object(let fields)? = try? JSONParser.parse(body), let reader = fields["reader"]?.stringValue,
            !reader.isEmpty
        else {
            return .json(#"{"detail":[{"loc":["body","reader"],"msg":"Field required"}]}"#, status: 422)
        }
        let loan = JSONObject([
            ("loan", .int(number)), ("book_id", book["id"] ?? .null), ("title", book["title"] ?? .null),
            ("reader", .string(reader)), ("days", fields["days"] ?? .int(14)),
            ("format", fields["format"] ?? .string("paper")),
        ])
        return TestHTTPResponse(
            status: 200, headers: [("Content-Type", "application/json"), ("X-Loan", String(number))],
            body: JSONWriter.data(.object(loan)))
    }

    /// The library's counts, of one genre when asked.
    static func stats(books: [JSONObject], authors: Int, checkouts: Int, genre: String?) -> TestHTTPResponse {
        let counted = genre.map { genre in books.filter { $0["genre"]?.stringValue == genre } } ?? books
        let stats = JSONObject([
            ("books", .int(counted.count)), ("authors", .int(authors)),
            ("available", .int(counted.filter { $0["available"]?.boolValue == true }.count)),
            ("checkouts", .int(checkouts)),
        ])
        return TestHTTPResponse(
            status: 200, headers: [("Content-Type", "application/json")], body: JSONWriter.data(.object(stats)))
    }

    private static let pathsText = #"""
        {
          "/books/{book_id}/checkout": {
            "post": {
              "summary": "Check a book out",
              "operationId": "checkout_book_books__book_id__checkout_post",
              "parameters": [
                {"name": "book_id", "in": "path", "required": true,
                 "schema": {"type": "string", "format": "uuid", "title": "Book Id"}}
              ],
              "requestBody": {
                "required": true,
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Checkout"}}}
              },
              "responses": {
                "200": {"description": "Successful Response",
                        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/LoanReceipt"}}}},
                "422": {"description": "Validation Error",
                        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/HTTPValidationError"}}}}
              }
            }
          },
          "/stats": {
            "get": {
              "summary": "Counts of the library",
              "operationId": "library_stats_stats_get",
              "parameters": [
                {"name": "genre", "in": "query", "required": false, "description": "Count only this genre",
                 "schema": {"anyOf": [{"$ref": "#/components/schemas/Genre"}, {"type": "null"}]}}
              ],
              "responses": {
                "200": {"description": "Successful Response",
                        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Stats"}}}}
              }
            }
          }
        }
        """#

    private static let schemasText = #"""
        {
          "Checkout": {
            "type": "object", "title": "Checkout", "required": ["reader"],
            "properties": {
              "reader": {"type": "string", "title": "Reader", "description": "Who borrows the book"},
              "days": {"type": "integer", "title": "Days", "default": 14, "minimum": 1, "maximum": 60},
              "format": {"type": "string", "enum": ["paper", "ebook", "audio"], "default": "paper"},
              "loan": {"type": "integer", "readOnly": true}
            }
          },
          "LoanReceipt": {
            "type": "object", "title": "LoanReceipt",
            "properties": {
              "loan": {"type": "integer"}, "book_id": {"type": "string"}, "title": {"type": "string"},
              "reader": {"type": "string"}, "days": {"type": "integer"}, "format": {"type": "string"}
            }
          },
          "Stats": {
            "type": "object", "title": "Stats",
            "properties": {
              "books": {"type": "integer"}, "authors": {"type": "integer"}, "available": {"type": "integer"},
              "checkouts": {"type": "integer"}
            }
          }
        }
        """#
}
