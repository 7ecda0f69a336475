import JSON

/// The REST service as the screens see it: any collection a
/// `ResourceDescriptor` describes, as JSON records.
///
/// `LiveAPIService` talks HTTP, or to the in-process engine that answers
/// from the sample data with the same semantics (`FakeAPIService.make`). Both cache the last good answer, revalidate with
/// ETags and share in-flight requests.
public protocol APIService: Sendable {
    /// Where the data comes from, for the status bar (a URL, or `sample-data`).
    var origin: String { get }
    /// Whether the server keeps writes (JSONPlaceholder does not).
    var keepsWrites: Bool { get }

    /// The state of one list (one page of it when `query` pages): at once
    /// what is known (the cached copy from an earlier run, if any), then
    /// every change. Screens showing the same list share one state and one
    /// request.
    func recordList(_ resource: ResourceDescriptor, _ query: ListQuery) async -> AsyncStream<ListState<JSONValue>>
    /// Asks for the list to be loaded: always when `force` (`r`), otherwise
    /// only when what is there is missing, cached or stale.
    func refreshRecords(_ resource: ResourceDescriptor, _ query: ListQuery, force: Bool) async
    /// The records `query` selects, once (revalidating a cached answer):
    /// further pages, `trestle get`, exports. `.notFound` when the service
    /// has no such collection.
    func records(_ resource: ResourceDescriptor, _ query: ListQuery) async throws(ServiceError) -> Listing<JSONValue>
    /// How many records the collection holds (`X-Total-Count` of a one-record
    /// page when the server sends it, else by fetching the list).
    func count(_ resource: ResourceDescriptor, _ query: ListQuery) async throws(ServiceError) -> Int
    /// One record; `.notFound` when the server has no such id.
    func record(_ resource: ResourceDescriptor, id: String) async throws(ServiceError) -> JSONValue
    /// The record of `target` a parent relation of a `resource` record
    /// points at (its `field` holds `id`), to name it on the relation line:
    /// from what an answer carried beside its rows (`included`,
    /// `_embedded`), else one request.
    func relatedRecord(_ target: ResourceDescriptor, id: String, from resource: ResourceDescriptor, field: String)
        async throws(ServiceError) -> JSONValue
    /// Creates a record (`POST`) and returns the server's version, with its new id.
    func create(_ resource: ResourceDescriptor, _ fields: JSONObject) async throws(ServiceError) -> JSONValue
    /// Changes fields of a record (`PATCH`) and returns the server's version.
    func update(_ resource: ResourceDescriptor, id: String, _ fields: JSONObject) async throws(ServiceError)
        -> JSONValue
    /// Deletes a record (`DELETE`).
    func delete(_ resource: ResourceDescriptor, id: String) async throws(ServiceError)
    /// The resources the service names about itself (json-server's `/db`):
    /// collections and object resources, in its order; empty when it names none.
    func discoverResources() async -> [DiscoveredResource]
    /// The request that fetches `request` of `resource`, as sent (the
    /// query in the service's dialect, the headers middleware adds), a
    /// token named by its environment variable, never its value (`:curl`).
    func requestText(_ resource: ResourceDescriptor, _ request: ResourceRequest) async throws(ServiceError)
        -> RequestText
    /// The user is about to search `resource` (the filter prompt opened):
    /// a service that can get ready for it starts now, in the background.
    func prepareToSearch(_ resource: ResourceDescriptor) async
    /// Sends one run of an operation of the service's document and returns
    /// its answer, whatever the status (a 422 is an answer too).
    func perform(_ operation: OperationRequest) async throws(ServiceError) -> OperationAnswer
    /// The methods record `id` of `resource` takes, as the service says
    /// (an `OPTIONS` answer's `Allow`, RFC 9110 §9.3.7 — a 405's too, §15.5.6),
    /// upper-cased; `nil` when it says nothing.
    func allowedMethods(_ resource: ResourceDescriptor, id: String) async -> Set<String>?
}

/// A top-level resource a service named: a collection or an object resource.
public struct DiscoveredResource: Sendable, Hashable {
    public var name: String
    public var isObject: Bool

    public init(name: String, isObject: Bool) {
        self.name = name
        self.isObject = isObject
    }
}

extension APIService {
    /// Services whose answers carry nothing beside their rows ask for the record.
    public func relatedRecord(
        _ target: ResourceDescriptor, id: String, from resource: ResourceDescriptor, field: String
    ) async throws(ServiceError) -> JSONValue {
        try await record(target, id: id)
    }

    /// A remote server cannot be told; nothing to do.
    public func prepareToSearch(_ resource: ResourceDescriptor) async {}

    /// Services that cannot say what they hold name nothing.
    public func discoverResources() async -> [DiscoveredResource] { [] }

    /// Services that do not speak HTTP say nothing of methods.
    public func allowedMethods(_ resource: ResourceDescriptor, id: String) async -> Set<String>? { nil }

    /// Services that do not speak HTTP run no operations.
    public func perform(_ operation: OperationRequest) async throws(ServiceError) -> OperationAnswer {
        throw .noOperationsInProcess
    }

    /// Services without a URL (in-process ones) have no request to repeat.
    public func requestText(_ resource: ResourceDescriptor, _ request: ResourceRequest) async throws(ServiceError)
        -> RequestText
    {
        throw .noRequestTextInProcess
    }
}

extension ServiceError {
    /// `:curl` of a service that answers in process (the fake environment).
    public static var noRequestTextInProcess: ServiceError {
        ServiceError(
            .configuration, "The fake environment answers in process: curl needs --env development or production")
    }

    /// An operation of a service that does not speak HTTP.
    public static var noOperationsInProcess: ServiceError {
        ServiceError(.configuration, .operationsNotHere)
    }
}

extension JSONValue {
    /// A record's id as URL text (`3`, `a1b2`), read from `field` (a dotted
    /// path reaches into a nested object: `author.id`).
    public func recordID(_ field: String = "id") -> String? {
        switch value(atPath: field) {
        case .int(let number)?: return String(number)
        case .string(let text)?: return text
        case .double(let number)?: return number.rounded() == number ? String(Int(number)) : String(number)
        default: return nil
        }
    }
}
