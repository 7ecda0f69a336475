import JSON

/// The conformance table shared by `JSONServerCoreTests` and `ServeTests`.
extension ConformanceCase {
    private typealias E = Expectation
    private static let json = "application/json; charset=utf-8"

    /// Every case, reads first, then writes, then caching.
    public static let all: [ConformanceCase] = reads + filters + paging + relations + writes + caching

    static let reads: [ConformanceCase] = [
        .init(
            "list answers every item in order",
            steps: [
                .init(
                    "GET", "/todos",
                    expect: E(
                        status: 200, ids: Array(1...12),
                        headers: [("Content-Type", json)], absent: ["X-Total-Count", "Link"]))
            ]),
        .init(
            "item by integer id",
            steps: [
                .init("GET", "/todos/3", expect: E(status: 200, ids: [3], fields: [("title", "call Grace")]))
            ]),
        .init(
            "missing item is 404 with empty object",
            steps: [
                .init("GET", "/todos/99", expect: E(status: 404, json: .object([:])))
            ]),
        .init("unknown resource is 404", steps: [.init("GET", "/nothing", expect: E(status: 404, json: .object([:])))]),
        .init(
            "nested route lists children by foreign key",
            steps: [
                .init("GET", "/users/2/todos", expect: E(status: 200, ids: [5, 6, 7, 8]))
            ]),
        .init(
            "db answers the whole database",
            steps: [
                .init("GET", "/db", expect: E(status: 200, fields: [("todos.11.id", 12), ("profile.name", "fixture")]))
            ]),
        .init(
            "singular resource answers its object",
            steps: [
                .init("GET", "/profile", expect: E(status: 200, json: ["name": "fixture"]))
            ]),
    ]

    static let filters: [ConformanceCase] = [
        .init(
            "filter by integer field as text",
            steps: [.init("GET", "/todos?userId=1", expect: E(status: 200, ids: [1, 2, 3, 4]))]),
        .init(
            "filter by boolean and field are ANDed",
            steps: [
                .init("GET", "/todos?completed=true&userId=2", expect: E(status: 200, ids: [5, 7]))
            ]),
        .init(
            "repeated filter key is OR",
            steps: [
                .init("GET", "/todos?id=1&id=3&id=12", expect: E(status: 200, ids: [1, 3, 12]))
            ]),
        .init(
            "dot path filters nested fields",
            steps: [
                .init("GET", "/users?address.city=London", expect: E(status: 200, ids: [1, 3]))
            ]),
        .init(
            "gte and lte compare numbers",
            steps: [
                .init("GET", "/posts?views_gte=45&views_lte=120", expect: E(status: 200, ids: [1, 2, 4]))
            ]),
        .init("ne excludes a value", steps: [.init("GET", "/posts?userId_ne=1", expect: E(status: 200, ids: [3, 4]))]),
        .init(
            "like is a case-insensitive regex",
            steps: [
                .init("GET", "/todos?title_like=%5Ebuy", expect: E(status: 200, ids: [1, 6, 10]))
            ]),
        .init("invalid like pattern is 400", steps: [.init("GET", "/todos?title_like=(", expect: E(status: 400))]),
        .init(
            "q searches all values case-insensitively",
            steps: [
                .init("GET", "/todos?q=BUY", expect: E(status: 200, ids: [1, 6, 10]))
            ]),
        .init(
            "q searches nested objects and non-ASCII text",
            steps: [
                .init("GET", "/users?q=london", expect: E(status: 200, ids: [1, 3])),
                .init("GET", "/todos?q=%E6%97%A5%E6%9C%AC", expect: E(status: 200, ids: [7])),
            ]),
        .init(
            "unknown filter field is ignored",
            steps: [
                .init("GET", "/todos?colour=red&userId=3", expect: E(status: 200, ids: [9, 10, 11, 12]))
            ]),
        .init(
            "sort by several fields and orders",
            steps: [
                .init("GET", "/posts?_sort=views,title&_order=desc,asc", expect: E(status: 200, ids: [3, 1, 4, 2]))
            ]),
        .init(
            "string sort is case-sensitive by code point",
            steps: [
                .init("GET", "/todos?userId=1&_sort=title", expect: E(status: 200, ids: [2, 1, 3, 4]))
            ]),
    ]

