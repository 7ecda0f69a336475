import Foundation
import Services
import TestSupport
import Testing

@testable import App

/// The fake environment over the shipped sample data, prepared as the app
/// does, with `home`'s folders for cache and log.
enum SampleStart {
    static func prepare(in home: TemporaryHome, delay: Double = 0) async throws -> AppRoot.Prepared {
        let options = LaunchOptions(
            delay: delay, dataFile: BuiltProducts.packageRoot.appendingPathComponent("sample-data/db.json").path)
        return try await AppRoot.prepare(options: options, environment: home.environment)
    }
}

extension TemporaryHome {
    /// Removes the home once `storage` — the cache of an app run in this
    /// process — has ended its work there.
    ///
    /// A first run's cache opens late (after the first frame, or when its
    /// router stops), on a thread of its own, and the open makes the cache's
    /// folder: a home removed before the open ends is made again, and stays
    /// behind in the temporary folder. `flush()` waits for that open
    /// (beginning it if nothing did) and for the writes held.
    func remove(after storage: any StorageService) async {
        await storage.flush()
        remove()
    }
}

/// An app run in this process uses its home until its cache has opened: a
/// home removed only after that stays removed (`.ci/run` listed 17 homes
/// made again after their tests).
@Suite("A home removed after its app's cache")
struct HomeRemovalTests {
    /// A first run whose cache opens when told (as after an interactive
    /// start's first frame): removed after the cache, the home is not made
    /// again when the open is asked for later.
    @Test func aHomeRemovedAfterItsAppsCacheStaysRemoved() async throws {
        let home = try TemporaryHome()
        let options = LaunchOptions(
            delay: 0, dataFile: BuiltProducts.packageRoot.appendingPathComponent("sample-data/db.json").path)
        let staged = try await AppRoot.stage(
            options: options, environment: home.environment, prefetch: false, opensCacheLater: true)
        #expect(staged.cache.isHolding)
        await home.remove(after: staged.prepared.services.storage)
        // What the app would still do with its cache: the open, begun after the test.
        _ = await staged.cache.beginOpening().value
        await staged.prepared.services.shutdown()
        #expect(
            !FileManager.default.fileExists(atPath: home.root.path), "\(home.root.path) was made again after removal")
    }
}
