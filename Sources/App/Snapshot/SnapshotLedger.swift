import Foundation
import JSON
import Services
import Synchronization
import Translations

/// Every answer a snapshot has had: each page of each collection (keyed by
/// collection, page and page size) and each record fetched by id (the
/// parents). Each answer is appended to `OUT.progress` as it arrives, one
/// JSON line (``SnapshotResume``), and not kept in memory: the ledger holds
/// only where each line starts in the file (a key and an offset per page
/// and per record fetched by id), and reads an answer back from there when
/// the parent hop or the writing of OUT streams over the records kept. A
/// stopped run (Ctrl-C, SIGTERM, a crash) has lost nothing it read. A
/// resumed run copies the earlier answers into the new file (``SnapshotResume/begin(at:)``),
/// walks exactly as a whole run would and ``LedgerSource`` answers what was
/// asked before from here, so only what is left goes to the service and
/// the file written is the one a whole run writes.
final class SnapshotLedger: Sendable {
    /// One page as the service answered it.
    struct Page: Sendable, Equatable {
        var items: [JSONValue]
        var total: Int?
    }

    /// An answer read back that the file does not hold (the journal could not be written or read).
    struct Missing: Error, CustomStringConvertible {
        let key: String
        var description: String { Texts.Snapshot.answerMissing(key: key) }
    }

    /// Where one answer's line is in the file.
    private struct Entry {
        var offset: Int64
        var length: Int
    }

    private struct State {
        /// Each answer's line, by key.
        var index: [String: Entry] = [:]
        /// Pages and records by id an earlier run left (`--resume`).
        var earlier = (pages: 0, records: 0)
        /// Collections walked to the end (for the stop line).
        var done: Set<String> = []
        /// `OUT.progress`, open for appending; `-1` before ``attach(append:read:end:)`` and after ``closeJournal()``.
        var journal: Int32 = -1
        /// The same file, open for reading answers back; `-1` before ``attach(append:read:end:)`` and after ``closeAll()``.
        var reader: Int32 = -1
        /// The file's length: where the next line goes.
        var end: Int64 = 0
    }

    private let state: Mutex<State>

    init() { state = Mutex(State()) }

    deinit {
        state.withLock { state in
            if state.journal >= 0 { _ = close(state.journal) }
            if state.reader >= 0 { _ = close(state.reader) }
        }
    }

