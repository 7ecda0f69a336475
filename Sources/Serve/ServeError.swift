import Foundation
import JSON
import JSONServerCore

/// Why `trestle serve` could not start; the message names the file and,
/// for bad JSON, the line and column.
public enum ServeError: Error, Sendable, CustomStringConvertible, LocalizedError {
    /// The data file could not be read.
    case unreadableData(path: String, reason: String)
    /// The data file is not a json-server database.
    case invalidData(path: String, error: JSONDatabase.LoadError)

    /// e.g. `sample-data/db.json: invalid JSON: expected ',' or '}' at line 12, column 5`.
    public var description: String {
        switch self {
        case .unreadableData(let path, let reason): return "\(path): cannot read the data file: \(reason)"
        case .invalidData(let path, let error): return "\(path): \(error)"
        }
    }

    /// The same text as `description`, for `localizedDescription`.
    public var errorDescription: String? { description }

    /// Loads and parses the database at `url`. A large file is mapped,
    /// outlined, and its large collections parsed in two halves on two
    /// threads (``LazyDatabase/materialise()``: the same data, and the same
    /// first error, as a whole parse): a million records are served about
    /// twice as soon.
    static func loadDatabase(at url: URL) throws(ServeError) -> JSONDatabase {
        if let file = MappedFile(path: url.path), file.bytes.count >= LazyDatabase.threshold {
            do {
                if let outlined = try LazyDatabase(file: file, source: url.path) { return try outlined.materialise() }
            } catch {
                throw .invalidData(path: url.path, error: error)
            }
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadableData(path: url.path, reason: FileProblem.reason(url, error))
        }
        do {
            return try JSONDatabase(data: data)
        } catch {
            throw .invalidData(path: url.path, error: error)
        }
    }
}
