import Foundation
import GRDB

/// What discovery found of each service (table `discovery`, keyed by the
/// service's cache namespace).
extension SQLiteStorageService {
    public func rememberedDiscovery(forService service: String) async -> RememberedDiscovery? {
        let outcome = await attempt("read service discovery") {
            try await dbQueue.read { db in
                try Data.fetchOne(db, sql: "SELECT outcome FROM discovery WHERE key = ?", arguments: [service])
            }
        }
        return outcome?.flatMap(RememberedDiscovery.decoded)
    }

    public func rememberDiscovery(_ remembered: RememberedDiscovery?, forService service: String) async {
        guard let remembered else {
            writeBehind("forget service discovery") { db in
                try db.execute(sql: "DELETE FROM discovery WHERE key = ?", arguments: [service])
            }
            return
        }
        guard let outcome = remembered.encoded() else { return }
        writeBehind("write service discovery") { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO discovery (key, outcome, learnedAt) VALUES (?, ?, ?)",
                arguments: [service, outcome, remembered.learnedAt.timeIntervalSince1970])
        }
    }
}
