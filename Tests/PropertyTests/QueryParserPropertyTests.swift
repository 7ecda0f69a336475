import Foundation
import JSON
import JSONServerCore
import PropertyBased
import Testing

extension Properties {
    /// `serve`'s query parsing (`CollectionQuery`, `WhereClause`) over any
    /// query string, in both dialects: it never crashes, never answers 5xx,
    /// and what it answers is JSON.
    @Suite struct QueryParserPropertyTests {
        static let names = [
            "_page", "_limit", "_per_page", "_sort", "_order", "_start", "_end", "q", "_embed", "_expand", "_where",
            "id", "id_gte", "id_lte", "id_ne", "title_like", "userId", "completed", "title:contains", "id:gt", "id:lt",
            "user.name", "a.b.c", "", "%", "%zz", "_page[]", "id:nope", "title_like_like",
        ]
        static let values = [
            "1", "0", "-1", "2", "99999999999999999999", "1e3", "abc", "", "true", "null", "asc", "desc", "-id",
            "id,title",
            "(", "[", "*", "\\", "%00", "%zz", "%E2%80%AE", "a%26b", "{\"id\":{\"gt\":1}}", "{\"or\":[]}", "{",
            "{\"title\":{\"contains\":1}}", "{\"a\":{\"b\":{\"c\":{\"gt\":\"x\"}}}}", "[]", "user", "todos", ".*",
            "(a|b)+$",
        ]
        static let engines = JSONServerDialect.allCases.map { dialect in
            JSONServerEngine(database: database, dialect: dialect)
        }
        static let database = JSONDatabase(collections: [
            (
                "todos",
                .array(
                    (1...12).map { id in
                        .object([
                            "id": .int(id), "userId": .int(id % 3 + 1), "title": .string("todo \(id) é"),
                            "completed": .bool(id % 2 == 0), "user": .object(["name": .string("n\(id)")]),
                        ])
                    })
            ),
            ("users", .array((1...3).map { .object(["id": .int($0), "name": .string("user \($0)")]) })),
        ])

        static func query(_ seed: [UInt8]) -> String {
            var source = ByteSource(seed)
            var items: [String] = []
            while !source.isExhausted {
                switch source.choose(8) {
                case 0: items.append(source.pick(names))
                case 1: items.append(String(decoding: (0..<source.choose(6)).map { _ in source.byte() }, as: UTF8.self))
                default: items.append(source.pick(names) + "=" + source.pick(values))
                }
            }
            return items.joined(separator: source.choose(6) == 0 ? "&&" : "&")
        }

        @Test func anyQueryIsAnsweredWithoutAServerError() async {
            let seeds = Gen<UInt8>.value(in: 0...255).array(of: 0...60)
            await propertyCheck(count: FuzzBudget.cases, input: seeds, Gen.int(in: 0...3)) { seed, pick in
                await Task.yield()  // one case at a time: other suites share the two cores
                let query = Self.query(seed)
                let path = ["/todos", "/todos/1", "/users", "/todos/1/user"][pick]
                for engine in Self.engines {
                    let response = await engine.handle(EngineRequest(method: "GET", target: "\(path)?\(query)"))
                    #expect(response.status < 500, "GET \(path)?\(query) → \(response.status)")
                    #expect(
                        response.body.isEmpty || response.json != nil,
                        "GET \(path)?\(query): body is not JSON: \(String(decoding: response.body.prefix(200), as: UTF8.self))"
                    )
                }
            }
        }

        /// Parsing alone, off the engine: a bad pattern is a thrown error, never a crash.
        @Test func collectionQueryParsesOrSaysWhy() async {
            let seeds = Gen<UInt8>.value(in: 0...255).array(of: 0...60)
            await propertyCheck(count: FuzzBudget.cases, input: seeds) { seed in
                await Task.yield()  // one case at a time: other suites share the two cores
                let items = QueryItem.parse(Substring(Self.query(seed)))
                _ = try? CollectionQuery(items)
                var clause = WhereClause()
                for item in items { _ = clause.add(key: item.name, value: item.value) }
                for todo in Self.database.collection("todos") ?? [] { _ = clause.matches(todo) }
            }
        }
    }
}
