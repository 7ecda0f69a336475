import Foundation
import JSON
import Services

/// The lists of a GraphQL service in the SQLite cache, as a REST service's
/// answers are kept by `ResourceStore`: each page a screen loaded is
/// written under the environment, the base URL, the list (its filters,
/// sort and page) and the endpoint; a later load that fails (offline, the
/// server down) shows it with the error, its origin `cache`.
extension GraphQLAPIService {
    /// The cache key of page `query.page` of `resource`.
    func cacheKey(_ resource: ResourceDescriptor, _ query: ListQuery) -> String {
        "\(namespace)|graphql \(endpoint.absoluteString)|\(Self.key(resource, query))|page \(max(query.page ?? 1, 1))"
    }

    /// A load of a list a screen shows: the page, kept in the cache; when
    /// it fails, the page an earlier load kept beside the error (``KeptListings``).
    func observedLoad(_ resource: ResourceDescriptor, _ query: ListQuery) async -> ListState<JSONValue> {
        await KeptListings(namespace.isEmpty ? nil : storage).observed(key: cacheKey(resource, query)) {
            () async throws(ServiceError) in try await records(resource, query)
        }
    }
}
