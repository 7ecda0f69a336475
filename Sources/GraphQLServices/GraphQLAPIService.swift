import Foundation
import JSON
import Networking
import Services

/// A GraphQL service as the screens see any service (``APIService``): its
/// collections, records and relations asked for with queries built from the
/// introspected types (``GraphQLCatalog``, ``QueryBuilder``), POSTed as JSON
/// to one endpoint through the same ``NetworkClient`` (auth, middleware, the
/// journal and so the history and the inspector) as a REST service's.
public struct GraphQLAPIService: APIService {
    /// The convention name the catalog's routes carry (`--convention graphql`).
    public static let convention = ConventionName("graphql")

    /// Where the queries are POSTed.
    public let endpoint: URL
    public let origin: String
    public let keepsWrites = true
    public let catalog: GraphQLCatalog
    let network: NetworkClient
    let builder: QueryBuilder
    let validator: QueryValidator
    let cursors = PageTokenBook(mostPages: GraphQLAPIService.mostPages, mostLists: GraphQLAPIService.mostLists)
    let hub = ObservedLists(mostLists: GraphQLAPIService.mostLists)
    /// Where each list page a screen loaded is kept for a later start
    /// offline (the SQLite cache), under `namespace` (environment and base URL).
    let storage: (any StorageService)?
    let namespace: String
    /// Says a problem in the run's language (App's `GraphQLStage.words`): this target has no words.
    let words: @Sendable (GraphQLProblem) -> String

    public init(
        endpoint: URL, catalog: GraphQLCatalog, network: NetworkClient, storage: (any StorageService)? = nil,
        namespace: String = "", words: @escaping @Sendable (GraphQLProblem) -> String
    ) {
        self.words = words
        self.endpoint = endpoint
        self.origin = endpoint.absoluteString
        self.catalog = catalog
        self.network = network
        self.storage = storage
        self.namespace = namespace
        builder = QueryBuilder(catalog: catalog)
        validator = QueryValidator(catalog.schema)
    }

    /// Pages one list is walked at most to reach a page asked by number (cursor paging).
    public static let mostPages = 200
    /// Lists whose last state and cursors are kept per run; past it, those nobody watches are dropped.
    public static let mostLists = 256

    // MARK: - Lists

    public func recordList(_ resource: ResourceDescriptor, _ query: ListQuery) async
        -> AsyncStream<ListState<JSONValue>>
    {
        let key = Self.key(resource, query)
        let service = self
        let stream = await hub.observe(key)
        await hub.load(key, force: false) { () async -> ListState<JSONValue> in
            await service.observedLoad(resource, query)
        }
        return stream
    }

    public func refreshRecords(_ resource: ResourceDescriptor, _ query: ListQuery, force: Bool) async {
        let service = self
        await hub.load(Self.key(resource, query), force: force) { () async -> ListState<JSONValue> in
            await service.observedLoad(resource, query)
        }
    }

    public func records(_ resource: ResourceDescriptor, _ query: ListQuery) async throws(ServiceError)
        -> Listing<JSONValue>
    {
        let page = try await page(resource, query)
        return Listing(items: page.items, totalCount: page.total, fetchedAt: Date(), origin: .network)
    }

    public func count(_ resource: ResourceDescriptor, _ query: ListQuery) async throws(ServiceError) -> Int {
        var probe = query
        probe.page = 1
        if let total = try await page(resource, probe).total { return total }
        var counted = 0
        for number in 1...Self.mostPages {
            probe.page = number
            let page = try await page(resource, probe)
            counted += page.items.count
            if !page.hasNext { break }
        }
        return counted
    }

    /// One page of a list and what it says of the rest.
    struct Page {
        var items: [JSONValue]
        var total: Int?
        var next: String?
        var hasNext: Bool
    }

