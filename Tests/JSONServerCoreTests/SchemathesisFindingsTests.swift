import Foundation
import JSON
import JSONServerCore
import Testing

/// Answers the engine got wrong, found by schemathesis running against
/// `trestle serve`'s `/openapi.json` (scripts/check-openapi).
@Suite struct SchemathesisFindingsTests {
    private static let data = #"{"posts": [{"id": 1, "title": "a"}, {"id": 2, "title": "b"}]}"#

    private func send(_ target: String, dialect: JSONServerDialect = .v0) throws -> EngineResponse {
        var router = JSONServerRouter(database: try JSONDatabase(data: Data(Self.data.utf8)), dialect: dialect)
        return router.handle(EngineRequest(method: "GET", target: target))
    }

    /// `title_like=` was answered 400 "Invalid regular expression"; json-server's
    /// `new RegExp("")` matches everything.
    @Test func anEmptyLikePatternMatchesEverything() throws {
        let answer = try send("/posts?title_like=")
        #expect(answer.status == 200)
        #expect(answer.json?.arrayValue?.count == 2)
    }

    /// `_per_page` or `_limit` near `Int.max` overflowed in the v1 page
    /// arithmetic and trapped, taking the whole server down.
    @Test(arguments: [
        "/posts?_page=1&_per_page=9223372036854775807", "/posts?_page=2&_per_page=9223372036854775806",
        "/posts?_start=1&_limit=9223372036854775807",
    ])
    func hugePageSizesDoNotOverflow(target: String) throws {
        let answer = try send(target, dialect: .v1)
        #expect(answer.status == 200)
        let records = answer.json?["data"]?.arrayValue ?? answer.json?.arrayValue
        #expect(records?.count == (target.contains("_start=1") ? 1 : 2))
    }
}
