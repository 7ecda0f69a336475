import Foundation
import JSON
import Services
import Translations

/// The resource list's work with the services: watching and loading pages
/// (cache first, then the server) as entities, and writing records. It
/// only calls services; the list's pure logic (its queries, the order and
/// the search of its rows) lives beside its state.
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

    /// Tells the service a search of this resource is coming.
    public func prepareSearch() async {
        await api.prepareToSearch(resource)
    }

    /// The first page's states: what is known at once (an earlier run's
    /// cache), then every change. Entities are made only when data changed.
    ///
    /// Every update is kept until read: an update carries its page only
    /// when the data changed, so one dropped for a later one would lose the
    /// page (a screen that reads late — the machine busy — would show "no
    /// records" over a list that has them). The service's own stream keeps
    /// only its newest state, which is whole, so few updates wait here.
    public func observe(_ query: ListQuery) async -> AsyncStream<FirstPageUpdate> {
        let states = await api.recordList(resource, query)
        let resource = resource
        return AsyncStream(bufferingPolicy: .unbounded) { continuation in
            let task = Task {
                var previous: (Date, DataOrigin, Int)?
                for await state in states {
                    var update = FirstPageUpdate(
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
    public func load(_ query: ListQuery) async throws(ServiceError) -> ListPage {
        Self.page(from: try await api.records(resource, query), resource)
    }

    /// Writes `fields` to the record and returns the server's version;
    /// `learnt`: the resource as the list knows it now, when it learnt how
    /// its service takes writes (a `PUT` of the whole record).
    public func update(_ id: String, _ fields: JSONObject, as learnt: ResourceDescriptor? = nil)
        async throws(ServiceError) -> RecordEntity
    {
        let resource = learnt ?? resource
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

    /// The methods record `id` takes, as the service says (`nil`: it says nothing).
    public func allowedMethods(_ id: String) async -> Set<String>? {
        await api.allowedMethods(resource, id: id)
    }

    /// Whether writes survive on this service (JSONPlaceholder forgets them).
    public var serverKeepsWrites: Bool { api.keepsWrites }

    private static func page(from listing: Listing<JSONValue>, _ resource: ResourceDescriptor) -> ListPage {
        ListPage(
            records: listing.items.map { RecordEntity($0, of: resource) }, totalCount: listing.totalCount,
            fetchedAt: listing.fetchedAt, origin: listing.origin)
    }
}
