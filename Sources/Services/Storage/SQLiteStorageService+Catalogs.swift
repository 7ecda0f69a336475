import Foundation
import GRDB

/// The catalogs digested from services' API documents (table `catalog`,
/// keyed by service and document location), at most ``KeptCatalog/limit``:
/// the newest by rowid (a replaced row is inserted anew, so it gets the largest).
extension SQLiteStorageService {
    public func keptCatalog(_ part: CatalogPart, forService service: String, location: String, fingerprint: String)
        async -> Data?
    {
        let column = part.rawValue
        let value = await attempt("read a kept catalog") {
            try await dbQueue.read { db in
                try Data.fetchOne(
                    db, sql: "SELECT \(column) FROM catalog WHERE key = ? AND fingerprint = ?",
                    arguments: [Self.catalogKey(service, location), fingerprint])
            }
        }
        return value ?? nil
    }

    public func keepCatalog(_ catalog: KeptCatalog, forService service: String, location: String) async {
        guard catalog.whole.count + catalog.first.count <= KeptCatalog.maxBytes else { return }
        let key = Self.catalogKey(service, location)
        let written = Date().timeIntervalSince1970
        writeBehind("keep a catalog") { db in
            try db.execute(
                sql:
                    "INSERT OR REPLACE INTO catalog (key, fingerprint, first, whole, writtenAt) VALUES (?, ?, ?, ?, ?)",
                arguments: [key, catalog.fingerprint, catalog.first, catalog.whole, written])
            try db.execute(
                sql: "DELETE FROM catalog WHERE key NOT IN (SELECT key FROM catalog ORDER BY rowid DESC LIMIT ?)",
                arguments: [KeptCatalog.limit])
        }
    }

    /// One row per service and document.
    static func catalogKey(_ service: String, _ location: String) -> String { "\(service)|\(location)" }
}
