import Foundation
import JSON
import Testing

@testable import JSONServerCore

@Suite struct LazyDatabaseTests {
    /// A data file with a large collection (strings with escapes, unicode,
    /// nested values, number and string ids), a small one, an empty one,
    /// one of plain values and a singular resource.
    private static func sampleText(todos: Int = 2_345) -> String {
        var todoItems: [JSONValue] = []
        for id in 1...todos {
            let title = "todo \"\(id)\" [x] {y}, \\ café 日本 \(id % 7 == 0 ? "milk" : "bread")"
            var todo: JSONObject = [
                "userId": .int(id % 13 + 1), "title": .string(title), "completed": .bool(id % 3 == 0),
                "tags": ["a", ["b": .int(id)]],
            ]
            todo["id"] = id % 10 == 0 ? .string("t\(id)") : .int(id)
            // A field only later records have, and one whose values are of every scalar kind.
            if id > 2_000 { todo["late"] = .int(id % 2) }
            let mixed: [JSONValue] = [.int(1), .string("1"), .bool(true), .null, .double(1.5), .string("x")]
            todo["mixed"] = mixed[id % mixed.count]
            todoItems.append(.object(todo))
        }
        let users: [JSONValue] = (1...13).map { .object(["id": .int($0), "name": .string("user \($0)")]) }
        let root: JSONObject = [
            "todos": .array(todoItems), "users": .array(users), "empty": [], "numbers": [1, 2.5, "x", nil, [1]],
            "profile": ["name": "typicode"],
        ]
        return String(decoding: JSONWriter.bytes(.object(root), pretty: true), as: UTF8.self)
    }