    /// Page `query.page` (1 when none) of `resource`: a top-level list, or
    /// the records a relation leads to from its owner's record (a filter on
    /// `author` of books). Pages past the first follow the cursors of the pages
    /// before; what the server did not filter is filtered here.
    func page(_ resource: ResourceDescriptor, _ query: ListQuery) async throws(ServiceError) -> Page {
        guard let collection = catalog.collection(resource.name) else {
            throw ServiceError(.notFound, .notACollection(name: resource.name))
        }
        let into = collection.field
        let through = query.filters.first { $0.op == .equal && catalog.link(key: $0.field, into: into) != nil }
        let number = max(query.page ?? 1, 1)
        let link = through.flatMap { catalog.link(key: $0.field, into: into) }
        let shape = link?.shape ?? collection.shape
        let pagesByCursor = link?.pagesByCursor ?? collection.pagesByCursor
        guard case .connection = shape, pagesByCursor else {
            // One answer holds the whole list: its page 1.
            if number > 1 { return Page(items: [], total: nil, next: nil, hasNext: false) }
            var page = try await fetch(collection, query, through: through, cursor: nil, first: nil)
            page.items = locally(page.items, query, collection: collection, through: through)
            page.total = page.total ?? page.items.count
            return page
        }
        let first = query.limit ?? resource.pageSize
        let book = Self.key(resource, ListQuery(filters: query.filters, sort: query.sort, limit: query.limit))
        var (known, cursor) = await cursors.start(book, before: number)
        while known < number - 1 {
            guard known < Self.mostPages else {
                throw ServiceError(.badData, words(.tooManyPages(count: Self.mostPages)))
            }
            let walked = try await fetch(collection, query, through: through, cursor: cursor, first: first)
            known += 1
            guard walked.hasNext, let next = walked.next else {
                return Page(items: [], total: walked.total, next: nil, hasNext: false)
            }
            await cursors.note(book, page: known, next: next)
            cursor = next
        }
        var page = try await fetch(collection, query, through: through, cursor: cursor, first: first)
        if page.hasNext, let next = page.next { await cursors.note(book, page: number, next: next) }
        page.items = locally(page.items, query, collection: collection, through: through)
        return page
    }

    /// Filters the server was not asked to apply (those the collection's
    /// filter input lacks), applied to the page.
    func locally(
        _ items: [JSONValue], _ query: ListQuery, collection: GraphQLCatalog.Collection, through: ListQuery.Filter?
    ) -> [JSONValue] {
        let sent = Set(collection.filterFields.map(\.name))
        let left = query.filters.filter { filter in
            filter != through && !(filter.op == .equal && sent.contains(filter.field))
        }
        guard !left.isEmpty else { return items }
        return items.filter { item in left.allSatisfy { $0.matches(item) } }
    }

    func fetch(
        _ collection: GraphQLCatalog.Collection, _ query: ListQuery, through: ListQuery.Filter?, cursor: String?,
        first: Int?
    ) async throws(ServiceError) -> Page {
        let built: GraphQLQuery
        var path: [String]
        let shape: GraphQLCatalog.Shape
        if let through, let link = catalog.link(key: through.field, into: collection.field) {
            guard let nested = builder.nested(link, id: through.value, cursor: cursor, first: first),
                let owner = catalog.collections.first(where: { $0.nodeType == link.owner })?.recordField
            else {
                throw ServiceError(.configuration, words(.noRecordField(type: link.owner)))
            }
            built = nested
            path = [owner, link.field]
            shape = link.shape
        } else {
            built = builder.list(collection, query, cursor: cursor, first: first)
            path = [collection.field]
            shape = collection.shape
        }
        let data = try await send(built)
        guard let answer = data.value(atComponents: path) else {
            if path.count == 2, data.value(atComponents: [path[0]])?.isNull ?? true {
                throw ServiceError(.notFound, words(.notFound))
            }
            throw ServiceError(.badData, words(.missing(path: path.joined(separator: "."))))
        }
        return Self.page(of: answer, shape: shape)
    }

