import Dispatch
import Foundation
import Logging
import Services

extension AppRoot {
    /// The SQLite cache at `url` behind an ``OpeningStorage``: the open runs
    /// when that says (at once for an existing file). Its warning is said in
    /// the start's status line when the start waits for the open (an
    /// existing file), else there once the open has said it.
    static func openingCache(
        at url: URL, startsEmpty: Bool, logger: Logger, failures: StorageFailureReport
    ) -> OpeningStorage {
        OpeningStorage(startsEmpty: startsEmpty) {
            let (storage, warning) = await openCache(at: url, logger: logger, failures: failures)
            if let warning { failures.record(warning, alreadySaid: !startsEmpty) }
            return storage
        }
    }

    /// Opens the cache at `url` on a thread of its own (SQLite's file work
    /// would hold one of the cooperative pool's few threads); a cache that
    /// cannot open leaves one warning and an in-memory stand-in (browsing
    /// goes on, nothing is kept).
    private static func openCache(at url: URL, logger: Logger, failures: StorageFailureReport) async
        -> (storage: any StorageService, warning: String?)
    {
        await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                do throws(StorageUnavailable) {
                    let sqlite = try SQLiteStorageService(url: url, logger: logger, failures: failures)
                    continuation.resume(returning: (sqlite, sqlite.openWarning))
                } catch {
                    continuation.resume(returning: (InMemoryStorageService(), error.description))
                }
            }
        }
    }
}
