import Foundation
import JSON
import JSONServerCore
import TestSupport
import Testing

/// The shared json-server conformance table, run against the engine directly.
@Suite struct EngineConformanceTests {
    @Test(arguments: ConformanceCase.all)
    func engineBehavesLikeJSONServer(_ testCase: ConformanceCase) async throws {
        let engine = JSONServerEngine(database: try ConformanceFixture.database(), readOnly: testCase.readOnly)
        let base = "http://localhost:3000"
        let failures = await ConformanceRunner.run(testCase, base: base) { method, target, headers, body in
            let response = await engine.handle(
                EngineRequest(method: method, target: target, headers: headers, body: body, baseURL: base))
            let headers = Dictionary(response.headers.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
            return ConformanceResponse(status: response.status, headers: headers, body: response.body)
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test func conformanceTableCoversEveryArea() {
        #expect(ConformanceCase.all.count >= 40)
        #expect(ConformanceCase.all.contains { $0.readOnly })
    }

    @Test func engineKeepsWritesAcrossRequests() async throws {
        let engine = JSONServerEngine(database: try ConformanceFixture.database())
        _ = await engine.handle(EngineRequest(method: "POST", target: "/todos", body: Data(#"{"title":"kept"}"#.utf8)))
        let todos = await engine.database().collection("todos")
        #expect(todos?.count == 13)
        #expect(todos?.last?["title"] == "kept")
    }

    @Test func headRequestAnswersHeadersWithoutBody() async throws {
        var router = JSONServerRouter(database: try ConformanceFixture.database())
        let response = router.handle(EngineRequest(method: "HEAD", target: "/todos?_page=1"))
        #expect(response.status == 200)
        #expect(response.body.isEmpty)
        #expect(response.header("x-total-count") == "12")
    }

    @Test func cachedListBytesMatchFreshSerialisation() throws {
        let database = try ConformanceFixture.database()
        var router = JSONServerRouter(database: database)
        _ = router.handle(EngineRequest(method: "GET", target: "/todos"))
        let cached = router.handle(EngineRequest(method: "GET", target: "/todos")).body
        let fresh = JSONWriter.data(.array(database.collection("todos") ?? []), pretty: true)
        #expect(cached == fresh)
    }
}
