import Foundation
import JSON
import Synchronization

/// A large data file served before it is parsed: the file stays mapped,
/// its top level is outlined in one pass (``JSONOutline``), and a record is
/// parsed only when a page shows it. ``materialise()`` parses the whole
/// file into a ``JSONDatabase`` for everything else.
public final class LazyDatabase: Sendable {
    /// Files at least this large are outlined rather than parsed whole
    /// (256 KiB: a smaller file parses in well under a millisecond). The
    /// shipped sample data (1.3 MB) is outlined: the fake's first screen
    /// then parses 30 todos, not 6,000 records.
    public static let threshold = 256 << 10

    /// The mapped file.
    let file: MappedFile
    /// What errors call the file, e.g. `data file /tmp/db.json`.
    public let source: String
    /// The top-level members in file order.
    private let members: [JSONOutline.Member]
    /// Where the elements of each array resource start.
    let collections: [String: JSONOutline.Elements]
    /// The names of the top-level members (collections, singulars, anything else).
    let names: Set<String>

    /// Outlines `file`; `nil` when its top level is not an object (parse it
    /// whole: that says why). Throws at the first structural error. Arrays
    /// of `parallelFrom` elements or more are materialised on two threads.
    public init?(file: MappedFile, source: String, parallelFrom: Int = 20_000) throws(JSONDatabase.LoadError) {
        let outline: JSONOutline?
        do { outline = try JSONOutline.scan(file) } catch { throw .malformed(error) }
        guard let outline else { return nil }
        var collections: [String: JSONOutline.Elements] = [:]
        // As in a whole parse, a repeated name keeps its last value (a
        // singular value after an array leaves no collection).
        for member in outline.members where member.name != JSONDatabase.descriptionKey {
            collections[member.name] = member.elements
        }
        self.file = file
        self.source = source
        self.members = outline.members
        self.parallelFrom = parallelFrom
        self.collections = collections
        self.names = Set(outline.members.map(\.name)).subtracting([JSONDatabase.descriptionKey])
    }

    /// The item at `index` of a collection whose elements are `elements`.
    func item(_ index: Int, of elements: JSONOutline.Elements) throws(JSONParseError) -> JSONValue {
        try JSONParser.parseElement(in: file.bytes, at: elements[index])
    }

    /// Parses the whole file into what a whole parse gives (the same data,
    /// the same first error), a large array on two threads.
    public func materialise() throws(JSONDatabase.LoadError) -> JSONDatabase {
        var resources: [(String, JSONValue)] = []
        do {
            for member in members {
                if let elements = member.elements {
                    resources.append((member.name, .array(try parse(elements))))
                } else {
                    resources.append(
                        (member.name, try JSONParser.parseMember(in: file.bytes, at: member.range.lowerBound)))
                }
            }
        } catch {
            throw .malformed(error)
        }
        return JSONDatabase(collections: resources)
    }

    /// The search index and columns of the array whose elements are
    /// `elements`, built from the file without keeping the records: each is
    /// parsed, its texts and scalar fields taken, and dropped, so only the
    /// index (about 70 bytes a todo) and the columns (4 bytes a field and 8
    /// an id) stay. A large array is indexed in two halves on two threads.
    /// Throws the first error in file order, as a whole parse would.
    func index(of elements: JSONOutline.Elements) throws(JSONParseError) -> OutlineIndex {
        let halves = try inHalves(elements, niceness: .index) { [self] positions throws(JSONParseError) in
            var search = SearchIndex.Builder(expectedCount: positions.count)
            var columns = RecordColumns.Builder(expectedCount: positions.count)
            let start = positions.isEmpty ? 0 : elements[positions.lowerBound]
            try JSONParser.forEachElement(
                in: file.bytes, at: elements, positions, releaseBehind: { [file] in file.releasePages(in: start..<$0) }
            ) { record in
                search.append(record)
                columns.append(record)
            }
            return (search, columns)
        }
        return OutlineIndex(
            search: SearchIndex(joining: halves.map(\.0)), columns: RecordColumns(joining: halves.map(\.1)))
    }

    /// Arrays at least this long are parsed in two halves at once.
    private let parallelFrom: Int

    /// The elements of one array; the first half's error, being earlier in
    /// the file, wins over the second's.
    private func parse(_ elements: JSONOutline.Elements) throws(JSONParseError) -> [JSONValue] {
        try inHalves(elements, niceness: .parse) { [self] positions throws(JSONParseError) in
            try parse(elements, positions)
        }.flatMap { $0 }
    }

    /// `work` over all of `elements`' positions, or, for a large array, over
    /// its two halves at once (the second on a thread of its own at
    /// `niceness`); the first half's error, being earlier in the file, wins
    /// over the second's.
    private func inHalves<Part: Sendable>(
        _ elements: JSONOutline.Elements, niceness: BackgroundThread.Niceness,
        _ work: @escaping @Sendable (Range<Int>) throws(JSONParseError) -> Part
    ) throws(JSONParseError) -> [Part] {
        guard elements.count >= parallelFrom else { return [try work(0..<elements.count)] }
        let middle = elements.count / 2
        let second = ParallelPart<Part>()
        BackgroundThread.start(niceness) {
            second.finish(Result { () throws(JSONParseError) in try work(middle..<elements.count) })
        }
        let first = Result { () throws(JSONParseError) in try work(0..<middle) }
        let rest = Result { () throws(JSONParseError) in try second.wait() }  // waited for even when the first failed
        return [try first.get(), try rest.get()]
    }

    /// Parses `positions`, releasing the file's pages behind as it goes.
    private func parse(_ elements: JSONOutline.Elements, _ positions: Range<Int>) throws(JSONParseError)
        -> [JSONValue]
    {
        let start = positions.isEmpty ? 0 : elements[positions.lowerBound]
        return try JSONParser.parseElements(in: file.bytes, at: elements, positions) { [file] reached in
            file.releasePages(in: start..<reached)
        }
    }

    /// The answer to give instead of reading the file when it was changed
    /// in place since it was outlined (its offsets no longer hold, and a
    /// page past a new end would crash the reader); `nil` when it was not.
    var changedOnDisk: EngineResponse? {
        guard file.isModifiedInPlace else { return nil }
        return .dataFileProblem("\(source): changed on disk since it was opened; restart to read it again")
    }

    /// The answer to a request the data is needed for, when the file does not parse.
    func problem(_ error: JSONDatabase.LoadError) -> EngineResponse {
        .dataFileProblem("\(source): \(error)")
    }
}

/// The result of work on another thread, waited for once.
private final class ParallelPart<Part: Sendable>: Sendable {
    /// Written once, before `done` is signalled.
    private let result = Mutex<Result<Part, JSONParseError>?>(nil)
    private let done = DispatchSemaphore(value: 0)

    func finish(_ result: Result<Part, JSONParseError>) {
        self.result.withLock { $0 = result }
        done.signal()
    }

    func wait() throws(JSONParseError) -> Part {
        done.wait()
        guard let result = result.withLock({ $0 }) else { preconditionFailure("signalled without a result") }
        return try result.get()
    }
}
