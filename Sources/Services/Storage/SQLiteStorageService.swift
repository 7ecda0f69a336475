import Foundation
import GRDB
import Logging

/// Storage in a SQLite file (GRDB): `$XDG_CACHE_HOME/trestle/cache.sqlite`.
///
/// A file that is not a database (or fails its schema) is moved aside to
/// `<name>.corrupt-<timestamp>` and replaced by an empty one; `openWarning`
/// then says so in one line for the status bar. Anything else that stops the
/// cache opening (a directory in its place, a read-only folder, a full disk)
/// throws ``StorageUnavailable`` and leaves the file alone. A file that opens
/// but cannot be written is used read-only, and says so. Failures after
/// opening go to the log, and the first of them to `failures`. Writes are
/// queued on the connection's serial queue and not waited for (an answer
/// goes to the screen before its copy is on disk; later reads see it), and
/// ``flush()`` at the end of a run waits until they are done. Another
/// Trestle on the same file is waited for (a busy timeout), not mistaken for
/// corruption.
public final class SQLiteStorageService: StorageService {
    let dbQueue: DatabaseQueue
    private let logger: Logger
    private let path: String
    /// Where the run's first failure is told (the status line).
    public let failures: StorageFailureReport
    /// Set when opening needed a repair the user should hear about.
    public let openWarning: String?

    /// How long a write waits for another process holding the file.
    static let busyTimeout: TimeInterval = 5

