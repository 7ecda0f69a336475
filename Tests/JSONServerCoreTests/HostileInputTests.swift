import Foundation
import JSON
import JSONServerCore
import TestSupport
import Testing

/// Numbers at the edges of `Int` come from clients; the engine must answer,
/// never trap (a trap would take `trestle serve` down for everyone).
@Suite struct HostileInputTests {
    private func engine() throws -> JSONServerEngine {
        JSONServerEngine(database: try ConformanceFixture.database())
    }

    @Test(arguments: [
        "/todos?_start=1&_limit=9223372036854775807",
        "/todos?_start=-9223372036854775808&_limit=-9223372036854775808",
        "/todos?_page=-9223372036854775808&_limit=2",
        "/todos?_page=9223372036854775807&_limit=9223372036854775807",
        "/todos?_page=1&_limit=9223372036854775807",
    ])
    func hugeSlicesAndPagesAnswer(_ target: String) async throws {
        let engine = try engine()
        let response = await engine.handle(EngineRequest(method: "GET", target: target))
        #expect(response.status == 200)
    }

    @Test func aPostAfterTheLargestPossibleIdStillGetsAnId() async throws {
        let engine = try engine()
        let first = await engine.handle(
            EngineRequest(method: "POST", target: "/todos", body: Data(#"{"id":9223372036854775807}"#.utf8)))
        #expect(first.status == 201)
        let second = await engine.handle(
            EngineRequest(method: "POST", target: "/todos", body: Data(#"{"title":"next"}"#.utf8)))
        #expect(second.status == 201)
        let location = second.header("Location") ?? ""
        #expect(!location.hasSuffix("/todos/9223372036854775807"))
    }
}
