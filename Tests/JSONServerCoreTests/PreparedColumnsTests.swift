import Foundation
import JSON
import JSONServerCore
import Testing

/// The columns sorts and filters are answered from, built off the lock
/// when a server starts (``LockedJSONServer/prepareColumns()``): the same
/// answers as built on the first sort, and rebuilt after a write.
@Suite struct PreparedColumnsTests {
    private func request(_ path: String, _ query: [(String, String)] = [], method: String = "GET", body: String? = nil)
        -> EngineRequest
    {
        EngineRequest(
            method: method, path: path, query: query.map { QueryItem(name: $0.0, value: $0.1) }, headers: [:],
            body: body.map { Data($0.utf8) }, baseURL: "http://127.0.0.1:3000")
    }

    private let queries: [[(String, String)]] = [
        [("_sort", "id"), ("_order", "desc"), ("_page", "2"), ("_limit", "7")],
        [("completed", "true"), ("_sort", "title")],
        [("userId", "3"), ("_sort", "completed,id"), ("_order", "desc,asc")],
        [("title_like", "^de"), ("_sort", "userId")],
    ]

    @Test(arguments: [JSONServerDialect.v0, .v1])
    func preparedColumnsAnswerAsColumnsBuiltOnTheFirstSort(dialect: JSONServerDialect) async throws {
        let database = OpenAPIGeneratorTests.sampleData
        let prepared = LockedJSONServer(database: database, dialect: dialect)
        await prepared.prepareColumns()
        for query in queries {
            let plain = LockedJSONServer(database: database, dialect: dialect).handle(request("/todos", query))
            let answer = prepared.handle(request("/todos", query))
            #expect(answer.status == plain.status, "\(query)")
            #expect(answer.body == plain.body, "\(query)")
        }
    }

    @Test func aWriteAfterThePreparedColumnsIsSortedIn() async throws {
        let server = LockedJSONServer(database: OpenAPIGeneratorTests.sampleData)
        await server.prepareColumns()
        let created = server.handle(
            request(
                "/todos", method: "POST", body: #"{"id": 100000, "userId": 1, "title": "zzz last", "completed": true}"#)
        )
        #expect(created.status == 201)
        let answer = server.handle(request("/todos", [("_sort", "id"), ("_order", "desc"), ("_limit", "1")]))
        #expect(try JSONParser.parse(answer.body).arrayValue?.first?["id"]?.intValue == 100000)
    }
}
