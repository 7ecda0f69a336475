import Foundation
import JSON
import Networking
import Services

/// A gRPC service as the screens see any service (``APIService``): its
/// collections listed by their unary `List*` methods (paged by token),
/// records opened by `Get*`, other unary methods as operations; messages
/// decoded and encoded from the reflected descriptors (``ProtoDecoder``,
/// ``ProtoEncoder``). Every call goes into the request journal as an
/// entry of its own (`POST grpc://host:port/pkg.Service/Method`, the
/// request and the answer as JSON, `grpc-status` among the answer's
/// headers, a failed call's status as grpc-gateway maps its code:
/// `NOT_FOUND` 404), so the inspector and `:history` see gRPC calls as they
/// see HTTP requests.
public struct GRPCAPIService: APIService {
    /// The convention name the catalog's routes carry (`--convention grpc`).
    public static let convention = ConventionName("grpc")

    public let origin: String
    public let keepsWrites = true
    public let catalog: GRPCCatalog
    let connection: GRPCConnection
    let journal: RequestJournal?
    /// Where list pages and records are kept for a later load that fails
    /// (``GRPCAPIService+Cache``), under `namespace` (environment and base URL).
    let storage: (any StorageService)?
    let namespace: String
    /// Words a failure for the screen (`App` does: this target has no translations).
    let words: @Sendable (GRPCError) -> String
    let tokens = PageTokenBook(mostPages: GRPCAPIService.mostPages, mostLists: GRPCAPIService.mostLists)
    let hub = ObservedLists(mostLists: GRPCAPIService.mostLists)

    public init(
        connection: GRPCConnection, catalog: GRPCCatalog, journal: RequestJournal?,
        storage: (any StorageService)? = nil, namespace: String = "",
        words: @escaping @Sendable (GRPCError) -> String
    ) {
        self.connection = connection
        self.catalog = catalog
        self.journal = journal
        self.storage = storage
        self.namespace = namespace
        self.words = words
        origin = "\(connection.target.usesTLS ? "grpcs" : "grpc")://\(connection.target.authority)"
    }

    /// Pages one list is walked at most to reach a page asked by number.
    public static let mostPages = 200
    /// Lists whose last state and tokens are kept per run.
    public static let mostLists = 256

    // MARK: - Lists

    public func recordList(_ resource: ResourceDescriptor, _ query: ListQuery) async
        -> AsyncStream<ListState<JSONValue>>
    {
        let key = Self.key(resource, query)
        let stream = await hub.observe(key)
        await refreshRecords(resource, query, force: false)
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
        let items =
            query.filters.isEmpty
            ? page.items : page.items.filter { item in query.filters.allSatisfy { $0.matches(item) } }
        return Listing(
            items: items, totalCount: query.filters.isEmpty ? page.total : nil, fetchedAt: Date(), origin: .network)
    }

    public func count(_ resource: ResourceDescriptor, _ query: ListQuery) async throws(ServiceError) -> Int {
        var probe = query
        probe.page = 1
        if query.filters.isEmpty, let total = try await page(resource, probe).total { return total }
        var counted = 0
        for number in 1...Self.mostPages {
            probe.page = number
            let page = try await records(resource, probe)
            counted += page.items.count
            if try await self.page(resource, probe).next == nil { break }
        }
        return counted
    }

    struct Page {
        var items: [JSONValue]
        var total: Int?
        var next: String?
    }

    /// Page `query.page` (1 when none): pages past the first are asked with
    /// the token the page before ended on, walking from the last known one.
    func page(_ resource: ResourceDescriptor, _ query: ListQuery) async throws(ServiceError) -> Page {
        guard let collection = catalog.collection(resource.name) else {
            throw failure(.unknown(resource.name), .notFound)
        }
        let number = max(query.page ?? 1, 1)
        guard collection.pagesByToken else {
            if number > 1 { return Page(items: [], total: nil, next: nil) }
            return try await fetch(collection, token: nil, size: nil)
        }
        let size = query.limit ?? (resource.pageSize > 0 ? resource.pageSize : GRPCCatalog.pageSize)
        let book = Self.key(resource, ListQuery(limit: query.limit))
        var (known, token) = await tokens.start(book, before: number)
        while known < number - 1 {
            guard known < Self.mostPages else { throw failure(.tooManyPages(Self.mostPages), .badData) }
            let walked = try await fetch(collection, token: token, size: size)
            known += 1
            guard let next = walked.next else { return Page(items: [], total: walked.total, next: nil) }
            await tokens.note(book, page: known, next: next)
            token = next
        }
        let page = try await fetch(collection, token: token, size: size)
        if let next = page.next { await tokens.note(book, page: number, next: next) }
        return page
    }

    /// The list request of `collection` as JSON.
    static func listRequest(_ collection: GRPCCatalog.Collection, token: String?, size: Int?) -> JSONValue {
        var request = JSONObject()
        if collection.pagesByToken {
            if let size { request["pageSize"] = .int(size) }
            if let token { request["pageToken"] = .string(token) }
        }
        return .object(request)
    }

