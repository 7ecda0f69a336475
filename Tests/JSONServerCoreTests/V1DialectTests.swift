import Foundation
import JSON
import JSONServerCore
import Testing

/// The engine as json-server v1 (1.0 beta): the cases of json-server's own
/// service tests, over HTTP-shaped requests.
@Suite struct V1DialectTests {
    static let data = """
        {
          "posts": [
            {"id": "1", "title": "a", "views": 100, "published": true, "author": {"name": "foo"}, "tags": ["foo", "bar"]},
            {"id": "2", "title": "b", "views": 200, "published": false, "author": {"name": "bar"}, "tags": ["bar"]},
            {"id": "3", "title": "c", "views": 300, "published": false, "author": {"name": "baz"}, "tags": ["foo"]}
          ],
          "comments": [{"id": "1", "title": "a", "postId": "1"}],
          "object": {"f1": "foo"}
        }
        """

    private func router() throws -> JSONServerRouter {
        JSONServerRouter(database: try JSONDatabase(data: Data(Self.data.utf8)), dialect: .v1)
    }

    private func send(
        _ router: inout JSONServerRouter, _ method: String, _ target: String, _ body: String? = nil
    ) -> (status: Int, json: JSONValue?) {
        let answer = router.handle(EngineRequest(method: method, target: target, body: body.map { Data($0.utf8) }))
        return (answer.status, answer.json)
    }

    private func ids(_ value: JSONValue?) -> [String] {
        (value?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }
    }

