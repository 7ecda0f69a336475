import Foundation
import GRDB

/// A value the cache keeps once per service (a row keyed by the service's
/// cache namespace): the remembered convention and the remembered discovery.
extension SQLiteStorageService {
    /// The table's `column` for `service`, or `nil` when none is kept (or the
    /// read failed: the failure is logged and reported like every other).
    func perService(_ column: String, in table: String, forService service: String, what: String) async -> Data? {
        let value = await attempt("read \(what)") {
            try await dbQueue.read { db in
                try Data.fetchOne(db, sql: "SELECT \(column) FROM \(table) WHERE key = ?", arguments: [service])
            }
        }
        return value ?? nil
    }

    /// One column of a kept row and its value.
    typealias PerServiceColumn = (name: String, value: any DatabaseValueConvertible & Sendable)

    /// Keeps `values` as the row of `service`, or forgets the row when
    /// `values` is `nil`; written behind the caller.
    func keepPerService(_ values: [PerServiceColumn]?, in table: String, forService service: String, what: String) {
        guard let values else {
            writeBehind("forget \(what)") { db in
                try db.execute(sql: "DELETE FROM \(table) WHERE key = ?", arguments: [service])
            }
            return
        }
        let columns = ["key"] + values.map(\.name)
        let arguments: [any DatabaseValueConvertible & Sendable] = [service] + values.map(\.value)
        let sql =
            "INSERT OR REPLACE INTO \(table) (\(columns.joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))"
        writeBehind("write \(what)") { db in
            try db.execute(sql: sql, arguments: StatementArguments(arguments))
        }
    }
}
