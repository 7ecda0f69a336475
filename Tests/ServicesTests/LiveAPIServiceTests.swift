import Foundation
import JSON
import Logging
import Modules
import Networking
import Services
import TestSupport
import Testing

/// The live service against a real HTTP server on 127.0.0.1.
@Suite("Live API service over real HTTP")
struct LiveAPIServiceTests {
    static let todosJSON = String(decoding: (try? JSONEncoder().encode(Fixtures.todos)) ?? Data(), as: UTF8.self)
    static let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }

    static func service(
        _ base: URL, storage: any StorageService = InMemoryStorageService(), hint: ErrorHint = .none
    ) -> LiveAPIService {
        let network = NetworkClient(client: AsyncHTTPClientTransport(), retry: .never)
        let store = ResourceStore(network: network, storage: storage, namespace: "test", logger: logger)
        return LiveAPIService(baseURL: base, network: network, store: store, hint: hint)
    }

    /// A server that tags `/todos` with an ETag and answers 304 when it matches.
    static func etagServer() async throws -> TestHTTPServer {
        try await TestHTTPServer.start { request in
            if request.header("If-None-Match") == "W/\"v1\"" { return TestHTTPResponse(status: 304) }
            return .json(todosJSON, headers: [("ETag", "W/\"v1\""), ("X-Total-Count", "5")])
        }
    }

    @Test func aReloadSendsIfNoneMatchAndReusesTheStoredBodyOn304() async throws {
        let server = try await Self.etagServer()
        defer { Task { await server.stop() } }
        let api = Self.service(server.baseURL)
        let first = try await api.records(.todos, ListQuery())
        let second = try await api.records(.todos, ListQuery())
        #expect(first.origin == .network)
        #expect(second.origin == .revalidated)
        #expect(second.items == Fixtures.todoRecords)
        #expect(second.totalCount == 5)
        let sent = await server.requests.map { $0.header("If-None-Match") }
        #expect(sent == [nil, "W/\"v1\""])
    }

    @Test func theETagIsSentAgainAfterARestart() async throws {
        let server = try await Self.etagServer()
        defer { Task { await server.stop() } }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "trestle-live-\(UUID().uuidString).sqlite")
        defer { try? FileManager.default.removeItem(at: file) }
        _ = try await Self.service(server.baseURL, storage: try SQLiteStorageService(url: file, logger: Self.logger))
            .records(.todos, ListQuery())
        let restarted = Self.service(server.baseURL, storage: try SQLiteStorageService(url: file, logger: Self.logger))
        let cached = await restarted.currentList(.todos)?.listing
        #expect(cached?.items == Fixtures.todoRecords)
        #expect(cached?.origin == .cache)
        #expect(try await restarted.records(.todos, ListQuery()).origin == .revalidated)
        #expect(await server.requests.last?.header("If-None-Match") == "W/\"v1\"")
    }

    @Test func concurrentLoadsOfOneURLReachTheServerOnce() async throws {
        let server = try await TestHTTPServer.start { _ in .json(Self.todosJSON, delay: .milliseconds(300)) }
        defer { Task { await server.stop() } }
        let api = Self.service(server.baseURL)
        async let a = api.records(.todos, ListQuery())
        async let b = api.records(.todos, ListQuery())
        async let c = api.records(.todos, ListQuery())
        let results = try await [a, b, c]
        #expect(results.allSatisfy { $0.items.count == 5 })
        #expect(await server.hitCount(path: "/todos") == 1)
    }

    @Test func aRefusedConnectionIsOfflineWithAHint() async throws {
        let api = Self.service(try await TestHTTPServer.refusingURL(), hint: .whenUnreachable("start `trestle serve`"))
        do {
            _ = try await api.records(.todos, ListQuery())
            Issue.record("expected a failure")
        } catch {
            #expect(error.kind == .offline)
            #expect(error.message.contains("start `trestle serve`"))
            #expect(!error.message.contains("\n"))
        }
    }

    @Test func cachedDataRemainsWhenTheServerGoesAway() async throws {
        let server = try await Self.etagServer()
        let storage = InMemoryStorageService()
        let api = Self.service(server.baseURL, storage: storage)
        _ = try await api.records(.todos, ListQuery())
        await server.stop()
        await #expect(throws: ServiceError.self) { try await api.records(.todos, ListQuery()) }
        #expect(await api.currentList(.todos)?.listing?.items == Fixtures.todoRecords)
    }

    @Test func malformedDataNamesThePathThroughTheTodoSchema() async throws {
        let server = try await TestHTTPServer.start { _ in
            .json(
                #"[{"userId":1,"id":1,"title":"ok","completed":false},{"userId":1,"id":2,"title":7,"completed":true}]"#)
        }
        defer { Task { await server.stop() } }
        do {
            _ = try await Self.service(server.baseURL).records(.todos, ListQuery())
            Issue.record("expected a failure")
        } catch {
            #expect(error.kind == .badData)
            #expect(error.message.contains("[1].title"))
        }
    }

    @Test func aResourceWithoutASchemaTakesAnyRecords() async throws {
        let server = try await TestHTTPServer.start { _ in .json(#"[{"id":1,"title":7},{"name":"no id"}]"#) }
        defer { Task { await server.stop() } }
        let plain = ResourceCatalog.inferred(name: "todos", from: [])
        let listing = try await Self.service(server.baseURL).records(plain, ListQuery())
        #expect(listing.items.count == 2)
        #expect(listing.items[1]["name"] == "no id")
    }

    @Test func aListThatIsNotAnArrayIsBadData() async throws {
        let server = try await TestHTTPServer.start { _ in .json(#"{"todos":[]}"#) }
        defer { Task { await server.stop() } }
        do {
            _ = try await Self.service(server.baseURL).records(.todos, ListQuery())
            Issue.record("expected a failure")
        } catch {
            #expect(error.kind == .badData)
            #expect(error.message.contains("expected an array"))
        }
    }

    @Test func usersAreCheckedDownToTheirNestedGeoLatitude() async throws {
        let good = Self.userJSON(id: 1, lat: #""-37.3159""#)
        let bad = Self.userJSON(id: 2, lat: "-43.9509")
        let server = try await TestHTTPServer.start { _ in .json("[\(good),\(bad)]") }
        defer { Task { await server.stop() } }
        let users = ResourceCatalog.jsonPlaceholder.descriptor(for: "users")
        do {
            _ = try await Self.service(server.baseURL).records(users, ListQuery())
            Issue.record("expected a failure")
        } catch {
            #expect(error.kind == .badData)
            #expect(error.message.contains("[1].address.geo.lat"))
        }
    }

    @Test func theUserSchemaAcceptsAWellFormedUserAndNamesAMissingNestedObject() throws {
        let good = try JSONParser.parse(Self.userJSON(id: 1, lat: #""-37.3159""#))
        #expect(throws: Never.self) { try RecordSchema.user.validate([good]) }
        var object = try #require(good.objectValue)
        var address = try #require(object["address"]?.objectValue)
        address["geo"] = nil
        object["address"] = .object(address)
        do {
            try RecordSchema.user.validate([good, .object(object)])
            Issue.record("expected a failure")
        } catch {
            guard case .decoding(let path, let reason) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(path == "[1].address.geo")
            #expect(reason == "missing")
        }
    }

    static func userJSON(id: Int, lat: String) -> String {
        """
        {"id":\(id),"name":"Leanne Graham","username":"Bret","email":"Sincere@april.biz",
         "address":{"street":"Kulas Light","suite":"Apt. 556","city":"Gwenborough","zipcode":"92998-3874",
                    "geo":{"lat":\(lat),"lng":"81.1496"}},
         "phone":"1-770-736-8031 x56442","website":"hildegard.org",
         "company":{"name":"Romaguera-Crona","catchPhrase":"Multi-layered","bs":"harness real-time e-markets"}}
        """
    }

    @Test func aPatchSendsJSONAndInvalidatesTheList() async throws {
        let server = try await TestHTTPServer.start { request in
            if request.method == "PATCH" {
                return .json(#"{"userId":1,"id":1,"title":"buy milk","completed":true}"#)
            }
            return .json(Self.todosJSON, headers: [("ETag", "W/\"v1\"")])
        }
        defer { Task { await server.stop() } }
        let api = Self.service(server.baseURL)
        _ = try await api.records(.todos, ListQuery())
        let updated = try await api.update(.todos, id: "1", ["completed": true])
        #expect(updated["completed"] == true)
        let patch = await server.requests.first { $0.method == "PATCH" }
        #expect(patch?.path == "/todos/1")
        #expect(patch?.header("Content-Type")?.hasPrefix("application/json") == true)
        #expect(String(decoding: patch?.body ?? Data(), as: UTF8.self) == #"{"completed":true}"#)
        _ = try await api.records(.todos, ListQuery())
        #expect(await server.requests.last?.header("If-None-Match") == nil)
    }

    /// A service that saves a `PATCH` and answers only that it did (Django
    /// Ninja's tutorial answers `{"success": true}`) has saved it: the todo
    /// is read again by its id, not rolled back as bad data.
    @Test func aWriteAnsweredWithLessThanTheRecordReadsTheRecordAgain() async throws {
        let server = try await TestHTTPServer.start { request in
            if request.method == "PATCH" { return .json(#"{"success": true}"#) }
            return .json(#"{"userId":1,"id":1,"title":"buy milk","completed":true}"#)
        }
        defer { Task { await server.stop() } }
        let updated = try await Self.service(server.baseURL).update(.todos, id: "1", ["completed": true])
        #expect(updated["title"] == "buy milk")
        #expect(updated["completed"] == true)
        #expect(await server.requests.map { "\($0.method) \($0.path)" } == ["PATCH /todos/1", "GET /todos/1"])
    }

    /// A service whose record `GET` answers 405 Method Not Allowed (an
    /// instant-json-server: lists and writes, no read of one) reads its
    /// records only in the list: said as such, and not asked again, nor
    /// after a write answered with less than the record (whose status
    /// words are not taken for the record's fields).
    @Test func aRecordReadAnswered405IsReadInTheListOnlyAndNotAskedAgain() async throws {
        let server = try await TestHTTPServer.start { request in
            if request.method == "PATCH" { return .json(#"{"success": true}"#) }
            return .init(status: 405)
        }
        defer { Task { await server.stop() } }
        let api = Self.service(server.baseURL)
        let todos = ResourceDescriptor(name: "todos", columns: [])
        for id in ["1", "2"] {
            do {
                _ = try await api.record(todos, id: id)
                Issue.record("expected a failure")
            } catch {
                #expect(error.reason == .readInListOnly(name: "todos"))
            }
        }
        let written = try await api.update(todos, id: "1", ["completed": true])
        #expect(written == ["completed": true])
        #expect(await server.requests.map { "\($0.method) \($0.path)" } == ["GET /todos/1", "PATCH /todos/1"])
    }

    /// What a record takes, as the service's `Allow` says: asked once per
    /// collection (`OPTIONS`), remembered; a 405's `Allow` counts too, and
    /// without `GET` no record is asked for alone afterwards.
    @Test func allowedMethodsAreTheOptionsAnswersAllowAskedOncePerCollection() async throws {
        let server = try await TestHTTPServer.start { request in
            switch (request.method, request.path) {
            case ("OPTIONS", "/books/1"): .init(status: 204, headers: [("Allow", "GET, head,PATCH , DELETE")])
            case ("OPTIONS", "/notes/1"):
                .json(#"{"detail": "Method Not Allowed"}"#, status: 405, headers: [("Allow", "PATCH")])
            case ("OPTIONS", "/tags/1"): .init(status: 404)
            case ("OPTIONS", "/cors/1"): .init(status: 204, headers: [("Access-Control-Allow-Methods", "GET,PATCH")])
            case ("OPTIONS", "/refused/1"): .init(status: 403, headers: [("Access-Control-Allow-Methods", "GET,PATCH")])
            case ("OPTIONS", _): .init(status: 204, headers: [("Allow", String(repeating: "GET, ", count: 60))])
            default: .json(#"{"id": 1}"#)
            }
        }
        defer { Task { await server.stop() } }
        let api = Self.service(server.baseURL)
        let books = ResourceCatalog([]).descriptor(for: "books")
        #expect(await api.allowedMethods(books, id: "1") == ["GET", "HEAD", "PATCH", "DELETE"])
        #expect(await api.allowedMethods(books, id: "2") == ["GET", "HEAD", "PATCH", "DELETE"])
        let notes = ResourceCatalog([]).descriptor(for: "notes")
        #expect(await api.allowedMethods(notes, id: "1") == ["PATCH"])
        await #expect(throws: ServiceError(.other, .readInListOnly(name: "notes"))) {
            try await api.record(notes, id: "1")
        }
        #expect(await api.allowedMethods(ResourceCatalog([]).descriptor(for: "tags"), id: "1") == nil)
        #expect(await api.allowedMethods(ResourceCatalog([]).descriptor(for: "long"), id: "1") == nil, "too long")
        // No `Allow`: a 2xx answer's CORS methods (json-server-py's), not a refusal's.
        #expect(await api.allowedMethods(ResourceCatalog([]).descriptor(for: "cors"), id: "1") == ["GET", "PATCH"])
        #expect(await api.allowedMethods(ResourceCatalog([]).descriptor(for: "refused"), id: "1") == nil)
        let sent = await server.requests.map { "\($0.method) \($0.path)" }
        #expect(
            sent == [
                "OPTIONS /books/1", "OPTIONS /notes/1", "OPTIONS /tags/1", "OPTIONS /long/1", "OPTIONS /cors/1",
                "OPTIONS /refused/1",
            ])
    }

    /// A route its document gives no record `GET` is never asked one.
    @Test func aRouteThatReadsNoRecordAloneAsksNone() async throws {
        let server = try await TestHTTPServer.start { _ in .json(#"{"id": 1}"#) }
        defer { Task { await server.stop() } }
        var tasks = ResourceDescriptor(name: "tasks", columns: [])
        var route = ResourceRoute(path: "/tasks")
        route.readsRecords = false
        tasks.route = route
        await #expect(throws: ServiceError(.other, .readInListOnly(name: "tasks"))) {
            try await Self.service(server.baseURL).record(tasks, id: "1")
        }
        #expect(await server.requests.isEmpty)
    }

    @Test func aWriteAnswerThatBreaksTheSchemaIsBadData() async throws {
        let server = try await TestHTTPServer.start { _ in .json(#"{"id":1,"title":"x","completed":"yes"}"#) }
        defer { Task { await server.stop() } }
        do {
            _ = try await Self.service(server.baseURL).update(.todos, id: "1", ["completed": true])
            Issue.record("expected a failure")
        } catch {
            #expect(error.kind == .badData)
            #expect(error.message.contains("record.userId"))
        }
    }

    // MARK: - Against a json-server engine over HTTP

    static let notesJSON =
        #"{"notes":[{"id":"a1b2","text":"first"},{"id":"x y","text":"spaced"},{"id":"a/b","text":"slashed"}],"todos":\#(todosJSON)}"#

    @Test func createPostsTheFieldsAndReturnsTheNewID() async throws {
        let server = try await EngineTestServer.start(json: Self.notesJSON)
        defer { Task { await server.stop() } }
        let api = Self.service(server.baseURL)
        let created = try await api.create(.todos, ["userId": 2, "title": "new one", "completed": false])
        #expect(created.recordID() == "6")
        #expect(created["title"] == "new one")
        let post = try #require(await server.requests.first { $0.method == "POST" })
        #expect(post.path == "/todos")
        let sent = try JSONParser.parse(post.body)
        #expect(sent == ["userId": 2, "title": "new one", "completed": false])
        let listing = try await api.records(.todos, ListQuery())
        #expect(listing.items.count == 6)
        #expect(try await api.record(.todos, id: "6")["title"] == "new one")
    }

    /// A list loaded a moment ago counts as fresh, but not after a write to
    /// its collection: the next look (a new screen) loads it again.
    @Test func aWriteOutdatesTheFreshListsOfItsCollection() async throws {
        let server = try await EngineTestServer.start(json: Self.notesJSON)
        defer { Task { await server.stop() } }
        let api = Self.service(server.baseURL)
        #expect(await api.settledList(.todos, force: false)?.listing?.items.count == 5)
        await api.refreshRecords(.todos, ListQuery(), force: false)
        #expect(await server.hitCount(path: "/todos") == 1)  // fresh: not asked again
        _ = try await api.create(.todos, ["userId": 1, "title": "one more", "completed": false])
        await api.refreshRecords(.todos, ListQuery(), force: false)
        #expect(await server.hitCount(path: "/todos") == 3)  // the POST, then the list again
        #expect(await api.currentList(.todos)?.listing?.items.count == 6)
    }

    @Test func updateChangesTheServersCopy() async throws {
        let server = try await EngineTestServer.start(json: Self.notesJSON)
        defer { Task { await server.stop() } }
        let api = Self.service(server.baseURL)
        let before = try await api.records(.todos, ListQuery())
        #expect(before.items.first { $0.recordID() == "4" }?["completed"] == false)
        let updated = try await api.update(.todos, id: "4", ["completed": true, "title": "called the bank"])
        #expect(updated["completed"] == true)
        #expect(updated["userId"] == 2)
        let after = try await api.records(.todos, ListQuery())
        #expect(after.origin == .network)
        #expect(after.items.first { $0.recordID() == "4" }?["title"] == "called the bank")
    }

    @Test func deleteRemovesTheRecord() async throws {
        let server = try await EngineTestServer.start(json: Self.notesJSON)
        defer { Task { await server.stop() } }
        let api = Self.service(server.baseURL)
        _ = try await api.records(.todos, ListQuery())
        try await api.delete(.todos, id: "2")
        #expect(await server.requests.contains { $0.method == "DELETE" && $0.path == "/todos/2" })
        let listing = try await api.records(.todos, ListQuery())
        #expect(listing.items.compactMap { $0.recordID() } == ["1", "3", "4", "5"])
        await #expect(throws: ServiceError.self) { try await api.delete(.todos, id: "2") }
    }

    @Test func aMissingRecordIsNotFound() async throws {
        let server = try await EngineTestServer.start(json: Self.notesJSON)
        defer { Task { await server.stop() } }
        do {
            _ = try await Self.service(server.baseURL).record(.todos, id: "99")
            Issue.record("expected not found")
        } catch {
            #expect(error.kind == .notFound)
        }
    }

    @Test func recordsWithStringIDsAreReadAndAddressedByThem() async throws {
        let server = try await EngineTestServer.start(json: Self.notesJSON)
        defer { Task { await server.stop() } }
        let api = Self.service(server.baseURL)
        let notes = ResourceCatalog.jsonPlaceholder.descriptor(for: "notes")
        let listing = try await api.records(notes, ListQuery())
        #expect(listing.items.map { $0.recordID() } == ["a1b2", "x y", "a/b"])
        #expect(try await api.record(notes, id: "a1b2")["text"] == "first")
        #expect(try await api.record(notes, id: "x y")["text"] == "spaced")
        #expect(await server.requests.last?.path == "/notes/x%20y")
        #expect(try await api.record(notes, id: "a/b")["text"] == "slashed")
        #expect(await server.requests.last?.path == "/notes/a%2Fb")
        let updated = try await api.update(notes, id: "a1b2", ["text": "changed"])
        #expect(updated.recordID() == "a1b2")
    }

    @Test func recordURLsEscapeTheIDOnce() throws {
        let base = try #require(URL(string: "http://127.0.0.1:3000"))
        func url(_ route: ResourceEndpoint.Route) -> String? {
            ResourceEndpoint(baseURL: base, resource: "notes", route: route).makeRequest().resolvedURL?.absoluteString
        }
        #expect(url(.one(id: "x y")) == "http://127.0.0.1:3000/notes/x%20y")
        #expect(url(.one(id: "a/b")) == "http://127.0.0.1:3000/notes/a%2Fb")
        #expect(url(.delete(id: "50%")) == "http://127.0.0.1:3000/notes/50%25")
        #expect(
            url(.list(ListQuery(filters: [.init("userId", "3")], page: 2, limit: 10)))
                == "http://127.0.0.1:3000/notes?userId=3&_page=2&_limit=10")
        let nested = try #require(URL(string: "http://127.0.0.1:3000/api/"))
        #expect(
            ResourceEndpoint(baseURL: nested, resource: "todos", route: .one(id: "7")).makeRequest().url.absoluteString
                == "http://127.0.0.1:3000/api/todos/7")
    }

    @Test func recordIDReadsIntegersStringsAndWholeDoubles() {
        let record: JSONValue = ["id": 7, "slug": "a-b", "n": 3.0, "x": 2.5, "flag": true]
        #expect(record.recordID() == "7")
        #expect(record.recordID("slug") == "a-b")
        #expect(record.recordID("n") == "3")
        #expect(record.recordID("x") == "2.5")
        #expect(record.recordID("flag") == nil)
        #expect(record.recordID("missing") == nil)
    }

    @Test func countUsesTheTotalOfAOneRecordPage() async throws {
        let server = try await EngineTestServer.start(json: Self.notesJSON)
        defer { Task { await server.stop() } }
        let api = Self.service(server.baseURL)
        #expect(try await api.count(.todos, ListQuery()) == 5)
        #expect(try await api.count(.todos, ListQuery(filters: [.init("userId", "2")])) == 2)
        let requests = await server.requests
        #expect(requests.count == 2)
        let items = requests[0].queryItems.map { "\($0.name)=\($0.value ?? "")" }
        #expect(items == ["_page=1", "_limit=1"])
        #expect(requests[1].queryItems.map(\.name) == ["userId", "_page", "_limit"])
    }

    @Test func countWithoutATotalHeaderCountsTheWholeList() async throws {
        let server = try await TestHTTPServer.start { request in
            // A server that ignores paging and sends no X-Total-Count.
            .json(Self.todosJSON)
        }
        defer { Task { await server.stop() } }
        #expect(try await Self.service(server.baseURL).count(.todos, ListQuery()) == 5)
        let queries = await server.requests.map { $0.query }
        #expect(queries.count == 2)
        #expect(queries[0]?.contains("_limit=1") == true)
        #expect(queries[1] == nil)
    }

    /// json-server v1 answers a page as an envelope: its `data` are the
    /// records and its `items` the total, for lists and for counts.
    @Test func aJSONServerV1PageEnvelopeGivesRecordsAndTotal() async throws {
        let server = try await TestHTTPServer.start { _ in
            .json(
                #"{"first":1,"prev":null,"next":2,"last":21,"pages":21,"items":203,"data":"#
                    + #"[{"userId":1,"id":"1","title":"a","completed":false},{"userId":1,"id":"2","title":"b","completed":true}]}"#
            )
        }
        defer { Task { await server.stop() } }
        let api = Self.service(server.baseURL)
        let page = try await api.records(.todos, ListQuery(page: 1, limit: 10))
        #expect(page.items.count == 2)
        #expect(page.items.map { $0.recordID() } == ["1", "2"])
        #expect(page.totalCount == 203)
        #expect(try await api.count(.todos, ListQuery()) == 203)
        // The first envelope taught the dialect (the page was asked again in
        // v1); the count then needed no full list.
        let queries = await server.requests.map { $0.query ?? "" }
        #expect(queries == ["_page=1&_limit=10", "_page=1&_per_page=10", "_page=1&_per_page=1"])
    }

    @Test func aCollectionNameThatIsNotOneIsAConfigurationError() async throws {
        let api = Self.service(try #require(URL(string: "http://127.0.0.1:9")))
        let odd = ResourceCatalog.inferred(name: "../etc", from: [])
        do {
            _ = try await api.records(odd, ListQuery())
            Issue.record("expected a failure")
        } catch {
            #expect(error.kind == .configuration)
        }
        await #expect(throws: ServiceError.self) { try await api.delete(odd, id: "1") }
    }
}

@Suite("Observed resource state over real HTTP")
struct ResourceObservationTests {
    @Test func twoObserversOfOneListShareOneRequestAndSeeTheSameData() async throws {
        let server = try await TestHTTPServer.start { _ in
            .json(LiveAPIServiceTests.todosJSON, delay: .milliseconds(200))
        }
        defer { Task { await server.stop() } }
        let api = LiveAPIServiceTests.service(server.baseURL)
        async let first = api.settledList(.todos, force: false)
        async let second = api.settledList(.todos, force: false)
        let (a, b) = await (first, second)
        #expect(a?.listing?.items == Fixtures.todoRecords)
        #expect(b?.listing?.items == Fixtures.todoRecords)
        #expect(await server.hitCount(path: "/todos") == 1)
    }

    @Test func aFailedReloadKeepsTheDataBesideTheError() async throws {
        let server = try await TestHTTPServer.start { _ in .json(LiveAPIServiceTests.todosJSON) }
        let api = LiveAPIServiceTests.service(server.baseURL)
        let loaded = await api.settledList(.todos)
        #expect(loaded?.listing?.origin == .network)
        await server.stop()
        let failed = await api.settledList(.todos)
        #expect(failed?.listing?.items == Fixtures.todoRecords)
        #expect(failed?.error?.kind == .offline)
    }

    @Test func freshDataIsNotFetchedAgainUnlessForced() async throws {
        let server = try await TestHTTPServer.start { _ in .json(LiveAPIServiceTests.todosJSON) }
        defer { Task { await server.stop() } }
        let api = LiveAPIServiceTests.service(server.baseURL)
        _ = await api.settledList(.todos, force: false)
        await api.refreshRecords(.todos, ListQuery(), force: false)
        #expect(await server.hitCount(path: "/todos") == 1)
        await api.refreshRecords(.todos, ListQuery(), force: true)
        #expect(await server.hitCount(path: "/todos") == 2)
    }

    @Test func aBadRecordInAnObservedListIsAnErrorNotACrash() async throws {
        let server = try await TestHTTPServer.start { _ in
            .json(#"[{"userId":1,"id":"one","title":"x","completed":false},{"userId":1,"id":2,"title":7}]"#)
        }
        defer { Task { await server.stop() } }
        let state = await LiveAPIServiceTests.service(server.baseURL).settledList(.todos)
        #expect(state?.listing == nil)
        #expect(state?.error?.kind == .badData)
        // A string id is fine (json-server v1 makes them); a number for a title is not.
        #expect(state?.error?.message.contains("[1].title") == true)
    }
}