    func fetch(_ collection: GRPCCatalog.Collection, token: String?, size: Int?) async throws(ServiceError) -> Page {
        let answer = try await call(collection.list, Self.listRequest(collection, token: token, size: size))
        let items = answer.value(atPath: collection.itemsField)?.arrayValue ?? []
        let next = answer.value(atPath: "nextPageToken")?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
        var total = answer.value(atPath: "totalSize")?.intValue
        if total == nil, token == nil, next == nil { total = items.count }
        return Page(items: items, total: total, next: next)
    }

    // MARK: - Records

    public func record(_ resource: ResourceDescriptor, id: String) async throws(ServiceError) -> JSONValue {
        guard let collection = catalog.collection(resource.name) else {
            throw failure(.unknown(resource.name), .notFound)
        }
        guard let get = collection.get, let key = collection.getKey else {
            throw failure(.noGetMethod(resource.name), .configuration)
        }
        let record = try await call(get, .object([key: .string(id)]))
        await keep(record: record, resource, id: id)
        return record
    }

    /// A parent's record named on a relation line: asked for, or — the
    /// server unreachable — the one an earlier `Get*` kept.
    public func relatedRecord(
        _ target: ResourceDescriptor, id: String, from resource: ResourceDescriptor, field: String
    ) async throws(ServiceError) -> JSONValue {
        do throws(ServiceError) {
            return try await record(target, id: id)
        } catch {
            guard error.kind == .offline || error.kind == .timeout, let kept = await kept(record: target, id: id)
            else { throw error }
            return kept
        }
    }

    public func create(_ resource: ResourceDescriptor, _ fields: JSONObject) async throws(ServiceError) -> JSONValue {
        throw failure(.writeByMethod, .configuration)
    }

    public func update(_ resource: ResourceDescriptor, id: String, _ fields: JSONObject) async throws(ServiceError)
        -> JSONValue
    {
        throw failure(.writeByMethod, .configuration)
    }

    public func delete(_ resource: ResourceDescriptor, id: String) async throws(ServiceError) {
        throw failure(.writeByMethod, .configuration)
    }

    // MARK: - Operations

    /// A unary method from its form: the path names it
    /// (`/library.v1.Library/CreateBook`), the body's fields are the
    /// request message's (`book.title` nested into `book`). The answer is
    /// the message as JSON (status 200), or the server's status as
    /// `{"code": …, "message": …}` with the HTTP status grpc-gateway maps
    /// its code to (`INVALID_ARGUMENT` 400).
    public func perform(_ operation: OperationRequest) async throws(ServiceError) -> OperationAnswer {
        let fullName = String(operation.path.drop { $0 == "/" }.prefix { $0 != "?" })
        guard let method = catalog.method(fullName), !method.isStreaming else {
            throw failure(.unknown(fullName), .notFound)
        }
        let body = Self.nested(operation.body?.objectValue ?? JSONObject())
        let url = Self.url(of: method, origin: origin)
        do throws(GRPCError) {
            let answer = try await exchange(method, .object(body))
            await hub.outdateAll()
            return OperationAnswer(
                status: 200, headers: [OperationRequest.Pair("grpc-status", "0")],
                body: JSONWriter.data(answer, pretty: true), url: url)
        } catch {
            guard case .status(let code, let message) = error else { throw failure(error, .other) }
            let answer: JSONValue = .object(["code": .string(code), "message": .string(message)])
            return OperationAnswer(
                status: GRPCConnection.httpStatus(of: code), headers: [OperationRequest.Pair("grpc-status", code)],
                body: JSONWriter.data(answer, pretty: true), url: url)
        }
    }

    /// `{"book.title": "x"}` → `{"book": {"title": "x"}}` (one level); empty form values left out.
    static func nested(_ flat: JSONObject) -> JSONObject { flat.nested(droppingEmptyStrings: true) }

    // MARK: - :curl (grpcurl)

    public func requestText(_ resource: ResourceDescriptor, _ subject: ResourceRequest) async throws(ServiceError)
        -> RequestText
    {
        guard let collection = catalog.collection(resource.name) else {
            throw failure(.unknown(resource.name), .notFound)
        }
        let method: GRPCCatalog.Method
        let request: JSONValue
        switch subject {
        case .record(let id):
            guard let get = collection.get, let key = collection.getKey else {
                throw failure(.noGetMethod(resource.name), .configuration)
            }
            method = get
            request = .object([key: .string(id)])
        case .list(let query):
            let number = max(query.page ?? 1, 1)
            let book = Self.key(resource, ListQuery(limit: query.limit))
            let token = number > 1 ? await tokens.token(book, after: number - 1) : nil
            let size = query.limit ?? (resource.pageSize > 0 ? resource.pageSize : GRPCCatalog.pageSize)
            method = collection.list
            request = Self.listRequest(collection, token: token, size: size)
        }
        // The credential as `:curl` shows REST's: the shell text that finds it, never its value.
        let shown: [HTTPHeaders.Field] = await AuthStandIn.$shown.withValue(true) {
            (try? await connection.credentialFields()) ?? []
        }
        let headers = shown.map { field in
            AuthStandIn.split(field.value).map { RequestText.Header(field.name, $0.prefix, variable: $0.variable) }
                ?? RequestText.Header(field.name, Redaction.value(of: field))
        }
        var text = RequestText(
            method: "POST", url: Self.url(of: method, origin: origin), headers: headers,
            body: String(decoding: JSONWriter.data(request), as: UTF8.self))
        text.command = GRPCCommand.render(
            target: connection.target, method: method.fullName, body: request, headers: headers)
        return text
    }

