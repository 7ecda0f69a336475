import Foundation
import JSON
import JSONServerCore
import Testing

/// A paged list answer never holds more than `PageBound.maximumItems`
/// records, in either dialect, whatever numbers the query sends; and a
/// `_where` too deep is refused in one line naming the limit. The engine is
/// the one `trestle serve` and the fake environment share.
@Suite struct PageBoundTests {
    /// More records than one answer may hold.
    private static let count = PageBound.maximumItems + 50

    private static func engine(_ dialect: JSONServerDialect) -> JSONServerEngine {
        let todos = (1...count).map { JSONValue.object(["id": .int($0), "title": .string("t\($0)")]) }
        return JSONServerEngine(database: JSONDatabase(collections: [("todos", .array(todos))]), dialect: dialect)
    }

    private static func get(_ engine: JSONServerEngine, _ target: String) async -> EngineResponse {
        await engine.handle(EngineRequest(method: "GET", target: target))
    }

    @Test(arguments: [
        ("/todos?_limit=-1", PageBound.maximumItems),
        ("/todos?_limit=0", 0),
        ("/todos?_limit=99999999999999999999", PageBound.maximumItems),
        ("/todos?_start=0&_end=99999999999999999999", PageBound.maximumItems),
        ("/todos?_start=0&_end=-1", PageBound.maximumItems),
        ("/todos?_start=50&_end=10", 0),
        ("/todos?_start=99999999999999999999&_end=5", 0),
        ("/todos?_page=1&_limit=-1", 10),
        ("/todos?_page=1&_limit=20000", PageBound.maximumItems),
        ("/todos?_page=0&_limit=5", 5),
        ("/todos?_page=99999999999999999999", 0),
    ])
    func v0SlicesAndPagesAreBounded(_ target: String, _ expected: Int) async throws {
        let answer = await Self.get(Self.engine(.v0), target)
        #expect(answer.status == 200)
        #expect(answer.json?.arrayValue?.count == expected)
        #expect(answer.header("X-Total-Count") == String(Self.count))
    }

    @Test func aV0PageClampedToTheMaximumLinksToTheNextOne() async throws {
        let answer = await Self.get(Self.engine(.v0), "/todos?_page=1&_limit=20000")
        let link = try #require(answer.header("Link"))
        #expect(link.contains("_page=2"))
        #expect(link.contains(#"rel="next""#))
        #expect(link.contains(#"_page=2&_limit=20000>; rel="last""#))
    }

    @Test(arguments: [
        // (target, records in the page, the envelope's page, pages)
        ("/todos?_per_page=-1", 1, 1, count),
        ("/todos?_per_page=0", 1, 1, count),
        ("/todos?_per_page=25", 25, 1, (count + 24) / 25),
        ("/todos?_page=1&_per_page=99999999999999999999", PageBound.maximumItems, 1, 2),
        ("/todos?_page=99999999999999999999", 10, (count + 9) / 10, (count + 9) / 10),
        ("/todos?_page=-99999999999999999999", 10, 1, (count + 9) / 10),
        ("/todos?_page=abc", 10, 1, (count + 9) / 10),
    ])
    func v1PagesAreBounded(_ target: String, _ size: Int, _ page: Int, _ pages: Int) async throws {
        let answer = await Self.get(Self.engine(.v1), target)
        #expect(answer.status == 200)
        // Not `#require(answer.json?.objectValue)`: a failure would print every record.
        let envelope = answer.json?.objectValue ?? [:]
        try #require(!envelope.isEmpty, "an envelope for \(target)")
        #expect(envelope["data"]?.arrayValue?.count == size)
        #expect(envelope["pages"] == .int(pages))
        #expect(envelope["items"] == .int(Self.count))
        #expect(envelope["prev"] == (page > 1 ? .int(page - 1) : .null))
    }

    @Test(arguments: [
        ("/todos?_end=99999999999999999999", PageBound.maximumItems),
        ("/todos?_limit=20000", PageBound.maximumItems),
        ("/todos?_start=5&_limit=99999999999999999999", PageBound.maximumItems),
        ("/todos?_start=99999999999999999999&_limit=5", 0),
        ("/todos?_start=10&_end=5", 0),
        ("/todos?_limit=-1", 0),
    ])
    func v1SlicesAreBounded(_ target: String, _ expected: Int) async throws {
        let answer = await Self.get(Self.engine(.v1), target)
        #expect(answer.status == 200)
        #expect(answer.json?.arrayValue?.count == expected)
    }

    @Test(arguments: [JSONServerDialect.v0, .v1])
    func aListAskedForWithoutPagingIsStillWhole(_ dialect: JSONServerDialect) async throws {
        let answer = await Self.get(Self.engine(dialect), "/todos")
        #expect(answer.json?.arrayValue?.count == Self.count)
    }

    // MARK: - `_where` depth

    /// `{"title":{"eq":"t1"}}` inside `levels` `{"or":[…]}` wrappers: 2 + 2 × levels deep.
    private static func nestedWhere(orLevels levels: Int) -> String {
        var text = #"{"title":{"eq":"t1"}}"#
        for _ in 0..<levels { text = #"{"or":["# + text + "]}" }
        return text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }

    @Test func aWhereDeeperThanTheParserAllowsSaysTheParsersLimit() async throws {
        let answer = await Self.get(Self.engine(.v1), "/todos?_where=" + Self.nestedWhere(orLevels: 256))
        #expect(answer.status == 400)
        let message = try #require(answer.json?["error"]?.stringValue)
        #expect(message.hasPrefix("_where is not JSON: nesting deeper than \(JSONParser.maximumDepth)"))
        #expect(!message.contains("must be a JSON object"))
        #expect(!message.contains("\n"))
    }

    @Test func aWhereDeeperThanTheClauseLimitSaysTheLimit() async throws {
        let answer = await Self.get(Self.engine(.v1), "/todos?_where=" + Self.nestedWhere(orLevels: 40))
        #expect(answer.status == 400)
        #expect(
            answer.json?["error"]
                == .string("_where is nested 82 levels deep; at most \(WhereClause.maximumDepth) are accepted"))
    }

    @Test func aWhereAtTheClauseLimitIsAnswered() async throws {
        let levels = (WhereClause.maximumDepth - 2) / 2
        let answer = await Self.get(Self.engine(.v1), "/todos?_where=" + Self.nestedWhere(orLevels: levels))
        #expect(answer.status == 200)
        #expect(answer.json?.arrayValue?.count == 1)
    }

    @Test func aConditionPathDeeperThanTheLimitSaysTheLimit() async throws {
        let path = Array(repeating: "a", count: 100).joined(separator: ".")
        let answer = await Self.get(Self.engine(.v1), "/todos?\(path):eq=1")
        #expect(answer.status == 400)
        let message = try #require(answer.json?["error"]?.stringValue)
        #expect(message.hasSuffix("is nested 101 levels deep; at most \(WhereClause.maximumDepth) are accepted"))
    }
}