    /// A ledger over a file of its own, removed at once (the walker's, when no run gave it one).
    static func scratch() -> SnapshotLedger {
        let ledger = SnapshotLedger()
        let path = NSTemporaryDirectory() + "trestle-snapshot-\(getpid())-\(UUID().uuidString).progress"
        let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            ledger.attach(append: descriptor, read: dup(descriptor), end: 0)
            unlink(path)
        }
        return ledger
    }

    /// `posts?page=3&limit=100`: the key of a page.
    static func key(_ resource: ResourceDescriptor, _ query: ListQuery) -> String {
        "\(resource.name)?page=\(query.page ?? 1)&limit=\(query.limit ?? 0)"
    }

    /// `users/7`: the key of a record fetched by id (`config/` for an object resource).
    static func key(_ resource: ResourceDescriptor, id: String) -> String { "\(resource.name)/\(id)" }

    /// A page answered before (by an earlier run, or read back).
    func page(_ key: String) -> Page? {
        guard let object = try? line(key) else { return nil }
        return Page(items: object["items"]?.arrayValue ?? [], total: object["total"]?.intValue)
    }

    /// The records of page `key`, read back from the file.
    func items(_ key: String) throws -> [JSONValue] {
        guard let items = try line(key)["items"]?.arrayValue else { throw Missing(key: key) }
        return items
    }

    /// Appends `page` to the journal.
    func keep(_ page: Page, as key: String) {
        append(Self.pageLine(key, page), key: key)
    }

    /// A record answered before.
    func record(_ key: String) -> JSONValue? { try? value(key) }

    /// The record fetched as `key`, read back from the file.
    func value(_ key: String) throws -> JSONValue {
        guard let value = try line(key)["value"] else { throw Missing(key: key) }
        return value
    }

    /// Appends `record` to the journal.
    func keep(_ record: JSONValue, as key: String) {
        append(Self.recordLine(key, record), key: key)
    }

    func finished(_ name: String) {
        state.withLock { _ = $0.done.insert(name) }
        append(.object(["done": .string(name)]), key: nil)
    }

    /// Collections walked to the end so far.
    var done: Set<String> { state.withLock { $0.done } }

    /// How many pages and records by id an earlier run left.
    var counts: (pages: Int, records: Int) { state.withLock { $0.earlier } }

    // MARK: - The journal

    /// Appends every answer from now on to `append` (open for appending,
    /// the file `end` bytes long) and reads answers back through `read`; the ledger closes both.
    func attach(append: Int32, read: Int32, end: Int64) {
        state.withLock { state in
            state.journal = append
            state.reader = read
            state.end = end
        }
    }

    /// Stops appending and closes the journal; a line being written is finished first.
    /// Answers can still be read back until ``closeAll()``.
    func closeJournal() {
        state.withLock { state in
            guard state.journal >= 0 else { return }
            _ = close(state.journal)
            state.journal = -1
        }
    }

    /// Closes the journal and the file answers are read back from.
    func closeAll() {
        closeJournal()
        state.withLock { state in
            guard state.reader >= 0 else { return }
            _ = close(state.reader)
            state.reader = -1
        }
    }

    /// Takes one line of an earlier run's journal into `output` (the new
    /// file, at `offset`), unless it does not parse (the last, cut by a
    /// crash: its answer is asked again); returns the bytes written.
    func copy(_ line: ArraySlice<UInt8>, into output: inout [UInt8], at offset: Int64) -> Int {
        guard let object = (try? JSONParser.parse(Array(line)))?.objectValue else { return 0 }
        return state.withLock { state -> Int in
            if let key = object["page"]?.stringValue, object["items"]?.arrayValue != nil {
                if state.index.updateValue(Entry(offset: offset, length: line.count), forKey: key) == nil {
                    state.earlier.pages += 1
                }
            } else if let key = object["record"]?.stringValue, object["value"] != nil {
                if state.index.updateValue(Entry(offset: offset, length: line.count), forKey: key) == nil {
                    state.earlier.records += 1
                }
            } else if let name = object["done"]?.stringValue {
                state.done.insert(name)
            } else {
                return 0
            }
            output.append(contentsOf: line)
            output.append(UInt8(ascii: "\n"))
            return line.count + 1
        }
    }

    /// The answers of a progress file of format 1 (one object: `done`,
    /// `pages` key → `items`, `total`, `records` key → record) as journal
    /// lines; `nil` when `value` is not one.
    static func lines(json value: JSONValue) -> [[UInt8]]? {
        guard let object = value.objectValue, let pages = object["pages"]?.objectValue,
            let records = object["records"]?.objectValue
        else { return nil }
        var lines: [[UInt8]] = []
        for (key, page) in pages {
            guard let items = page.objectValue?["items"]?.arrayValue else { return nil }
            let line = pageLine(key, Page(items: items, total: page.objectValue?["total"]?.intValue))
            lines.append(JSONWriter.bytes(line))
        }
        for (key, record) in records { lines.append(JSONWriter.bytes(recordLine(key, record))) }
        for name in (object["done"]?.arrayValue ?? []).compactMap(\.stringValue) {
            lines.append(JSONWriter.bytes(.object(["done": .string(name)])))
        }
        return lines
    }

    private static func pageLine(_ key: String, _ page: Page) -> JSONValue {
        .object(["page": .string(key), "total": page.total.map(JSONValue.int) ?? .null, "items": .array(page.items)])
    }

    private static func recordLine(_ key: String, _ record: JSONValue) -> JSONValue {
        .object(["record": .string(key), "value": record])
    }

    /// The line of `key`, read back and parsed.
    private func line(_ key: String) throws -> JSONObject {
        let found = state.withLock { state -> (Int32, Entry)? in
            guard state.reader >= 0, let entry = state.index[key] else { return nil }
            return (state.reader, entry)
        }
        guard let (reader, entry) = found else { throw Missing(key: key) }
        var bytes = [UInt8](repeating: 0, count: entry.length)
        var done = 0
        while done < entry.length {
            let read = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return pread(reader, base + done, entry.length - done, off_t(entry.offset) + off_t(done))
            }
            if read < 0, errno == EINTR { continue }
            guard read > 0 else { throw Missing(key: key) }
            done += read
        }
        guard let object = (try? JSONParser.parse(bytes))?.objectValue else { throw Missing(key: key) }
        return object
    }

    /// Writes one line whole (under the lock: a stop never cuts it) and notes where it is.
    private func append(_ value: JSONValue, key: String?) {
        var bytes = JSONWriter.bytes(value)
        let length = bytes.count
        bytes.append(UInt8(ascii: "\n"))
        state.withLock { state in
            guard state.journal >= 0 else { return }
            let written = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                var offset = 0
                while offset < buffer.count {
                    let written = write(state.journal, base + offset, buffer.count - offset)
                    if written < 0, errno == EINTR { continue }
                    guard written > 0 else { return offset }
                    offset += written
                }
                return offset
            }
            if written == bytes.count, let key {
                state.index[key] = Entry(offset: state.end, length: length)
            }
            state.end += Int64(written)
        }
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
