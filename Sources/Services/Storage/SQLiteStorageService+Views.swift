import Foundation
import GRDB

/// Saved list views (table `list_view`, migration v6), keyed by the
/// service's cache namespace, the collection and the view's name.
extension SQLiteStorageService {
    public func listViews(forService service: String, collection: String) async -> [SavedListView] {
        let bodies = await attempt("read list views") {
            try await dbQueue.read { db in
                try Data.fetchAll(
                    db,
                    sql: "SELECT body FROM list_view WHERE service = ? AND collection = ? ORDER BY name LIMIT ?",
                    arguments: [service, collection, SavedListView.perCollection])
            }
        }
        return (bodies ?? []).compactMap(SavedListView.decoded)
    }

    public func saveListView(_ view: SavedListView, forService service: String, collection: String) async {
        guard let body = view.encoded() else { return }
        let name = view.name
        let savedAt = Date().timeIntervalSince1970
        writeBehind("write a list view") { db in
            try db.execute(
                sql:
                    "INSERT OR REPLACE INTO list_view (service, collection, name, body, savedAt) VALUES (?, ?, ?, ?, ?)",
                arguments: [service, collection, name, body, savedAt])
            // The oldest beyond the bound go.
            try db.execute(
                sql: """
                    DELETE FROM list_view WHERE service = ? AND collection = ? AND name NOT IN
                    (SELECT name FROM list_view WHERE service = ? AND collection = ? ORDER BY savedAt DESC, rowid DESC LIMIT ?)
                    """,
                arguments: [service, collection, service, collection, SavedListView.perCollection])
        }
    }
}