    // MARK: - Calls

    static func url(of method: GRPCCatalog.Method, origin: String) -> String { "\(origin)/\(method.fullName)" }

    /// One unary call, its answer as JSON; a failure worded for the screen.
    func call(_ method: GRPCCatalog.Method, _ request: JSONValue) async throws(ServiceError) -> JSONValue {
        do throws(GRPCError) {
            return try await exchange(method, request)
        } catch {
            let kind: ServiceError.Kind
            switch error {
            case .status(let code, _):
                kind = code == "NOT_FOUND" ? .notFound : .server(status: GRPCConnection.httpStatus(of: code))
            case .unreachable: kind = .offline
            case .timedOut: kind = .timeout
            case .codec: kind = .badData
            default: kind = .other
            }
            throw failure(error, kind)
        }
    }

    /// Encodes, calls, decodes, and writes the journal's entry.
    func exchange(_ method: GRPCCatalog.Method, _ request: JSONValue) async throws(GRPCError) -> JSONValue {
        let started = Date()
        let clock = ContinuousClock.now
        let url = URL(string: Self.url(of: method, origin: origin)) ?? URL(fileURLWithPath: "/")
        let requestText = JSONWriter.data(request)
        // Asked before the call so that the journal shows it, redacted as REST's headers are.
        let credential = try await connection.credentialFields()
        func note(status: Int?, headers: [HTTPHeaders.Field], body: Data, bytes: Int, failure: NetworkError? = nil) {
            guard let journal else { return }
            var entry = RequestJournal.Entry(
                startedAt: started, method: "POST", url: url, status: status, failure: failure, answer: .network,
                duration: ContinuousClock.now - clock, responseBytes: bytes,
                requestHeaders: [
                    HTTPHeaders.Field(name: "content-type", value: "application/grpc"),
                    HTTPHeaders.Field(name: "te", value: "trailers"),
                ] + credential.map { HTTPHeaders.Field(name: $0.name, value: Redaction.value(of: $0)) },
                responseHeaders: headers, body: body)
            entry.requestBody = requestText
            journal.append(entry)
        }
        let bytes: [UInt8]
        do throws(ProtoCodecError) {
            bytes = try ProtoEncoder(schema: catalog.schema).encode(request, as: method.input)
        } catch {
            throw .codec(error)
        }
        let answer: [UInt8]
        do throws(GRPCError) {
            answer = try await connection.unary(
                service: method.service, method: method.name, request: bytes, credential: credential)
        } catch {
            switch error {
            case .status(let code, let message):
                note(
                    status: GRPCConnection.httpStatus(of: code),
                    headers: [
                        HTTPHeaders.Field(name: "grpc-status", value: code),
                        HTTPHeaders.Field(name: "grpc-message", value: message),
                    ], body: Data(), bytes: 0)
            case .timedOut(let seconds):
                note(status: nil, headers: [], body: Data(), bytes: 0, failure: .timeout(seconds: seconds))
            default:
                note(
                    status: nil, headers: [], body: Data(), bytes: 0,
                    failure: .cannotConnect(host: connection.target.authority))
            }
            throw error
        }
        let decoded: JSONValue
        do throws(ProtoCodecError) {
            decoded = try ProtoDecoder(schema: catalog.schema).decode(answer, as: method.output)
        } catch {
            note(
                status: 200, headers: [HTTPHeaders.Field(name: "grpc-status", value: "0")], body: Data(),
                bytes: answer.count)
            throw .codec(error)
        }
        note(
            status: 200,
            headers: [
                HTTPHeaders.Field(name: "content-type", value: "application/json"),
                HTTPHeaders.Field(name: "grpc-status", value: "0"),
            ], body: JSONWriter.data(decoded, pretty: true), bytes: answer.count)
        return decoded
    }

    func failure(_ error: GRPCError, _ kind: ServiceError.Kind) -> ServiceError {
        ServiceError(kind, words(error))
    }

    static func key(_ resource: ResourceDescriptor, _ query: ListQuery) -> String {
        "\(resource.name)|\(query.queryItems.map { "\($0.name)=\($0.value ?? "")" }.joined(separator: "&"))"
    }
}