    private static func temporaryFile(_ text: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lazy-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: url)
        return url
    }

    /// The same file behind a lazy engine and behind an engine over the whole parse.
    private static func engines(_ text: String, dialect: JSONServerDialect) throws -> (
        lazy: JSONServerEngine, full: JSONServerEngine, url: URL
    ) {
        let url = try temporaryFile(text)
        let file = try #require(MappedFile(path: url.path))
        // Materialised on two threads, as a million records would be.
        let lazy = try #require(try LazyDatabase(file: file, source: "data file \(url.path)", parallelFrom: 1_000))
        let full = try JSONDatabase(data: Data(text.utf8))
        return (JSONServerEngine(lazy: lazy, dialect: dialect), JSONServerEngine(database: full, dialect: dialect), url)
    }

    private static let pageRequestsV0 = [
        "/todos?_page=1&_limit=500", "/todos?_page=3&_limit=500", "/todos?_page=5&_limit=500",
        "/todos?_page=6&_limit=500", "/todos?_page=99&_limit=500", "/todos?_limit=0", "/todos?_page=1&_limit=0",
        "/todos?_page=2", "/todos?_start=10&_end=20", "/todos?_start=2340&_limit=50", "/todos?_start=-5&_end=-1",
        "/todos?_end=5", "/todos?_page=abc&_limit=5", "/todos?_limit=5&_page=2&_limit=7", "/todos?_page=0&_limit=7",
        "/users?_page=1&_limit=10", "/users?_page=2&_limit=10", "/empty?_page=1&_limit=10",
        "/numbers?_page=1&_limit=2", "/todos/?_page=1&_limit=3", "/todos?_page=1&_limit=-1",
        "/todos?_limit=-1", "/todos?_page=99999999999999999999", "/todos?_start=0&_end=99999999999999999999",
    ]

    private static let pageRequestsV1 = [
        "/todos?_page=1&_per_page=500", "/todos?_page=5&_per_page=500", "/todos?_page=99&_per_page=500",
        "/todos?_page=0", "/todos?_page=2&_per_page=0", "/todos?_start=10&_end=20", "/todos?_start=5&_limit=3",
        "/todos?_limit=0", "/todos?_page=1&_limit=5", "/todos?_start=2340&_end=99999", "/users?_page=2&_per_page=5",
        "/empty?_page=1", "/numbers?_page=1&_per_page=2", "/todos?_per_page=7", "/todos?_per_page=-1",
        "/todos?_page=99999999999999999999", "/todos?_page=abc&_per_page=3", "/todos?_end=99999999999999999999",
    ]

    private static func expectSame(
        _ lazy: JSONServerEngine, _ full: JSONServerEngine, _ request: EngineRequest,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async -> EngineResponse {
        let fromLazy = await lazy.handle(request)
        let fromFull = await full.handle(request)
        let target = request.path + "?" + request.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
        #expect(fromLazy.status == fromFull.status, "\(request.method) \(target)", sourceLocation: sourceLocation)
        #expect(fromLazy.headers == fromFull.headers, "\(request.method) \(target)", sourceLocation: sourceLocation)
        #expect(fromLazy.body == fromFull.body, "\(request.method) \(target)", sourceLocation: sourceLocation)
        return fromLazy
    }

    @Test(arguments: [JSONServerDialect.v0, .v1])
    func pageOnlyListsAreAnsweredByteForByteWithoutParsingTheFile(_ dialect: JSONServerDialect) async throws {
        let (lazy, full, url) = try Self.engines(Self.sampleText(), dialect: dialect)
        defer { try? FileManager.default.removeItem(at: url) }
        for target in dialect == .v0 ? Self.pageRequestsV0 : Self.pageRequestsV1 {
            let answer = await Self.expectSame(lazy, full, EngineRequest(method: "GET", target: target))
            #expect(answer.status == 200, "\(target)")
        }
        // HEAD, and a revalidation with the ETag the page was sent with.
        let page = dialect == .v0 ? "/todos?_page=2&_limit=3" : "/todos?_page=2&_per_page=3"
        let head = await Self.expectSame(lazy, full, EngineRequest(method: "HEAD", target: page))
        #expect(head.body.isEmpty)
        let etag = try #require(head.header("ETag"))
        let revalidated = await Self.expectSame(
            lazy, full, EngineRequest(method: "GET", target: page, headers: ["If-None-Match": etag]))
        #expect(revalidated.status == 304)
        #expect(await lazy.isMaterialised == false)
    }

    @Test(arguments: [JSONServerDialect.v0, .v1])
    func otherRequestsParseTheFileOnceAndThenAnswerAsTheFullEngine(_ dialect: JSONServerDialect) async throws {
        let (lazy, full, url) = try Self.engines(Self.sampleText(), dialect: dialect)
        defer { try? FileManager.default.removeItem(at: url) }
        _ = await Self.expectSame(lazy, full, EngineRequest(method: "GET", target: "/todos?_page=1&_limit=5"))
        #expect(await lazy.isMaterialised == false)
        // Requests arriving together wait for the one parse.
        let filters = ["/todos?completed=true", "/todos?userId=3", "/todos?q=milk", "/profile", "/todos/7"]
        let answers = await withTaskGroup(of: (String, EngineResponse).self) { group in
            for target in filters {
                group.addTask { (target, await lazy.handle(EngineRequest(method: "GET", target: target))) }
            }
            return await group.reduce(into: [String: EngineResponse]()) { $0[$1.0] = $1.1 }
        }
        #expect(await lazy.isMaterialised)
        for target in filters {
            let expected = await full.handle(EngineRequest(method: "GET", target: target))
            #expect(answers[target]?.status == expected.status, "\(target)")
            #expect(answers[target]?.body == expected.body, "\(target)")
        }
        let sorted = dialect == .v0 ? "/todos?_sort=title&_order=desc&_page=2" : "/todos?_sort=-title&_page=2"
        for target in [sorted, "/db", "/todos/t20", "/openapi.json", "/todos?title_like=milk&_limit=3"] {
            let answer = await Self.expectSame(lazy, full, EngineRequest(method: "GET", target: target))
            #expect(answer.status == 200, "\(target)")
        }
        // A write, then the pages as the full engine has them.
        let patch = EngineRequest(method: "PATCH", path: "/todos/3", body: Data(#"{"title": "changed"}"#.utf8))
        #expect(await Self.expectSame(lazy, full, patch).status == 200)
        let delete = EngineRequest(method: "DELETE", path: "/todos/4")
        #expect(await Self.expectSame(lazy, full, delete).status == 200)
        let page = dialect == .v0 ? "/todos?_page=1&_limit=5" : "/todos?_page=1&_per_page=5"
        let after = await Self.expectSame(lazy, full, EngineRequest(method: "GET", target: page))
        #expect(String(decoding: after.body, as: UTF8.self).contains("changed"))
        #expect(await lazy.database() == full.database())
    }

    /// As after a listing by the full engine: the collection the outline
    /// listed gets its search index built once the file is parsed (here by
    /// a record read: some todo ids are strings, which only the whole data answers).
    @Test func theListedCollectionIsIndexedOnceTheFileIsParsed() async throws {
        let (lazy, full, url) = try Self.engines(Self.sampleText(), dialect: .v0)
        defer { try? FileManager.default.removeItem(at: url) }
        _ = await Self.expectSame(lazy, full, EngineRequest(method: "GET", target: "/todos?_page=1&_limit=5"))
        _ = await Self.expectSame(lazy, full, EngineRequest(method: "GET", target: "/todos/7"))
        #expect(await lazy.isMaterialised)
        #expect(await lazy.hasSearchIndex("todos"))
        #expect(await lazy.hasSearchIndex("users") == false)
        _ = await Self.expectSame(lazy, full, EngineRequest(method: "GET", target: "/todos?q=milk&_page=2"))
    }

    /// v0 searches with only paging words beside them are answered from an
    /// index built from the file, never from a whole parse.
    @Test func pageOnlySearchesAreAnsweredFromTheOutlineByteForByte() async throws {
        let (lazy, full, url) = try Self.engines(Self.sampleText(), dialect: .v0)
        defer { try? FileManager.default.removeItem(at: url) }
        _ = await Self.expectSame(lazy, full, EngineRequest(method: "GET", target: "/todos?_page=1&_limit=5"))
        #expect(await lazy.isIndexingOutline("todos"))
        #expect(await lazy.isIndexingOutline("users") == false)
        let searches = [
            "/todos?q=milk&_page=1&_limit=500", "/todos?q=milk&_page=2&_limit=7", "/todos?_page=3&q=MILK&_limit=50",
            "/todos?q=7&_page=1&_limit=500", "/todos?q=t20&_page=1&_limit=5", "/todos?q=true&_start=3&_end=9",
            "/todos?q=zzz&_page=1&_limit=5", "/todos?q=bread&_page=99&_limit=50", "/todos?q=milk&_limit=3",
            "/users?q=user%201&_page=1&_limit=3",
        ]
        for target in searches {
            let answer = await Self.expectSame(lazy, full, EngineRequest(method: "GET", target: target))
            #expect(answer.status == 200, "\(target)")
        }
        let page = "/todos?q=milk&_page=2&_limit=7"
        let head = await Self.expectSame(lazy, full, EngineRequest(method: "HEAD", target: page))
        let etag = try #require(head.header("ETag"))
        let revalidated = await Self.expectSame(
            lazy, full, EngineRequest(method: "GET", target: page, headers: ["If-None-Match": etag]))
        #expect(revalidated.status == 304)
        #expect(await lazy.isMaterialised == false)
        #expect(await lazy.isParsingWhole == false)

        // A needle the index cannot answer (not ASCII), or a sort, needs the whole data.
        for target in ["/todos?q=café&_page=1&_limit=5", "/todos?q=milk&_sort=title&_page=1&_limit=5", "/todos?q=milk"]
        {
            _ = await Self.expectSame(lazy, full, EngineRequest(method: "GET", target: target))
        }
        #expect(await lazy.isMaterialised)
        // The index from the outline serves the parsed data too.
        #expect(await lazy.hasSearchIndex("todos"))
        _ = await Self.expectSame(lazy, full, EngineRequest(method: "GET", target: "/todos?q=milk&_page=3&_limit=9"))
    }

    /// Records by integer id, equality filters (with a search or not) and
    /// collections the file does not have are answered from the outline and
    /// its index, never from a whole parse.
    @Test func recordsAndEqualityFiltersAreAnsweredFromTheOutlineByteForByte() async throws {
        let (lazy, full, url) = try Self.engines(Self.sampleText(), dialect: .v0)
        defer { try? FileManager.default.removeItem(at: url) }
        let targets = [
            "/users/3", "/users/13", "/users/14", "/users/03", "/users/abc", "/users/3?_page=2&x=1", "/users/-1",
            "/todos?userId=3", "/todos?userId=3&userId=5&_page=2&_limit=4", "/todos?completed=true&q=milk&_limit=5",
            "/todos?userId=13&completed=false&_start=5&_end=9", "/todos?nothere=1&_page=1&_limit=5",
            "/todos?userId=99", "/todos?completed=yes&_limit=3", "/todos?late=1&_page=2&_limit=5", "/todos?late=0",
            "/todos?mixed=1&_limit=8", "/todos?mixed=true&_limit=4", "/todos?mixed=1.5&_limit=4",
            "/todos?mixed=x&mixed=1&_page=3&_limit=4", "/todos?mixed=null&_limit=4", "/todos?userId=4&q=bread",
            "/users?name=user%204", "/people/1", "/people", "/todos?userId=3&callback=f&_=1&_limit=2",
        ]
        for target in targets {
            _ = await Self.expectSame(lazy, full, EngineRequest(method: "GET", target: target))
        }
        let record = await Self.expectSame(lazy, full, EngineRequest(method: "HEAD", target: "/users/3"))
        let etag = try #require(record.header("ETag"))
        let revalidated = await Self.expectSame(
            lazy, full, EngineRequest(method: "GET", target: "/users/3", headers: ["If-None-Match": etag]))
        #expect(revalidated.status == 304)
        #expect(await lazy.isMaterialised == false)

        // Nested fields, operators and sorting need the whole data.
        for target in ["/todos?tags=a", "/todos?userId_ne=3&_limit=5", "/todos?userId=3&_sort=title", "/todos/8"] {
            _ = await Self.expectSame(lazy, full, EngineRequest(method: "GET", target: target))
        }
        #expect(await lazy.isMaterialised)
    }

    /// The filter prompt opened: in v0 the listed collection's index (under
    /// way since its listing) is all a search needs; in v1, whose searches
    /// need the whole data, the whole parse starts.
    @Test(arguments: [JSONServerDialect.v0, .v1])
    func aComingSearchGetsTheFileReadyWithoutARequest(_ dialect: JSONServerDialect) async throws {
        let (lazy, full, url) = try Self.engines(Self.sampleText(), dialect: dialect)
        defer { try? FileManager.default.removeItem(at: url) }
        let first = dialect == .v0 ? "/todos?_page=1&_limit=5" : "/todos?_page=1&_per_page=5"
        _ = await Self.expectSame(lazy, full, EngineRequest(method: "GET", target: first))
        #expect(await lazy.isIndexingOutline("todos"))  // for filters and sorts in both dialects
        await lazy.prepareToSearch()
        #expect(await lazy.isParsingWhole == (dialect == .v1))
        // Page-only lists are still answered, the same, meanwhile.
        let second = dialect == .v0 ? "/todos?_page=2&_limit=5" : "/todos?_page=2&_per_page=5"
        _ = await Self.expectSame(lazy, full, EngineRequest(method: "GET", target: second))
        let search = dialect == .v0 ? "/todos?q=milk&_page=1&_limit=5" : "/todos?q=milk&_page=1"
        _ = await Self.expectSame(lazy, full, EngineRequest(method: "GET", target: search))
        #expect(await lazy.isMaterialised == (dialect == .v1))
        if dialect == .v1 { #expect(await lazy.hasSearchIndex("todos")) }
        await lazy.prepareToSearch()  // ready: nothing more to do
        #expect(await lazy.isParsingWhole == false)
    }

    /// A write after the whole parse: the index from the outline, built from
    /// the items before it, is not installed.
    @Test func anIndexFromTheOutlineIsNotInstalledAfterAWrite() async throws {
        let (lazy, full, url) = try Self.engines(Self.sampleText(), dialect: .v0)
        defer { try? FileManager.default.removeItem(at: url) }
        _ = await Self.expectSame(lazy, full, EngineRequest(method: "GET", target: "/todos?_page=1&_limit=5"))
        let patch = EngineRequest(method: "PATCH", path: "/todos/7", body: Data(#"{"title": "pineapple"}"#.utf8))
        #expect(await Self.expectSame(lazy, full, patch).status == 200)
        #expect(await lazy.isMaterialised)
        let found = await Self.expectSame(
            lazy, full, EngineRequest(method: "GET", target: "/todos?q=pineapple&_page=1"))
        #expect(found.header("X-Total-Count") == "1")
    }

    @Test func aRecordThatDoesNotParseIsAnErrorNamingTheFileAndPosition() async throws {
        // Record 250 (of 300) gets a number with a leading zero.
        let text = Self.sampleText(todos: 300).replacingOccurrences(of: "\"b\": 250\n", with: "\"b\": 0250\n")
        let wholeError = #expect(throws: JSONParseError.self) { try JSONParser.parse(text) }
        let position = try #require(wholeError.map { "line \($0.line), column \($0.column)" })
        let url = try Self.temporaryFile(text)
        defer { try? FileManager.default.removeItem(at: url) }
        let file = try #require(MappedFile(path: url.path))
        let database = try #require(try LazyDatabase(file: file, source: "data file \(url.path)"))
        let engine = JSONServerEngine(lazy: database)

        let first = await engine.handle(EngineRequest(method: "GET", target: "/todos?_page=1&_limit=100"))
        #expect(first.status == 200)
        let broken = await engine.handle(EngineRequest(method: "GET", target: "/todos?_page=3&_limit=100"))
        #expect(broken.status == 500)
        let problem = try #require(broken.dataFileProblem)
        #expect(problem == "data file \(url.path): invalid JSON: leading zeros are not allowed at \(position)")
        #expect(broken.json?["error"] == .string(problem))
        #expect(!problem.contains("\n"))

        // A search's index parses every record: the same error.
        let searched = await engine.handle(EngineRequest(method: "GET", target: "/todos?q=milk&_page=1&_limit=10"))
        #expect(searched.status == 500)
        #expect(searched.dataFileProblem == problem)
        #expect(await engine.isMaterialised == false)

        // A filter needs the whole file: the same error, and the engine keeps answering.
        let filtered = await engine.handle(EngineRequest(method: "GET", target: "/todos?completed=true"))
        #expect(filtered.status == 500)
        #expect(filtered.dataFileProblem == problem)
        let again = await engine.handle(EngineRequest(method: "GET", target: "/todos/1"))
        #expect(again.dataFileProblem == problem)
        #expect(await engine.handle(EngineRequest(method: "GET", target: "/todos?_page=2&_limit=100")).status == 200)
    }

    /// Truncated while served: reading a page past the new end would crash
    /// (SIGBUS); the engine says what happened instead, and goes on.
    @Test func aFileChangedInPlaceIsOneLineNotACrash() async throws {
        let url = try Self.temporaryFile(Self.sampleText())
        defer { try? FileManager.default.removeItem(at: url) }
        let file = try #require(MappedFile(path: url.path))
        let database = try #require(try LazyDatabase(file: file, source: "data file \(url.path)"))
        let engine = JSONServerEngine(lazy: database)
        #expect(await engine.handle(EngineRequest(method: "GET", target: "/todos?_page=1&_limit=5")).status == 200)
        #expect(!file.isModifiedInPlace)
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: UInt64(file.bytes.count / 2))
        try handle.close()
        #expect(file.isModifiedInPlace)
        let expected = "data file \(url.path): changed on disk since it was opened; restart to read it again"
        let page = await engine.handle(EngineRequest(method: "GET", target: "/todos?_page=40&_limit=50"))
        #expect(page.status == 500)
        #expect(page.dataFileProblem == expected)
        let filtered = await engine.handle(EngineRequest(method: "GET", target: "/todos?completed=true"))
        #expect(filtered.dataFileProblem == expected)
    }

    @Test func aFileReplacedByAnotherIsStillServedFromTheMapping() async throws {
        let url = try Self.temporaryFile(Self.sampleText())
        defer { try? FileManager.default.removeItem(at: url) }
        let file = try #require(MappedFile(path: url.path))
        let database = try #require(try LazyDatabase(file: file, source: "data file"))
        let engine = JSONServerEngine(lazy: database)
        let before = await engine.handle(EngineRequest(method: "GET", target: "/todos?_page=2&_limit=5"))
        let replacement = try Self.temporaryFile("{\"todos\": []}")
        #expect(rename(replacement.path, url.path) == 0)  // a new inode at the same path
        #expect(!file.isModifiedInPlace)
        let after = await engine.handle(EngineRequest(method: "GET", target: "/todos?_page=2&_limit=5"))
        #expect(after.status == 200)
        #expect(after.body == before.body)
    }

    @Test func aFileWhoseTopLevelIsNotAnObjectIsLeftToTheWholeParse() throws {
        let url = try Self.temporaryFile("[1, 2, 3]")
        defer { try? FileManager.default.removeItem(at: url) }
        let file = try #require(MappedFile(path: url.path))
        #expect(try LazyDatabase(file: file, source: "data file") == nil)
    }

    @Test func aStructuralErrorIsFoundWhenTheFileIsOutlined() throws {
        let text = "{\"todos\": [\n  {\"id\": 1},\n  {\"id\": 2]\n}"
        let url = try Self.temporaryFile(text)
        defer { try? FileManager.default.removeItem(at: url) }
        let file = try #require(MappedFile(path: url.path))
        let wholeError = try #require(#expect(throws: JSONParseError.self) { try JSONParser.parse(text) })
        #expect(wholeError.line == 3)
        #expect(throws: JSONDatabase.LoadError.malformed(wholeError)) {
            _ = try LazyDatabase(file: file, source: "data file")
        }
    }

    /// The whole parse from the outline, on two threads, fails where a whole
    /// parse of the text fails: the earlier of two broken records.
    @Test(arguments: [[250], [40, 250], [250, 280], [40]])
    func materialisingReportsTheFirstErrorOfTheFile(_ broken: [Int]) throws {
        var text = Self.sampleText(todos: 300)
        for id in broken { text = text.replacingOccurrences(of: "\"b\": \(id)\n", with: "\"b\": 0\(id)\n") }
        let url = try Self.temporaryFile(text)
        defer { try? FileManager.default.removeItem(at: url) }
        let file = try #require(MappedFile(path: url.path))
        let database = try #require(try LazyDatabase(file: file, source: "data file", parallelFrom: 10))
        let wholeError = try #require(#expect(throws: JSONParseError.self) { try JSONParser.parse(text) })
        #expect(throws: JSONDatabase.LoadError.malformed(wholeError)) { _ = try database.materialise() }
    }
}