    /// Opens (creating folders and schema as needed) the database at `url`.
    public init(url: URL, logger: Logger, failures: StorageFailureReport = StorageFailureReport())
        throws(StorageUnavailable)
    {
        self.logger = logger
        self.path = url.path
        self.failures = failures
        let folder = url.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw StorageUnavailable(path: url.path, reason: "a directory is in its place")
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw StorageUnavailable(path: url.path, reason: Self.reason(error, folder: folder))
        }
        do {
            dbQueue = try Self.open(url)
            if FileManager.default.fileExists(atPath: url.path), !FileManager.default.isWritableFile(atPath: url.path) {
                let warning = "Cache is read-only: read, not kept (\(StoragePath.short(url.path)))"
                failures.record(warning, alreadySaid: true)
                openWarning = warning
            } else {
                openWarning = nil
            }
        } catch let error as DatabaseError where Self.isCorruption(error) {
            let aside = url.appendingPathExtension("corrupt-\(Int(Date().timeIntervalSince1970))")
            logger.warning(
                "cache database unusable, moved aside",
                metadata: [
                    "path": "\(url.path)", "error": "\(error)", "movedTo": "\(aside.path)",
                ])
            try? FileManager.default.moveItem(at: url, to: aside)
            do {
                dbQueue = try Self.open(url)
            } catch {
                throw StorageUnavailable(path: url.path, reason: Self.reason(error, folder: folder))
            }
            openWarning = "Cache was corrupt: moved aside, started empty (\(StoragePath.short(url.path)))"
        } catch {
            logger.warning("cache database cannot open", metadata: ["path": "\(url.path)", "error": "\(error)"])
            throw StorageUnavailable(path: url.path, reason: Self.reason(error, folder: folder))
        }
    }

    /// Whether `error` says the file is not a (sound) database, rather than
    /// that it cannot be reached or written.
    private static func isCorruption(_ error: DatabaseError) -> Bool {
        error.resultCode == .SQLITE_CORRUPT || error.resultCode == .SQLITE_NOTADB
            || error.resultCode == .SQLITE_FORMAT
    }

    /// A few words for the status line: SQLite's message, or the folder's state.
    private static func reason(_ error: any Error, folder: URL) -> String {
        if !FileManager.default.isWritableFile(atPath: folder.path) {
            return "its folder is not writable"
        }
        if let error = error as? DatabaseError { return error.message ?? "SQLite error \(error.resultCode.rawValue)" }
        return (error as NSError).localizedDescription
    }

    private static func open(_ url: URL) throws -> DatabaseQueue {
        var configuration = Configuration()
        // Another Trestle on the same cache holds the lock for a moment.
        configuration.busyMode = .timeout(busyTimeout)
        // A cache: losing the last write to a power cut is fine, waiting for
        // fsync on every start-up is not.
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = OFF")
            _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = MEMORY")
            // SQLite's own page cache, 2 MB by default, filled over a long
            // session and stayed (heaptrack: 2.14 MB from sqlite3 after 12
            // minutes of paging). Lookups are by key, the kernel caches the
            // file anyway: 512 KiB holds the B-trees' upper pages.
            try db.execute(sql: "PRAGMA cache_size = -512")
        }
        let queue = try DatabaseQueue(path: url.path, configuration: configuration)
        try migrate(queue)
        // Touch the table so a non-database file fails here, not later.
        _ = try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM response") }
        return queue
    }

    /// Applies the migrations. Another Trestle starting at the same moment
    /// may create a table between our look at the applied migrations and our
    /// write ("table response already exists"): then look again.
    private static func migrate(_ queue: DatabaseQueue) throws {
        var attempt = 1
        while true {
            do {
                return try migrator.migrate(queue)
            } catch let error as DatabaseError where error.resultCode == .SQLITE_ERROR && attempt < 4 {
                attempt += 1
            }
        }
    }

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.create(table: "response") { t in
                t.primaryKey("key", .text)
                t.column("body", .blob).notNull()
                t.column("etag", .text)
                t.column("lastModified", .text)
                t.column("totalCount", .integer)
                t.column("fetchedAt", .double).notNull()
            }
            try db.create(table: "visit") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("path", .text).notNull()
                t.column("visitedAt", .double).notNull()
            }
        }
        migrator.registerMigration("v2: service dialects") { db in
            try db.create(table: "service") { t in
                t.primaryKey("key", .text)
                t.column("dialect", .text).notNull()
                t.column("learnedAt", .double).notNull()
            }
        }
        migrator.registerMigration("v3: request history") { db in
            try db.create(table: "request") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("namespace", .text).notNull()
                t.column("startedAt", .double).notNull()
                t.column("method", .text).notNull()
                t.column("target", .text).notNull()
                t.column("status", .integer)
                t.column("failure", .text)
                t.column("answer", .text).notNull()
                t.column("milliseconds", .integer).notNull()
                t.column("bytes", .integer).notNull()
                t.column("requestHeaders", .blob).notNull()
                t.column("responseHeaders", .blob).notNull()
                t.column("body", .blob).notNull()
            }
            try db.create(index: "request_by_namespace", on: "request", columns: ["namespace", "id"])
        }
        migrator.registerMigration("v4: service conventions") { db in
            try db.create(table: "convention") { t in
                t.primaryKey("key", .text)
                t.column("name", .text).notNull()
                t.column("answers", .blob).notNull()
                t.column("learnedAt", .double).notNull()
            }
        }
        migrator.registerMigration("v5: service discovery") { db in
            try db.create(table: "discovery") { t in
                t.primaryKey("key", .text)
                t.column("outcome", .blob).notNull()
                t.column("learnedAt", .double).notNull()
            }
        }
        migrator.registerMigration("v6: list views") { db in
            try db.create(table: "list_view") { t in
                t.column("service", .text).notNull()
                t.column("collection", .text).notNull()
                t.column("name", .text).notNull()
                t.column("body", .blob).notNull()
                t.column("savedAt", .double).notNull()
                t.primaryKey(["service", "collection", "name"])
            }
        }
        migrator.registerMigration("v7: document catalogs") { db in
            try db.create(table: "catalog") { t in
                t.primaryKey("key", .text)
                t.column("fingerprint", .text).notNull()
                t.column("first", .blob).notNull()
                t.column("whole", .blob).notNull()
                t.column("writtenAt", .double).notNull()
            }
        }
        migrator.registerMigration("v8: request bodies in the history") { db in
            // A POST's own body (a GraphQL mutation's query and variables), so `:history`'s R can send it again.
            try db.alter(table: "request") { t in
                t.add(column: "requestBody", .blob).notNull().defaults(to: Data())
            }
        }
        return migrator
    }

    public func appendRequests(_ requests: [StoredRequest], keeping limit: Int) async {
        guard !requests.isEmpty else { return }
        await attempt("write request history") {
            try await dbQueue.write { db in
                for request in requests {
                    try db.execute(
                        sql: """
                            INSERT INTO request (namespace, startedAt, method, target, status, failure, answer,
                                milliseconds, bytes, requestHeaders, responseHeaders, body, requestBody)
                            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                            """,
                        arguments: [
                            request.namespace, request.startedAt.timeIntervalSince1970, request.method,
                            request.target, request.status, request.failure, request.answer, request.milliseconds,
                            request.bytes, Self.encode(request.requestHeaders), Self.encode(request.responseHeaders),
                            request.body, request.requestBody,
                        ])
                }
                for namespace in Set(requests.map(\.namespace)) {
                    try db.execute(
                        sql: """
                            DELETE FROM request WHERE namespace = ? AND id <= (
                                SELECT id FROM request WHERE namespace = ? ORDER BY id DESC LIMIT 1 OFFSET ?)
                            """,
                        arguments: [namespace, namespace, limit])
                }
            }
        }
    }

    public func recentRequests(namespace: String, limit: Int) async -> [StoredRequest] {
        await attempt("read request history") {
            try await dbQueue.read { db in
                try Row.fetchAll(
                    db, sql: "SELECT * FROM request WHERE namespace = ? ORDER BY id DESC LIMIT ?",
                    arguments: [namespace, limit]
                ).map(Self.request(from:))
            }
        } ?? []
    }

    private static func encode(_ headers: [[String]]) -> Data {
        (try? JSONEncoder().encode(headers)) ?? Data("[]".utf8)
    }

    private static func request(from row: Row) -> StoredRequest {
        let decode = { (data: Data) in (try? JSONDecoder().decode([[String]].self, from: data)) ?? [] }
        return StoredRequest(
            namespace: row["namespace"], startedAt: Date(timeIntervalSince1970: row["startedAt"]),
            method: row["method"], target: row["target"], status: row["status"], failure: row["failure"],
            answer: row["answer"], milliseconds: row["milliseconds"], bytes: row["bytes"],
            requestHeaders: decode(row["requestHeaders"]), responseHeaders: decode(row["responseHeaders"]),
            body: row["body"], requestBody: row["requestBody"] ?? Data())
    }

    public func cachedResponse(forKey key: String) async -> CachedResponse? {
        await attempt("read cache") {
            try await dbQueue.read { db in
                try Row.fetchOne(db, sql: "SELECT * FROM response WHERE key = ?", arguments: [key])
                    .map(Self.response(from:))
            }
        } ?? nil
    }

    public func store(_ response: CachedResponse) async {
        writeBehind("write cache") { db in
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO response (key, body, etag, lastModified, totalCount, fetchedAt)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    response.key, response.body, response.etag, response.lastModified,
                    response.totalCount, response.fetchedAt.timeIntervalSince1970,
                ])
        }
    }

    public func flush() async {
        await attempt("write cache") { try await dbQueue.write { _ in } }
    }

    /// The most KiB of pages SQLite keeps in memory for this cache (its
    /// `cache_size`, read back from the connection).
    public func pageCacheKiB() async -> Int? {
        try? await dbQueue.read { db in try Int.fetchOne(db, sql: "PRAGMA cache_size") }.map { -$0 }
    }

    public func removeResponse(forKey key: String) async {
        writeBehind("delete cache entry") { db in
            try db.execute(sql: "DELETE FROM response WHERE key = ?", arguments: [key])
        }
    }

    public func invalidateResponses(withPrefix prefix: String) async {
        writeBehind("invalidate cache") { db in
            try db.execute(
                sql: "UPDATE response SET etag = NULL, lastModified = NULL WHERE substr(key, 1, ?) = ?",
                arguments: [prefix.count, prefix])
        }
    }

    public func recordVisit(_ entry: HistoryEntry) async {
        writeBehind("record history") { db in
            try db.execute(
                sql: "INSERT INTO visit (path, visitedAt) VALUES (?, ?)",
                arguments: [entry.path, entry.visitedAt.timeIntervalSince1970])
        }
    }

    public func recentVisits(limit: Int) async -> [HistoryEntry] {
        await attempt("read history") {
            try await dbQueue.read { db in
                try Row.fetchAll(
                    db, sql: "SELECT path, visitedAt FROM visit ORDER BY id DESC LIMIT ?",
                    arguments: [limit]
                ).map { row in
                    HistoryEntry(path: row["path"], visitedAt: Date(timeIntervalSince1970: row["visitedAt"]))
                }
            }
        } ?? []
    }

    public func serverDialect(forService service: String) async -> ServerDialect? {
        await attempt("read service dialect") {
            try await dbQueue.read { db in
                try String.fetchOne(db, sql: "SELECT dialect FROM service WHERE key = ?", arguments: [service])
            }
        }?.flatMap(ServerDialect.init(rawValue:))
    }

    public func rememberServerDialect(_ dialect: ServerDialect, forService service: String) async {
        writeBehind("write service dialect") { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO service (key, dialect, learnedAt) VALUES (?, ?, ?)",
                arguments: [service, dialect.rawValue, Date().timeIntervalSince1970])
        }
    }

    private static func response(from row: Row) -> CachedResponse {
        CachedResponse(
            key: row["key"], body: row["body"], etag: row["etag"], lastModified: row["lastModified"],
            totalCount: row["totalCount"], fetchedAt: Date(timeIntervalSince1970: row["fetchedAt"]))
    }

    /// Runs a database operation; a failure is logged, the run's first is
    /// reported, and it becomes `nil`. A read cancelled with the task that
    /// asked (a screen replaced, a load stopped) is no failure of the cache.
    func attempt<T>(_ what: String, _ body: () async throws -> T) async -> T? {
        do {
            return try await body()
        } catch is CancellationError {
            return nil
        } catch {
            report(what, error)
            return nil
        }
    }

    /// Queues `updates` (in a transaction) on the database's one serial
    /// queue and returns: the caller, often an answer on its way to the
    /// screen, does not wait for SQLite. Every later read or write of this
    /// connection runs after it, so it sees the change; ``flush()`` waits
    /// until it is done. A failure is logged and reported as ``attempt`` does.
    func writeBehind(_ what: String, _ updates: @escaping @Sendable (Database) throws -> Void) {
        dbQueue.asyncWrite(updates) { [self] _, result in
            if case .failure(let error) = result { report(what, error) }
        }
    }

    /// Logs a failed operation and reports the run's first.
    private func report(_ what: String, _ error: any Error) {
        logger.error("storage: \(what) failed", metadata: ["error": "\(error)"])
        let reason = (error as? DatabaseError)?.message ?? "\(error)"
        failures.record("Cache: \(what) failed: \(reason) (\(StoragePath.short(path)))")
    }
}