    static let paging: [ConformanceCase] = [
        .init(
            "page sets X-Total-Count and Link",
            steps: [
                .init(
                    "GET", "/todos?_page=2&_limit=5",
                    expect: E(
                        status: 200, ids: [6, 7, 8, 9, 10],
                        headers: [
                            ("X-Total-Count", "12"),
                            ("Access-Control-Expose-Headers", "X-Total-Count, Link"),
                            (
                                "Link",
                                "<{base}/todos?_page=1&_limit=5>; rel=\"first\", <{base}/todos?_page=1&_limit=5>; rel=\"prev\", "
                                    + "<{base}/todos?_page=3&_limit=5>; rel=\"next\", <{base}/todos?_page=3&_limit=5>; rel=\"last\""
                            ),
                        ]))
            ]),
        .init(
            "page without limit uses 10",
            steps: [
                .init(
                    "GET", "/todos?_page=2", expect: E(status: 200, ids: [11, 12], headers: [("X-Total-Count", "12")]))
            ]),
        .init(
            "page counts the filtered total",
            steps: [
                .init(
                    "GET", "/todos?userId=2&_page=1&_limit=3",
                    expect: E(
                        status: 200, ids: [5, 6, 7],
                        headers: [
                            ("X-Total-Count", "4"),
                            (
                                "Link",
                                "<{base}/todos?userId=2&_page=1&_limit=3>; rel=\"first\", "
                                    + "<{base}/todos?userId=2&_page=2&_limit=3>; rel=\"next\", <{base}/todos?userId=2&_page=2&_limit=3>; rel=\"last\""
                            ),
                        ]))
            ]),
        .init(
            "page past the end is empty without Link",
            steps: [
                .init(
                    "GET", "/todos?_page=5&_limit=5",
                    expect: E(status: 200, ids: [], headers: [("X-Total-Count", "12")], absent: ["Link"]))
            ]),
        .init(
            "start and end slice",
            steps: [
                .init(
                    "GET", "/todos?_start=2&_end=5",
                    expect: E(
                        status: 200, ids: [3, 4, 5],
                        headers: [
                            ("X-Total-Count", "12"), ("Access-Control-Expose-Headers", "X-Total-Count"),
                        ], absent: ["Link"]))
            ]),
        .init(
            "start and limit slice",
            steps: [
                .init(
                    "GET", "/todos?_start=10&_limit=5",
                    expect: E(status: 200, ids: [11, 12], headers: [("X-Total-Count", "12")]))
            ]),
    ]

    static let relations: [ConformanceCase] = [
        .init(
            "embed children on an item",
            steps: [
                .init(
                    "GET", "/posts/3?_embed=comments",
                    expect: E(
                        status: 200, ids: [3],
                        fields: [
                            ("comments.0.id", 4), ("comments.1.id", 5),
                        ]))
            ]),
        .init(
            "embed children on a list",
            steps: [
                .init(
                    "GET", "/posts?userId=1&_embed=comments",
                    expect: E(
                        status: 200, ids: [1, 2],
                        fields: [
                            ("0.comments.1.body", "Visionary"), ("1.comments.0.id", 3),
                        ]))
            ]),
        .init(
            "expand the parent on an item",
            steps: [
                .init(
                    "GET", "/todos/5?_expand=user",
                    expect: E(status: 200, ids: [5], fields: [("user.name", "Grace Hopper")]))
            ]),
        .init(
            "expand the parent on a list",
            steps: [
                .init(
                    "GET", "/posts?_expand=user",
                    expect: E(status: 200, ids: [1, 2, 3, 4], fields: [("3.user.username", "alan")]))
            ]),
    ]
}
