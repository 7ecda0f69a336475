import Foundation
import JSON
import Services
import Translations

/// The resource list's business logic: loading pages (cache first, then the
/// server), writing records, filtering and sorting. No UI state lives here.
public struct ResourceListInteractor: Sendable {
    private let api: any APIService
    public let resource: ResourceDescriptor
    /// Filters that define this list (`userId=3` for a user's todos).
    public let filters: [ListQuery.Filter]

    public init(api: any APIService, resource: ResourceDescriptor, filters: [ListQuery.Filter]) {
        self.api = api
        self.resource = resource
        self.filters = filters
    }

    /// The query for `page` (1-based) of `resource` within `filters`, with an
    /// optional server-side sort and search; paged by the resource's page
    /// size unless it is 0. Static: the list's state builds its queries.
    static func query(
        of resource: ResourceDescriptor, filters: [ListQuery.Filter], page: Int?, sort: ListQuery.SortKey?,
        search: String?
    ) -> ListQuery {
        let paged = resource.pageSize > 0
        return ListQuery(
            filters: filters, sort: sort.map { [$0] } ?? [], page: paged ? page : nil,
            limit: paged ? resource.pageSize : nil, search: search)
    }

    /// Tells the service a search of this resource is coming.
    public func prepareSearch() async {
        await api.prepareToSearch(resource)
    }

    /// One page as entities.
    public struct Page: Sendable, Equatable {
        public var records: [RecordEntity]
        public var totalCount: Int?
        public var fetchedAt: Date
        public var origin: DataOrigin
    }

    /// One observed state of the first page.
    public struct Update: Sendable, Equatable {
        /// The page, when it changed since the previous update (else `nil`).
        public var page: Page?
        public var hasData: Bool
        public var error: ServiceError?
        public var isLoading: Bool
    }

