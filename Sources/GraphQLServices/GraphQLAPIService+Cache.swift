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

    /// Keeps `listing` for a later load.
    func keep(_ listing: Listing<JSONValue>, _ resource: ResourceDescriptor, _ query: ListQuery) async {
        guard let storage, !namespace.isEmpty else { return }
        await KeptListings(storage).keep(listing, key: cacheKey(resource, query))
    }

    /// The page an earlier load kept, if any.
    func kept(_ resource: ResourceDescriptor, _ query: ListQuery) async -> Listing<JSONValue>? {
        guard let storage, !namespace.isEmpty else { return nil }
        return await KeptListings(storage).kept(key: cacheKey(resource, query))
    }
}
