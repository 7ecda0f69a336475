import Foundation
import JSON
import TestSupport
import Testing

@testable import Services

/// The pages GraphQL and gRPC keep for a later load: the items and the
/// total come back as kept, marked as the cache's; a page too big is not kept.
@Suite struct KeptListingsTests {
    @Test func aKeptPageComesBackWithItsTotalFromTheCache() async throws {
        let storage = InMemoryStorageService()
        let kept = KeptListings(storage)
        let items: [JSONValue] = [.object(["id": .int(1), "title": .string("Volume 1")])]
        let fetched = Date(timeIntervalSince1970: 1_000)
        await kept.keep(Listing(items: items, totalCount: 45, fetchedAt: fetched, origin: .network), key: "k|page 1")
        await storage.flush()
        let back = try #require(await kept.kept(key: "k|page 1"))
        #expect(back.items == items)
        #expect(back.totalCount == 45)
        #expect(back.fetchedAt == fetched)
        #expect(back.origin == .cache)
        #expect(await kept.kept(key: "k|page 2") == nil)
    }

    @Test func aPageOverTheLimitIsNotKept() async {
        let storage = InMemoryStorageService()
        let kept = KeptListings(storage)
        let big = JSONValue.string(String(repeating: "x", count: KeptListings.largest))
        await kept.keep(Listing(items: [big], totalCount: 1, fetchedAt: Date(), origin: .network), key: "big")
        await storage.flush()
        #expect(await kept.kept(key: "big") == nil)
    }
}
