import Foundation
import GRDB

/// The convention each service was found in (table `convention`, keyed by
/// the service's cache namespace), with the answers it was found from.
extension SQLiteStorageService {
    public func rememberedConvention(forService service: String) async -> RememberedConvention? {
        let answers = await attempt("read service convention") {
            try await dbQueue.read { db in
                try Data.fetchOne(db, sql: "SELECT answers FROM convention WHERE key = ?", arguments: [service])
            }
        }
        return answers?.flatMap(RememberedConvention.decoded)
    }

    public func rememberConvention(_ remembered: RememberedConvention?, forService service: String) async {
        guard let remembered else {
            writeBehind("forget service convention") { db in
                try db.execute(sql: "DELETE FROM convention WHERE key = ?", arguments: [service])
            }
            return
        }
        guard let answers = remembered.encoded() else { return }
        writeBehind("write service convention") { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO convention (key, name, answers, learnedAt) VALUES (?, ?, ?, ?)",
                arguments: [service, remembered.convention.rawValue, answers, Date().timeIntervalSince1970])
        }
    }
}
