import Foundation
import JSON
import Services
import Synchronization

/// Every answer a snapshot has had: each page of each collection (keyed by
/// collection, page and page size) and each record fetched by id (the
/// parents). Each answer is appended to `OUT.progress` as it arrives, one
/// JSON line (``SnapshotResume``), and not kept in memory: a run holds only
/// the records it keeps, and a stopped run (Ctrl-C, SIGTERM, a crash) has
/// lost nothing it read. A resumed run loads the earlier answers, walks
/// exactly as a whole run would and ``LedgerSource`` answers what was asked
/// before from here, so only what is left goes to the service and the file
/// written is the one a whole run writes.
final class SnapshotLedger: Sendable {
    /// One page as the service answered it.
    struct Page: Sendable, Equatable {
        var items: [JSONValue]
        var total: Int?
    }

    private struct State {
        /// The answers of an earlier run (`--resume`).
        var pages: [String: Page] = [:]
        var records: [String: JSONValue] = [:]
        /// Collections walked to the end (for the stop line).
        var done: Set<String> = []
        /// `OUT.progress`, open for appending; `-1` before ``attach(_:)`` and after ``close()``.
        var journal: Int32 = -1
    }

    private let state: Mutex<State>

    init() { state = Mutex(State()) }

    private init(_ state: State) { self.state = Mutex(state) }

    /// `posts?page=3&limit=100`: the key of a page.
    static func key(_ resource: ResourceDescriptor, _ query: ListQuery) -> String {
        "\(resource.name)?page=\(query.page ?? 1)&limit=\(query.limit ?? 0)"
    }

    /// `users/7`: the key of a record fetched by id (`config/` for an object resource).
    static func key(_ resource: ResourceDescriptor, id: String) -> String { "\(resource.name)/\(id)" }

    /// A page an earlier run read.
    func page(_ key: String) -> Page? { state.withLock { $0.pages[key] } }

    /// Appends `page` to the journal.
    func keep(_ page: Page, as key: String) {
        append(Self.pageLine(key, page))
    }

    /// A record an earlier run read.
    func record(_ key: String) -> JSONValue? { state.withLock { $0.records[key] } }

    /// Appends `record` to the journal.
    func keep(_ record: JSONValue, as key: String) {
        append(Self.recordLine(key, record))
    }

    func finished(_ name: String) {
        state.withLock { _ = $0.done.insert(name) }
        append(.object(["done": .string(name)]))
    }

    /// Collections walked to the end so far.
    var done: Set<String> { state.withLock { $0.done } }

    /// How many pages and records by id an earlier run left.
    var counts: (pages: Int, records: Int) { state.withLock { ($0.pages.count, $0.records.count) } }

    // MARK: - The journal

    /// Appends every answer from now on to `descriptor` (open for appending); the ledger closes it.
    func attach(_ descriptor: Int32) {
        state.withLock { $0.journal = descriptor }
    }

    /// Stops appending and closes the journal; a line being written is finished first.
    func closeJournal() {
        state.withLock { state in
            guard state.journal >= 0 else { return }
            _ = close(state.journal)
            state.journal = -1
        }
    }

    /// The earlier run's answers as journal lines (a resumed run's file starts with them).
    var lines: Data {
        let state = state.withLock { State(pages: $0.pages, records: $0.records, done: $0.done) }
        var data = Data()
        for key in state.pages.keys.sorted() {
            if let page = state.pages[key] { data.append(Self.line(Self.pageLine(key, page))) }
        }
        for key in state.records.keys.sorted() {
            if let record = state.records[key] { data.append(Self.line(Self.recordLine(key, record))) }
        }
        for name in state.done.sorted() { data.append(Self.line(.object(["done": .string(name)]))) }
        return data
    }

    /// Reads journal lines into the ledger: a line that does not parse (the
    /// last, cut by a crash) is skipped, its answer asked again.
    func load(_ line: [UInt8]) {
        guard let object = (try? JSONParser.parse(line))?.objectValue else { return }
        state.withLock { state in
            if let key = object["page"]?.stringValue, let items = object["items"]?.arrayValue {
                state.pages[key] = Page(items: items, total: object["total"]?.intValue)
            } else if let key = object["record"]?.stringValue, let record = object["value"] {
                state.records[key] = record
            } else if let name = object["done"]?.stringValue {
                state.done.insert(name)
            }
        }
    }

    private static func pageLine(_ key: String, _ page: Page) -> JSONValue {
        .object(["page": .string(key), "total": page.total.map(JSONValue.int) ?? .null, "items": .array(page.items)])
    }

    private static func recordLine(_ key: String, _ record: JSONValue) -> JSONValue {
        .object(["record": .string(key), "value": record])
    }

    private static func line(_ value: JSONValue) -> Data {
        var data = JSONWriter.data(value)
        data.append(UInt8(ascii: "\n"))
        return data
    }

    /// Writes one line whole (under the lock: a stop never cuts it).
    private func append(_ value: JSONValue) {
        let data = Self.line(value)
        state.withLock { state in
            guard state.journal >= 0 else { return }
            data.withUnsafeBytes { buffer in
                guard let base = buffer.baseAddress else { return }
                var offset = 0
                while offset < buffer.count {
                    let written = write(state.journal, base + offset, buffer.count - offset)
                    if written < 0, errno == EINTR { continue }
                    guard written > 0 else { return }
                    offset += written
                }
            }
        }
    }

    /// Reads the ledger of a progress file of format 1 (one object: `done`,
    /// `pages` key → `items`, `total`, `records` key → record); `nil` when `value` is not one.
    convenience init?(json value: JSONValue) {
        guard let object = value.objectValue, let pages = object["pages"]?.objectValue,
            let records = object["records"]?.objectValue
        else { return nil }
        var state = State()
        for (key, page) in pages {
            guard let items = page.objectValue?["items"]?.arrayValue else { return nil }
            state.pages[key] = Page(items: items, total: page.objectValue?["total"]?.intValue)
        }
        for (key, record) in records { state.records[key] = record }
        state.done = Set((object["done"]?.arrayValue ?? []).compactMap(\.stringValue))
        self.init(state)
    }
}

/// A source that answers from a ``SnapshotLedger`` what an earlier run read
/// and asks `inner` the rest, journaling each answer; it tells `watch` of every page.
struct LedgerSource: SnapshotSource {
    let inner: any SnapshotSource
    let ledger: SnapshotLedger
    let watch: SnapshotProgress?

    func records(_ resource: ResourceDescriptor, _ query: ListQuery) async throws(ServiceError) -> Listing<JSONValue> {
        let key = SnapshotLedger.key(resource, query)
        if let page = ledger.page(key) {
            watch?.page(resource.name, items: page.items.count, total: page.total, asked: false)
            return Listing(items: page.items, totalCount: page.total, fetchedAt: Date(), origin: .cache)
        }
        watch?.asking(resource.name)
        let listing = try await inner.records(resource, query)
        ledger.keep(SnapshotLedger.Page(items: listing.items, total: listing.totalCount), as: key)
        watch?.page(resource.name, items: listing.items.count, total: listing.totalCount, asked: true)
        return listing
    }

    func record(_ resource: ResourceDescriptor, id: String) async throws(ServiceError) -> JSONValue {
        let key = SnapshotLedger.key(resource, id: id)
        if let record = ledger.record(key) { return record }
        watch?.asking(resource.name)
        let record = try await inner.record(resource, id: id)
        ledger.keep(record, as: key)
        return record
    }
}