    /// The first page's states: what is known at once (an earlier run's
    /// cache), then every change. Entities are made only when data changed.
    ///
    /// Every update is kept until read: an update carries its page only
    /// when the data changed, so one dropped for a later one would lose the
    /// page (a screen that reads late — the machine busy — would show "no
    /// records" over a list that has them). The service's own stream keeps
    /// only its newest state, which is whole, so few updates wait here.
    public func observe(_ query: ListQuery) async -> AsyncStream<Update> {
        let states = await api.recordList(resource, query)
        let resource = resource
        return AsyncStream(bufferingPolicy: .unbounded) { continuation in
            let task = Task {
                var previous: (Date, DataOrigin, Int)?
                for await state in states {
                    var update = Update(
                        page: nil, hasData: state.listing != nil, error: state.error, isLoading: state.isLoading)
                    if let listing = state.listing {
                        let identity = (listing.fetchedAt, listing.origin, listing.items.count)
                        if previous.map({ $0 != identity }) ?? true {
                            update.page = Self.page(from: listing, resource)
                            previous = identity
                        }
                    }
                    continuation.yield(update)
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Loads the first page: always when `force`, else only if missing or stale.
    public func refresh(_ query: ListQuery, force: Bool) async {
        await api.refreshRecords(resource, query, force: force)
    }

    /// Loads one further page.
    public func load(_ query: ListQuery) async throws(ServiceError) -> Page {
        Self.page(from: try await api.records(resource, query), resource)
    }

    /// Writes `fields` to the record and returns the server's version.
    public func update(_ id: String, _ fields: JSONObject) async throws(ServiceError) -> RecordEntity {
        let saved = try await api.update(resource, id: id, fields)
        let entity = RecordEntity(saved, of: resource)
        return entity.hasID ? entity : RecordEntity(id: id, json: saved)
    }

    /// Creates a record and returns the server's version (with its new id).
    public func create(_ fields: JSONObject) async throws(ServiceError) -> RecordEntity {
        let saved = try await api.create(resource, fields)
        let entity = RecordEntity(saved, of: resource)
        guard entity.hasID else {
            throw ServiceError(
                .badData, Texts.Service.createdWithoutID(resource: resource.singular, field: resource.idField))
        }
        return entity
    }

    public func delete(_ id: String) async throws(ServiceError) {
        try await api.delete(resource, id: id)
    }

    /// Whether writes survive on this service (JSONPlaceholder forgets them).
    public var serverKeepsWrites: Bool { api.keepsWrites }

    /// The search index of `records`, in their order: every scalar value of each.
    public static func index(_ records: [RecordEntity]) -> SearchIndex {
        SearchIndex(records.lazy.map { Self.searchText($0.json) })
    }

    /// Every scalar value of a record (nested ones too), space-separated.
    static func searchText(_ value: JSONValue) -> String {
        switch value {
        case .object(let object):
            var parts: [String] = []
            for (_, member) in object { parts.append(searchText(member)) }
            return parts.joined(separator: " ")
        case .array(let items): return items.map(searchText).joined(separator: " ")
        case .null: return ""
        case .bool(let flag): return flag ? "true" : "false"
        default: return RecordEntity.text(value)
        }
    }

    /// `records` sorted by the column's field (stable; numbers as numbers).
    public static func sorted(_ records: [RecordEntity], by field: String, descending: Bool) -> [RecordEntity] {
        let keys = records.map { SortKey($0.json.value(atPath: field)) }
        let order = records.indices.sorted { lhs, rhs in
            let ordering = keys[lhs].compare(keys[rhs])
            return ordering == 0 ? lhs < rhs : (descending ? ordering > 0 : ordering < 0)
        }
        return order.map { records[$0] }
    }

    /// Whether `records` are in order by `field`, comparing text with or
    /// without case (servers differ): tells a server that sorted from one
    /// that ignored `_sort`.
    public static func isSorted(_ records: [RecordEntity], by field: String, descending: Bool) -> Bool {
        func ordered(_ keys: [SortKey]) -> Bool {
            zip(keys, keys.dropFirst()).allSatisfy { pair in
                let order = pair.0.compare(pair.1)
                return descending ? order >= 0 : order <= 0
            }
        }
        // Servers differ on where records without the field go: leave them out.
        let values = records.compactMap { $0.json.value(atPath: field) }.filter { !$0.isNull }
        return ordered(values.map { SortKey($0) }) || ordered(values.map { SortKey($0, caseSensitive: true) })
    }

    /// A field value ready for comparison: numbers (and strings of digits)
    /// before text, text without case.
    struct SortKey {
        let number: Double?
        let text: String

        init(_ value: JSONValue?, caseSensitive: Bool = false) {
            switch value {
            case .int(let number)?: self.number = Double(number)
            case .double(let number)?: self.number = number
            case .bool(let flag)?: self.number = flag ? 1 : 0
            // String ids (json-server v1) sort as the numbers they are: 9 before 10.
            case .string(let text)?
            where !text.isEmpty && text.utf8.count < 16 && text.utf8.allSatisfy({ (0x30...0x39).contains($0) }):
                self.number = Double(text)
            default: self.number = nil
            }
            let raw = number == nil ? RecordEntity.text(value) : ""
            text = caseSensitive ? raw : raw.lowercased()
        }

        func compare(_ other: SortKey) -> Int {
            switch (number, other.number) {
            case let (lhs?, rhs?): return lhs < rhs ? -1 : (lhs > rhs ? 1 : 0)
            case (.some, nil): return -1
            case (nil, .some): return 1
            case (nil, nil): return text < other.text ? -1 : (text > other.text ? 1 : 0)
            }
        }
    }

    private static func page(from listing: Listing<JSONValue>, _ resource: ResourceDescriptor) -> Page {
        Page(
            records: listing.items.map { RecordEntity($0, of: resource) }, totalCount: listing.totalCount,
            fetchedAt: listing.fetchedAt, origin: listing.origin)
    }
}
