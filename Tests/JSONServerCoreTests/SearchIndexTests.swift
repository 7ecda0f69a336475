import Foundation
import JSON
import Testing

@testable import JSONServerCore

/// The flat search index must answer every `q=` exactly as the walk over
/// the items (``TextSearch``) does.
@Suite struct SearchIndexTests {
    let items: [JSONValue] = [
        ["id": 1, "title": "Buy MILK", "done": false, "tags": ["Home", "urgent"]],
        ["id": 70, "title": "", "score": 1.5e3, "nested": ["deep": ["deeper": "Needle in a HAYSTACK"]]],
        ["id": 0, "title": "café crème", "done": true, "note": .null],
        ["id": -7, "count": 0, "ratio": 0.25, "title": "trueish"],
        ["milk": "key names never match", "id": 5],
        .string("a bare string item with Milk"),
        ["id": 12, "huge": 1e300, "negative": -0.0, "title": "1e3"],
    ]

    @Test(arguments: [
        "milk", "MILK", "7", "-7", "70", "1500", "0", "true", "false", "hay", "needle in", "e3", "0.25", ".2",
        "urgent", "home", "key", "xyz", "e+", "café", "CRÈME", "1e300", "1e+300", "a bare",
    ])
    func indexAgreesWithTheItemWalk(needle: String) throws {
        let query = try CollectionQuery([QueryItem(name: "q", value: needle)])
        let walked = QueryEngine.matchingIndices(items, query: query)
        let router = routerAnswer(needle)
        #expect(router == walked.map { items[$0] }, "q=\(needle)")
        if let bytes = SearchIndex.indexableNeedle(needle) {
            #expect(SearchIndex(items).matchingIndices(bytes) == walked, "q=\(needle)")
        }
    }

    /// Built in two parts (as two threads build a large file's index) or
    /// whole, the index answers as the walk: for needles in nearly every
    /// item, in a few, and with items that have no text at all between.
    @Test func anIndexJoinedFromPartsAnswersAsOneBuiltWhole() throws {
        let many: [JSONValue] = (0..<5_000).map { number in
            number % 11 == 0
                ? ["id": 0, "title": "", "done": false] : ["id": .int(number), "title": .string("item \(number)")]
        }
        var first = SearchIndex.Builder(expectedCount: 10)
        var second = SearchIndex.Builder(expectedCount: 10)
        for (position, item) in many.enumerated() {
            if position < 1_234 { first.append(item) } else { second.append(item) }
        }
        let joined = SearchIndex(joining: [first, second])
        let whole = SearchIndex(many)
        #expect(joined.count == many.count)
        for needle in ["item", "7", "4999", "12", "m 1", "zzz", "1"] {
            let walked = QueryEngine.matchingIndices(
                many, query: try CollectionQuery([QueryItem(name: "q", value: needle)]))
            let bytes = try #require(SearchIndex.indexableNeedle(needle))
            #expect(whole.matchingIndices(bytes) == walked, "q=\(needle)")
            #expect(joined.matchingIndices(bytes) == walked, "q=\(needle)")
        }
    }

    @Test func aWriteRebuildsTheIndex() throws {
        var router = JSONServerRouter(database: JSONDatabase(collections: [("todos", .array(items))]))
        #expect(list(&router, "q=zebra").isEmpty)
        let created = router.handle(
            EngineRequest(method: "POST", path: "/todos", body: Data(#"{"title": "Zebra crossing"}"#.utf8)))
        #expect(created.status == 201)
        #expect(list(&router, "q=zebra").count == 1)
    }

    @Test func theEngineSearchesWithTheIndexItBuiltAfterAListing() async throws {
        let engine = JSONServerEngine(database: JSONDatabase(collections: [("todos", .array(items))]))
        #expect(await engineList(engine, "").count == items.count)
        #expect(await engineList(engine, "q=milk") == routerAnswer("milk"))
        #expect(await engineList(engine, "q=haystack") == routerAnswer("haystack"))
    }

    @Test func anIndexBuiltBeforeAWriteIsNotUsedAfterIt() async throws {
        let engine = JSONServerEngine(database: JSONDatabase(collections: [("todos", .array(items))]))
        // The listing starts a build from the items as they are; the write
        // (same count) comes before the search that would install it.
        #expect(await engineList(engine, "").count == items.count)
        let patched = await engine.handle(
            EngineRequest(method: "PATCH", path: "/todos/1", body: Data(#"{"title": "Zebra crossing"}"#.utf8)))
        #expect(patched.status == 200)
        let found = await engineList(engine, "q=zebra")
        #expect(found.map { $0["id"] } == [1])
        #expect(await engineList(engine, "q=buy").isEmpty)
    }

    @Test func needlesTheIndexCannotTakeUseTheWalk() {
        #expect(SearchIndex.indexableNeedle("café") == nil)
        #expect(SearchIndex.indexableNeedle("") == nil)
        #expect(SearchIndex.indexableNeedle("a\u{0}b") == nil)
        #expect(SearchIndex.indexableNeedle("MiLk") == Array("milk".utf8))
    }

    private func routerAnswer(_ needle: String) -> [JSONValue] {
        var router = JSONServerRouter(database: JSONDatabase(collections: [("todos", .array(items))]))
        let encoded = needle.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? needle
        return list(&router, "q=\(encoded)")
    }

    private func engineList(_ engine: JSONServerEngine, _ query: String) async -> [JSONValue] {
        let response = await engine.handle(EngineRequest(method: "GET", target: "/todos?\(query)"))
        guard case .array(let answer) = try? JSONParser.parse(response.body) else { return [] }
        return answer
    }

    private func list(_ router: inout JSONServerRouter, _ query: String) -> [JSONValue] {
        let response = router.handle(EngineRequest(method: "GET", target: "/todos?\(query)"))
        guard case .array(let answer) = try? JSONParser.parse(response.body) else { return [] }
        return answer
    }
}
