import Foundation
import JSON
import Services
import Synchronization

/// Every answer a snapshot has had so far: each page of each collection
/// (keyed by collection, page and page size) and each record fetched by id
/// (the parents). A stopped run keeps it beside OUT (``SnapshotResume``);
/// the resumed run walks exactly as a whole run would and ``LedgerSource``
/// answers what was asked before from here, so only what is left goes to
/// the service and the file written is the one a whole run writes.
final class SnapshotLedger: Sendable {
    /// One page as the service answered it.
    struct Page: Sendable, Equatable {
        var items: [JSONValue]
        var total: Int?
    }

    private struct State {
        var pages: [String: Page] = [:]
        var records: [String: JSONValue] = [:]
        /// Collections walked to the end (for the stop line and the reader of the file).
        var done: Set<String> = []
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

    func page(_ key: String) -> Page? { state.withLock { $0.pages[key] } }

    func keep(_ page: Page, as key: String) { state.withLock { $0.pages[key] = page } }

    func record(_ key: String) -> JSONValue? { state.withLock { $0.records[key] } }

    func keep(_ record: JSONValue, as key: String) { state.withLock { $0.records[key] = record } }

    func finished(_ name: String) { _ = state.withLock { $0.done.insert(name) } }

    /// Collections walked to the end so far.
    var done: Set<String> { state.withLock { $0.done } }

    /// How many pages and records by id it holds.
    var counts: (pages: Int, records: Int) { state.withLock { ($0.pages.count, $0.records.count) } }

    /// The ledger as JSON: `done`, `pages` (key → `items`, `total`), `records` (key → record), keys sorted.
    var json: JSONValue {
        let state = state.withLock { $0 }
        let pages = state.pages.keys.sorted().compactMap { key -> (String, JSONValue)? in
            guard let page = state.pages[key] else { return nil }
            return (key, .object(["total": page.total.map(JSONValue.int) ?? .null, "items": .array(page.items)]))
        }
        let records = state.records.keys.sorted().compactMap { key in state.records[key].map { (key, $0) } }
        return .object([
            "done": .array(state.done.sorted().map(JSONValue.string)),
            "pages": .object(JSONObject(pages)),
            "records": .object(JSONObject(records)),
        ])
    }

    /// Reads ``json``; `nil` when `value` is not one.
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

/// A source that answers from a ``SnapshotLedger`` what it holds and asks
/// `inner` the rest, keeping each answer; it tells `watch` of every page.
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