    static func page(of answer: JSONValue, shape: GraphQLCatalog.Shape) -> Page {
        switch shape {
        case .list:
            let items = answer.arrayValue ?? []
            return Page(items: items, total: items.count, next: nil, hasNext: false)
        case .connection(let edges, _, _):
            let items =
                edges
                ? (answer.value(atPath: "edges")?.arrayValue ?? []).compactMap { $0.value(atPath: "node") }
                : answer.value(atPath: "nodes")?.arrayValue ?? []
            return Page(
                items: items, total: answer.value(atPath: "totalCount")?.intValue,
                next: answer.value(atPath: "pageInfo.endCursor")?.stringValue,
                hasNext: answer.value(atPath: "pageInfo.hasNextPage")?.boolValue ?? false)
        }
    }

    // MARK: - Records

    public func record(_ resource: ResourceDescriptor, id: String) async throws(ServiceError) -> JSONValue {
        guard let collection = catalog.collection(resource.name) else {
            throw ServiceError(.notFound, .notACollection(name: resource.name))
        }
        guard let query = builder.record(collection, id: id), let field = collection.recordField else {
            throw ServiceError(.configuration, words(.noRecordField(type: collection.nodeType)))
        }
        let data = try await send(query)
        guard let record = data.value(atPath: field), !record.isNull else {
            throw ServiceError(.notFound, words(.notFound))
        }
        return record
    }

    public func create(_ resource: ResourceDescriptor, _ fields: JSONObject) async throws(ServiceError) -> JSONValue {
        throw ServiceError(.configuration, words(.writeByMutation))
    }

    public func update(_ resource: ResourceDescriptor, id: String, _ fields: JSONObject) async throws(ServiceError)
        -> JSONValue
    {
        throw ServiceError(.configuration, words(.writeByMutation))
    }

    public func delete(_ resource: ResourceDescriptor, id: String) async throws(ServiceError) {
        throw ServiceError(.configuration, words(.writeByMutation))
    }

    // MARK: - Operations (mutations)

    /// A mutation from its form: the operation's path names the mutation
    /// (`/addBook`), the body's fields are its arguments (`input.title`
    /// nested into `input`). The answer is the server's, whatever its status.
    public func perform(_ operation: OperationRequest) async throws(ServiceError) -> OperationAnswer {
        // `/addBook`, or a record's `/authors/9/renameAuthor`.
        let segments = operation.path.prefix { $0 != "?" }.split(separator: "/").map(String.init)
        let name = segments.last ?? ""
        guard let mutation = catalog.mutations.first(where: { $0.field == name }) else {
            throw ServiceError(.notFound, words(.noMutation(name: name)))
        }
        var values = Self.nested(operation.body?.objectValue ?? JSONObject())
        if segments.count == 3, let id = mutation.arguments.first(where: { $0.name == "id" }) {
            values["id"] = QueryBuilder.value(segments[1].removingPercentEncoding ?? segments[1], as: id.type)
        }
        let query = builder.mutation(mutation, values: values)
        if let problem = validator.problem(query.text) { throw ServiceError(.configuration, words(problem)) }
        let response: Response
        do throws(NetworkError) {
            response = try await network.send(request(query), validation: .none)
        } catch {
            throw ServiceError(error)
        }
        if (200..<300).contains(response.status) { await hub.outdateAll() }
        return OperationAnswer(
            status: response.status, headers: response.headers.map { OperationRequest.Pair($0.name, $0.value) },
            body: response.body, url: response.url.absoluteString)
    }

    /// `{"input.title": "x"}` → `{"input": {"title": "x"}}` (one level).
    static func nested(_ flat: JSONObject) -> JSONObject { flat.nested() }

    // MARK: - :curl