    @Test(arguments: [
        ("/posts?title:eq=b", ["2"]),
        ("/posts?title=b", ["2"]),
        ("/posts?author.name:eq=bar", ["2"]),
        ("/posts?views:gt=100", ["2", "3"]),
        ("/posts?views_gt=100", ["2", "3"]),
        ("/posts?views:gte=200&views:lte=200", ["2"]),
        ("/posts?views:lt=200", ["1"]),
        ("/posts?views:ne=200", ["1", "3"]),
        ("/posts?published=false", ["2", "3"]),
        ("/posts?id:in=1,3", ["1", "3"]),
        ("/posts?title:in=a,c", ["1", "3"]),
        ("/posts?author.name:contains=BA", ["2", "3"]),
        ("/posts?author.name:startsWith=f", ["1"]),
        ("/posts?author.name:endsWith=z", ["3"]),
        ("/posts?title:nonsense=a", ["1", "2", "3"]),
        ("/posts?_sort=-views", ["3", "2", "1"]),
        ("/posts?_sort=published,-views", ["3", "2", "1"]),
        ("/posts?_sort=-published,title", ["1", "2", "3"]),
        (#"/posts?_where={"author":{"name":{"eq":"bar"}}}"#, ["2"]),
        (#"/posts?_where={"or":[{"views":{"lt":150}},{"views":{"gt":250}}]}"#, ["1", "3"]),
        (#"/posts?_where={"or":[{"views":{"lt":150}},{"views":{"gt":250}}]}&title=c"#, ["3"]),
        ("/posts?q=FOO", ["1", "3"]),
        ("/posts?q=200", ["2"]),
        ("/posts?_start=1&_end=3", ["2", "3"]),
        ("/posts?_limit=2", ["1", "2"]),
    ])
    func listsFilterAndSortAsJSONServerV1(_ target: String, _ expected: [String]) throws {
        var router = try router()
        let answer = send(&router, "GET", target.replacingOccurrences(of: " ", with: "%20"))
        #expect(answer.status == 200)
        #expect(ids(answer.json) == expected)
    }

    @Test func pagesComeInAnEnvelopeWithTenByDefault() throws {
        var router = try router()
        let answer = send(&router, "GET", "/posts?_page=2&_per_page=2")
        let envelope = try #require(answer.json)
        #expect(envelope["first"] == 1)
        #expect(envelope["prev"] == 1)
        #expect(envelope["next"] == .null)
        #expect(envelope["last"] == 2)
        #expect(envelope["pages"] == 2)
        #expect(envelope["items"] == 3)
        #expect(ids(envelope["data"]) == ["3"])
        #expect(send(&router, "GET", "/posts?_page=1").json?["data"]?.arrayValue?.count == 3)
    }

    @Test func pagesOutOfRangeAreClamped() throws {
        var router = try router()
        #expect(send(&router, "GET", "/posts?_page=9&_per_page=2").json?["prev"] == 1)
        #expect(ids(send(&router, "GET", "/posts?_page=9&_per_page=2").json?["data"]) == ["3"])
        #expect(ids(send(&router, "GET", "/posts?_page=-4&_per_page=2").json?["data"]) == ["1", "2"])
    }

    @Test func stringIdsSortAsNumbers() throws {
        var router = JSONServerRouter(
            database: try JSONDatabase(data: Data(#"{"todos": [{"id": 9}, {"id": 10}, {"id": 100}]}"#.utf8)),
            dialect: .v1)
        #expect(ids(send(&router, "GET", "/todos?_sort=-id").json) == ["100", "10", "9"])
        #expect(ids(send(&router, "GET", "/todos?_sort=id").json) == ["9", "10", "100"])
    }

    @Test func embedFollowsRelationsBothWays() throws {
        var router = try router()
        let post = send(&router, "GET", "/posts/1?_embed=comments").json
        #expect(ids(post?["comments"]) == ["1"])
        let comment = send(&router, "GET", "/comments/1?_embed=post").json
        #expect(comment?["post"]?["title"] == "a")
        let listed = send(&router, "GET", "/posts?_embed=comments").json?.arrayValue
        #expect(listed?.map { $0["comments"]?.arrayValue?.count ?? -1 } == [1, 0, 0])
    }

    @Test func numericIdsBecomeStringsAndOneStillFindsThem() throws {
        var router = JSONServerRouter(
            database: try JSONDatabase(data: Data(#"{"todos": [{"id": 1, "title": "x"}, {"title": "no id"}]}"#.utf8)),
            dialect: .v1)
        let todos = try #require(send(&router, "GET", "/todos").json?.arrayValue)
        #expect(todos.first?["id"] == "1")
        #expect(todos.last?["id"]?.stringValue?.isEmpty == false)
        #expect(send(&router, "GET", "/todos/1").json?["title"] == "x")
    }

    @Test func theServerChoosesNewIdsAsStrings() throws {
        var router = try router()
        let created = send(&router, "POST", "/posts", #"{"id": "foo", "title": "new post"}"#)
        #expect(created.status == 201)
        let id = try #require(created.json?["id"]?.stringValue)
        #expect(id != "foo")
        #expect(created.json?["title"] == "new post")
        #expect(send(&router, "GET", "/posts/\(id)").json?["title"] == "new post")
    }

    @Test func putAndPatchKeepTheId() throws {
        var router = try router()
        let put = send(&router, "PUT", "/posts/1", #"{"id": "xxx", "title": "updated post"}"#)
        #expect(put.status == 200)
        #expect(put.json == ["id": "1", "title": "updated post"])
        let patch = send(&router, "PATCH", "/posts/2", #"{"id": "xxx", "title": "patched"}"#)
        #expect(patch.json?["id"] == "2")
        #expect(patch.json?["views"] == 200)
        #expect(send(&router, "PATCH", "/posts/xxx", "{}").status == 404)
        #expect(send(&router, "PUT", "/xxx/1", "{}").status == 404)
    }

    @Test func deleteNullifiesForeignKeysOrDeletesDependents() throws {
        var router = try router()
        #expect(send(&router, "DELETE", "/posts/1").status == 200)
        #expect(send(&router, "GET", "/comments/1").json?["postId"] == .null)
        #expect(send(&router, "GET", "/posts").json?.arrayValue?.count == 2)

        var other = try self.router()
        #expect(send(&other, "DELETE", "/posts/1?_dependent=comments").status == 200)
        #expect(send(&other, "GET", "/comments").json?.arrayValue == [])
        #expect(send(&other, "DELETE", "/posts/1").status == 404)
    }

    @Test func objectResourcesAnswerGetPutAndPatchOnly() throws {
        var router = try router()
        #expect(send(&router, "GET", "/object").json == ["f1": "foo"])
        #expect(send(&router, "PATCH", "/object", #"{"f2": "bar"}"#).json == ["f1": "foo", "f2": "bar"])
        #expect(send(&router, "PUT", "/object", #"{"f1": "baz"}"#).json == ["f1": "baz"])
        #expect(send(&router, "POST", "/object", "{}").status == 404)
        #expect(send(&router, "DELETE", "/object").status == 404)
        #expect(send(&router, "GET", "/object/1").status == 404)
    }

    @Test func badInputGetsAClearAnswer() throws {
        var router = try router()
        #expect(send(&router, "POST", "/posts", "[1, 2]").status == 400)
        #expect(send(&router, "PATCH", "/posts/1", "\"text\"").status == 400)
        let unknown = send(&router, "GET", "/nothing")
        #expect(unknown.status == 404)
        #expect(unknown.json == .object([:]))
        #expect(send(&router, "GET", "/posts?_where=nonsense").status == 400)
        #expect(send(&router, "OPTIONS", "/posts").status == 204)
    }

    @Test func v0StaysTheDefault() throws {
        var router = JSONServerRouter(database: try JSONDatabase(data: Data(Self.data.utf8)))
        #expect(send(&router, "GET", "/posts?_page=1&_limit=2").json?.arrayValue?.count == 2)
    }
}
