import JSON

/// Writes, read-only mode and conditional GETs.
extension ConformanceCase {
    private typealias E = Expectation

    static let writes: [ConformanceCase] = [
        .init(
            "POST creates with the next id and Location",
            steps: [
                .init(
                    "POST", "/todos", body: #"{"userId": 1, "title": "new", "completed": false}"#,
                    headers: ["Content-Type": "application/json"],
                    expect: E(
                        status: 201, ids: [13], fields: [("title", "new")], headers: [("Location", "{base}/todos/13")])),
                .init("GET", "/todos/13", expect: E(status: 200, ids: [13], fields: [("title", "new")])),
            ]),
        .init(
            "POST keeps a given string id",
            steps: [
                .init(
                    "POST", "/todos", body: #"{"id": "abc", "title": "named"}"#,
                    expect: E(status: 201, fields: [("id", "abc")], headers: [("Location", "{base}/todos/abc")])),
                .init("GET", "/todos/abc", expect: E(status: 200, fields: [("title", "named")])),
            ]),
        .init(
            "POST with a taken id is refused",
            steps: [
                .init("POST", "/todos", body: #"{"id": 1, "title": "again"}"#, expect: E(status: 409))
            ]),
        .init(
            "POST on a nested route sets the foreign key",
            steps: [
                .init(
                    "POST", "/posts/1/comments", body: #"{"body": "hi"}"#,
                    expect: E(status: 201, ids: [7], fields: [("postId", 1)]))
            ]),
        .init(
            "PUT replaces the item but keeps its id",
            steps: [
                .init(
                    "PUT", "/todos/1", body: #"{"id": 77, "title": "replaced"}"#,
                    expect: E(status: 200, json: ["id": 1, "title": "replaced"])),
                .init("GET", "/todos/1", expect: E(status: 200, json: ["id": 1, "title": "replaced"])),
            ]),
        .init(
            "PATCH merges top-level keys",
            steps: [
                .init(
                    "PATCH", "/todos/1", body: #"{"completed": true}"#,
                    expect: E(status: 200, json: ["userId": 1, "id": 1, "title": "buy milk", "completed": true]))
            ]),
        .init(
            "PUT on a missing item is 404",
            steps: [
                .init("PUT", "/todos/99", body: "{}", expect: E(status: 404))
            ]),
        .init(
            "DELETE answers empty object and removes the item",
            steps: [
                .init("DELETE", "/todos/1", expect: E(status: 200, json: .object([:]))),
                .init("GET", "/todos/1", expect: E(status: 404)),
                .init("GET", "/todos?userId=1", expect: E(status: 200, ids: [2, 3, 4])),
            ]),
        .init(
            "DELETE removes dependent children",
            steps: [
                .init("DELETE", "/posts/3", expect: E(status: 200)),
                .init("GET", "/comments", expect: E(status: 200, ids: [1, 2, 3, 6])),
            ]),
        .init("DELETE on a missing item is 404", steps: [.init("DELETE", "/todos/99", expect: E(status: 404))]),
        .init(
            "malformed JSON body is 400 naming the position",
            steps: [
                .init(
                    "POST", "/todos", body: #"{"title": "x",}"#,
                    expect: E(status: 400, bodyContains: "line 1, column 15")),
                .init("GET", "/todos", expect: E(status: 200, ids: Array(1...12))),
            ]),
        .init(
            "non-object body is 400",
            steps: [
                .init("POST", "/todos", body: "[1, 2]", expect: E(status: 400, bodyContains: "error"))
            ]),
        .init(
            "read-only server refuses writes with 405", readOnly: true,
            steps: [
                .init("POST", "/todos", body: #"{"title": "x"}"#, expect: E(status: 405)),
                .init("DELETE", "/todos/1", expect: E(status: 405)),
                .init("GET", "/todos/1", expect: E(status: 200, ids: [1])),
            ]),
    ]

    static let caching: [ConformanceCase] = [
        .init(
            "GET answers carry a weak ETag and 304 when it matches",
            steps: [
                .init("GET", "/todos/1", expect: E(status: 200, ids: [1])),
                .init("GET", "/todos/1", ifNoneMatchOfStep: 1, expect: E(status: 304, emptyBody: true)),
            ]),
        .init(
            "ETag of a list matches in a comma list and with star",
            steps: [
                .init("GET", "/todos?_page=1&_limit=2", expect: E(status: 200, ids: [1, 2])),
                .init(
                    "GET", "/todos?_page=1&_limit=2", headers: ["If-None-Match": "*"],
                    expect: E(status: 304, emptyBody: true)),
            ]),
        .init(
            "a stale ETag gets the full answer",
            steps: [
                .init(
                    "GET", "/todos/2", headers: ["If-None-Match": #"W/"0000000000000000", "other""#],
                    expect: E(status: 200, ids: [2]))
            ]),
        .init(
            "a write changes the ETag",
            steps: [
                .init("GET", "/todos/2", expect: E(status: 200)),
                .init("PATCH", "/todos/2", body: #"{"title": "changed"}"#, expect: E(status: 200)),
                .init("GET", "/todos/2", ifNoneMatchOfStep: 1, expect: E(status: 200, fields: [("title", "changed")])),
            ]),
    ]
}
