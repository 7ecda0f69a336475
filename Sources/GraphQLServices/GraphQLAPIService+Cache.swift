import Foundation
import JSON
import Services

/// The lists of a GraphQL service in the SQLite cache, as a REST service's
/// answers are kept by `ResourceStore`: each page a screen loaded is
/// written under the environment, the base URL, the list (its filters,
/// sort and page) and the endpoint; a later load that fails (offline, the
/// server down) shows it with the error, its origin `cache`.
extension GraphQLAPIService {
    /// Pages above this size are not kept (as REST's bodies above 16 MB are not).
    static let largestKeptPage = 16 * 1024 * 1024

    /// The cache key of page `query.page` of `resource`.
    func cacheKey(_ resource: ResourceDescriptor, _ query: ListQuery) -> String {
        "\(namespace)|graphql \(endpoint.absoluteString)|\(Self.key(resource, query))|page \(max(query.page ?? 1, 1))"
    }

    /// Keeps `listing` for a later start.
    func keep(_ listing: Listing<JSONValue>, _ resource: ResourceDescriptor, _ query: ListQuery) async {
        guard let storage, !namespace.isEmpty else { return }
        var object = JSONObject()
        object["items"] = .array(listing.items)
        object["totalCount"] = listing.totalCount.map(JSONValue.int) ?? .null
        let body = JSONWriter.data(.object(object))
        guard body.count <= Self.largestKeptPage else { return }
        await storage.store(
            CachedResponse(
                key: cacheKey(resource, query), body: body, totalCount: listing.totalCount,
                fetchedAt: listing.fetchedAt))
    }

    /// The page an earlier load kept, if any.
    func kept(_ resource: ResourceDescriptor, _ query: ListQuery) async -> Listing<JSONValue>? {
        guard let storage, !namespace.isEmpty,
            let stored = await storage.cachedResponse(forKey: cacheKey(resource, query)),
            let value = try? JSONParser.parse(stored.body), let items = value.value(atPath: "items")?.arrayValue
        else { return nil }
        return Listing(
            items: items, totalCount: value.value(atPath: "totalCount")?.intValue ?? stored.totalCount,
            fetchedAt: stored.fetchedAt, origin: .cache)
    }
}
