import Foundation
import JSON

/// The pages a backend that answers its lists itself (GraphQL, gRPC) keeps
/// in the cache, as a REST service's answers are kept by `ResourceStore`:
/// a page a screen loaded is written under the backend's key (its items and
/// total as one JSON object); a later load that fails (offline, the server
/// down) reads it back, its origin `cache`.
public struct KeptListings: Sendable {
    /// Pages above this size are not kept (as REST's bodies above 16 MB are not).
    public static let largest = 16 * 1024 * 1024

    /// `nil`: nothing is kept (a service without a cache).
    private let storage: (any StorageService)?

    public init(_ storage: (any StorageService)?) {
        self.storage = storage
    }

    /// A page a screen shows: `load`'s answer, kept under `key`; when the
    /// load fails, the page kept there earlier (this run or an earlier one)
    /// beside the error, as a REST list's offline copy is shown.
    public func observed(key: String, _ load: () async throws(ServiceError) -> Listing<JSONValue>) async
        -> ListState<JSONValue>
    {
        do throws(ServiceError) {
            let listing = try await load()
            await keep(listing, key: key)
            return ListState(listing: listing)
        } catch {
            return ListState(listing: await kept(key: key), error: error)
        }
    }

    /// Keeps `listing` under `key` for a later load.
    public func keep(_ listing: Listing<JSONValue>, key: String) async {
        guard let storage else { return }
        var object = JSONObject()
        object["items"] = .array(listing.items)
        object["totalCount"] = listing.totalCount.map(JSONValue.int) ?? .null
        let body = JSONWriter.data(.object(object))
        guard body.count <= Self.largest else { return }
        await storage.store(
            CachedResponse(key: key, body: body, totalCount: listing.totalCount, fetchedAt: listing.fetchedAt))
    }

    /// The page kept under `key`, if any.
    public func kept(key: String) async -> Listing<JSONValue>? {
        guard let stored = await storage?.cachedResponse(forKey: key),
            let value = try? JSONParser.parse(stored.body), let items = value.value(atPath: "items")?.arrayValue
        else { return nil }
        return Listing(
            items: items, totalCount: value.value(atPath: "totalCount")?.intValue ?? stored.totalCount,
            fetchedAt: stored.fetchedAt, origin: .cache)
    }
}
