import Foundation
import JSON
import Services

/// The lists and records of a gRPC service in the SQLite cache, as a REST
/// service's answers are kept by `ResourceStore` and a GraphQL service's
/// lists by `GraphQLAPIService+Cache`: each page a screen loaded is written
/// under the environment, the base URL, the target and the list (its
/// filters and page); each record a `Get*` answered under its collection and
/// name. A later load that fails (offline, the server down) shows the page
/// with the error, its origin `cache`; a record kept names a relation's
/// parent while the server is unreachable.
extension GRPCAPIService {
    /// The cache key of page `query.page` of `resource`.
    func cacheKey(_ resource: ResourceDescriptor, _ query: ListQuery) -> String {
        "\(namespace)|grpc \(origin)|\(Self.key(resource, query))|page \(max(query.page ?? 1, 1))"
    }

    /// The cache key of the record `id` of `resource`.
    func cacheKey(record resource: ResourceDescriptor, id: String) -> String {
        "\(namespace)|grpc \(origin)|record \(resource.name)|\(id)"
    }

    /// A load of a list a screen shows: the page, kept in the cache; when
    /// it fails, the page an earlier load kept beside the error (``KeptListings``).
    func observedLoad(_ resource: ResourceDescriptor, _ query: ListQuery) async -> ListState<JSONValue> {
        await KeptListings(namespace.isEmpty ? nil : storage).observed(key: cacheKey(resource, query)) {
            () async throws(ServiceError) in try await records(resource, query)
        }
    }

    /// Keeps a record a `Get*` answered.
    func keep(record: JSONValue, _ resource: ResourceDescriptor, id: String) async {
        guard let storage, !namespace.isEmpty else { return }
        let body = JSONWriter.data(record)
        guard body.count <= KeptListings.largest else { return }
        await storage.store(CachedResponse(key: cacheKey(record: resource, id: id), body: body, fetchedAt: Date()))
    }

    /// The record an earlier `Get*` kept, if any.
    func kept(record resource: ResourceDescriptor, id: String) async -> JSONValue? {
        guard let storage, !namespace.isEmpty,
            let stored = await storage.cachedResponse(forKey: cacheKey(record: resource, id: id))
        else { return nil }
        return try? JSONParser.parse(stored.body)
    }
}