    public func requestText(_ resource: ResourceDescriptor, _ subject: ResourceRequest) async throws(ServiceError)
        -> RequestText
    {
        let query: GraphQLQuery
        switch subject {
        case .record(let id):
            guard let collection = catalog.collection(resource.name),
                let built = builder.record(collection, id: id)
            else { throw ServiceError(.configuration, words(.noRecordField(type: resource.name))) }
            query = built
        case .list(let listQuery):
            guard let collection = catalog.collection(resource.name) else {
                throw ServiceError(.notFound, .notACollection(name: resource.name))
            }
            let number = max(listQuery.page ?? 1, 1)
            let book = Self.key(
                resource, ListQuery(filters: listQuery.filters, sort: listQuery.sort, limit: listQuery.limit))
            let cursor = number > 1 ? await cursors.token(book, after: number - 1) : nil
            let first = resource.pageSize > 0 ? (listQuery.limit ?? resource.pageSize) : nil
            if let through = listQuery.filters.first(where: {
                $0.op == .equal && catalog.link(key: $0.field, into: resource.name) != nil
            }),
                let link = catalog.link(key: through.field, into: resource.name),
                let nested = builder.nested(
                    link, id: through.value, cursor: cursor, first: link.pagesByCursor ? first : nil)
            {
                query = nested
            } else {
                query = builder.list(
                    collection, listQuery, cursor: cursor, first: collection.pagesByCursor ? first : nil)
            }
        }
        let sent: Request
        do throws(NetworkError) {
            sent = try await network.preparedForShow(request(query))
        } catch {
            throw ServiceError(error)
        }
        let headers = sent.headers.map { field in
            LiveAPIService.text(of: field, addedBy: request(query).headers[field.name] != field.value)
        }
        return RequestText(
            method: "POST", url: endpoint.absoluteString, headers: headers,
            body: String(decoding: JSONWriter.data(query.body), as: UTF8.self))
    }

    // MARK: - Sending

    func request(_ query: GraphQLQuery) -> Request {
        Networking.request(.post, endpoint) |> withAcceptJSON |> withJSONBody(JSONWriter.data(query.body))
    }

    /// Sends `query` (validated first) and returns its `data`; an answer
    /// with `errors` is one line naming the first error's path.
    func send(_ query: GraphQLQuery) async throws(ServiceError) -> JSONValue {
        guard QueryValidator.depth(of: query.text) <= GraphQLQuery.deepest else {
            throw ServiceError(.configuration, words(.tooDeep(depth: GraphQLQuery.deepest)))
        }
        if let problem = validator.problem(query.text) { throw ServiceError(.configuration, words(problem)) }
        let response: Response
        do throws(NetworkError) {
            response = try await network.send(request(query), validation: .none)
        } catch {
            throw ServiceError(error)
        }
        return try Self.data(of: response, words: words)
    }

    /// The `data` of an answer; its `errors` (or a status that is no
    /// success) as one line.
    static func data(of response: Response, words: (GraphQLProblem) -> String) throws(ServiceError) -> JSONValue {
        let parsed = try? JSONParser.parse(response.body)
        if let errors = parsed?.value(atPath: "errors")?.arrayValue, let first = errors.first {
            throw ServiceError(.badData, words(problem(first, more: errors.count - 1)))
        }
        guard (200..<300).contains(response.status) else {
            throw ServiceError(.server(status: response.status), words(.answered(status: response.status)))
        }
        guard let data = parsed?.value(atPath: "data"), !data.isNull else {
            throw ServiceError(.badData, words(.noData))
        }
        return data
    }

    /// An `errors` entry as data: its message's first line (300 characters
    /// at most), its path (`books.edges.0.node.author`) and how many more.
    static func problem(_ error: JSONValue, more: Int) -> GraphQLProblem {
        let message = error.value(atPath: "message")?.stringValue ?? "?"
        let path = (error.value(atPath: "path")?.arrayValue ?? []).map { part -> String in
            switch part {
            case .int(let index): String(index)
            case .string(let name): name
            default: "?"
            }
        }
        let firstLine = String(message.prefix { $0 != "\n" }.prefix(300))
        return .errors(message: firstLine, path: path.isEmpty ? nil : path.joined(separator: "."), more: max(more, 0))
    }

    static func key(_ resource: ResourceDescriptor, _ query: ListQuery) -> String {
        "\(resource.name)|\(query.queryItems.map { "\($0.name)=\($0.value ?? "")" }.joined(separator: "&"))"
    }
}

extension ServiceError {
    /// A transport failure, in the words REST services use.
    init(_ error: NetworkError) {
        self = ErrorHint.none.apply(to: error)
    }
}
