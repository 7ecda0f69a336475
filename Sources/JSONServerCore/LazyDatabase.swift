import Foundation
import JSON

/// A large data file served before it is parsed: the file stays mapped,
/// its top level is outlined in one pass (``JSONOutline``), and a record is
/// parsed only when a page shows it. ``materialise()`` parses the whole
/// file into a ``JSONDatabase`` for everything else.
public final class LazyDatabase: Sendable {
    /// Files at least this large are outlined rather than parsed whole.
    public static let threshold = 8 << 20

    /// The mapped file.
    let file: MappedFile
    /// What errors call the file, e.g. `data file /tmp/db.json`.
    public let source: String
    /// Where the elements of each array resource start.
    let collections: [String: JSONOutline.Elements]

    /// Outlines `file`; `nil` when its top level is not an object (parse it
    /// whole: that says why). Throws at the first structural error.
    public init?(file: MappedFile, source: String) throws(JSONDatabase.LoadError) {
        let outline: JSONOutline?
        do { outline = try JSONOutline.scan(file) } catch { throw .malformed(error) }
        guard let outline else { return nil }
        var collections: [String: JSONOutline.Elements] = [:]
        // As in a whole parse, a repeated name keeps its last value (a
        // singular value after an array leaves no collection).
        for member in outline.members { collections[member.name] = member.elements }
        self.file = file
        self.source = source
        self.collections = collections
    }

    /// The item at `index` of a collection whose elements are `elements`.
    func item(_ index: Int, of elements: JSONOutline.Elements) throws(JSONParseError) -> JSONValue {
        try JSONParser.parseElement(in: file.bytes, at: elements[index])
    }

    /// Parses the whole file, as a file below the threshold is parsed at start.
    public func materialise() throws(JSONDatabase.LoadError) -> JSONDatabase {
        try JSONDatabase(mappedFile: file)
    }

    /// The answer to a request the data is needed for, when the file does not parse.
    func problem(_ error: JSONDatabase.LoadError) -> EngineResponse {
        .dataFileProblem("\(source): \(error)")
    }
}
