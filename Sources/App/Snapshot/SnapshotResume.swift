import Foundation
import JSON
import Translations

/// A snapshot's progress, kept beside OUT as `OUT.progress` while it runs
/// and after it stops: a first line of what was asked for (the service,
/// the limit, `--max-records`, `--anonymise` and its `--keep` fields), then
/// one JSON line per answer as it arrives (a ``SnapshotLedger``).
/// `trestle snapshot OUT --resume` reads it, walks on with the same
/// settings and removes it once OUT is written whole.
struct SnapshotResume {
    /// Marks the file as a snapshot's progress, and its format's version.
    static let marker = "trestleSnapshotProgress"
    /// The format written: 2, JSON lines (1 was one object, written at the stop; still read).
    static let version = 2

    /// The service's base URL the answers came from.
    var baseURL: String
    /// Records per collection at most; `nil` for `--all`.
    var limit: Int?
    /// `--max-records`.
    var maxRecords: Int
    var anonymise: Bool
    var keep: [String]
    var ledger: SnapshotLedger
    /// The answers of the run stopped, to copy into the new file: the file itself (format 2), or its lines (format 1).
    var earlier: Earlier?

    /// Where a resumed run's earlier answers are.
    enum Earlier {
        /// `OUT.progress` of format 2, read line by line after its first.
        case journal(String)
        /// The answers of a progress file of format 1, as journal lines.
        case lines([[UInt8]])
    }

    /// `OUT.progress`.
    static func path(for output: String) -> String { output + ".progress" }

    /// The first line: the settings.
    var header: JSONValue {
        .object([
            Self.marker: .int(Self.version),
            "baseURL": .string(baseURL),
            "limit": limit.map(JSONValue.int) ?? .null,
            "maxRecords": .int(maxRecords),
            "anonymise": .bool(anonymise),
            "keep": .array(keep.map(JSONValue.string)),
        ])
    }

    /// Writes the settings and the answers an earlier run left (copied line
    /// by line, never the whole file in memory, into a new file that then
    /// takes the old one's place), then has the ledger append every answer
    /// from now on and read answers back from the file.
    func begin(at path: String) throws {
        let partial = path + ".partial"
        let output = open(partial, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard output >= 0 else { throw CocoaError(.fileWriteUnknown) }
        var failed = false
        var buffer = JSONWriter.bytes(header)
        buffer.append(UInt8(ascii: "\n"))
        var end = Int64(buffer.count)
        func flush() {
            if !writeAll(buffer, to: output) { failed = true }
            buffer.removeAll(keepingCapacity: true)
        }
        switch earlier {
        case .journal(let old)?:
            let reader = LineReader(path: old)
            _ = reader?.next()
            while let line = reader?.next() {
                end += Int64(ledger.copy(line[...], into: &buffer, at: end))
                if buffer.count >= SnapshotFile.bufferSize { flush() }
            }
        case .lines(let lines)?:
            for line in lines {
                end += Int64(ledger.copy(line[...], into: &buffer, at: end))
            }
        case nil: break
        }
        flush()
        if close(output) != 0 { failed = true }
        guard !failed, rename(partial, path) == 0 else {
            unlink(partial)
            throw CocoaError(.fileWriteUnknown)
        }
        let append = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
        let read = open(path, O_RDONLY | O_CLOEXEC)
        guard append >= 0, read >= 0 else {
            if append >= 0 { close(append) }
            if read >= 0 { close(read) }
            throw CocoaError(.fileWriteUnknown)
        }
        ledger.attach(append: append, read: read, end: end)
    }

    /// Reads the settings of `path` (its first line); the answers it holds
    /// are read by ``begin(at:)``. The error is one line naming the file.
    static func read(_ path: String) -> Result<SnapshotResume, SnapshotResumeError> {
        guard FileManager.default.fileExists(atPath: path) else {
            return .failure(SnapshotResumeError(Texts.Snapshot.noProgress(path: path)))
        }
        let first: JSONValue
        do {
            guard let reader = LineReader(path: path) else { throw CocoaError(.fileReadNoPermission) }
            first = try JSONParser.parse(reader.next() ?? [])
        } catch {
            return .failure(
                SnapshotResumeError(Texts.Snapshot.progressUnreadable(path: path, reason: "\(error)")))
        }
        let notProgress = SnapshotResumeError(
            Texts.Snapshot.progressUnreadable(path: path, reason: Texts.Snapshot.notProgress))
        guard let object = first.objectValue, let baseURL = object["baseURL"]?.stringValue else {
            return .failure(notProgress)
        }
        let earlier: Earlier
        switch object[marker]?.intValue {
        case 1?:
            guard let lines = object["ledger"].flatMap(SnapshotLedger.lines(json:)) else {
                return .failure(notProgress)
            }
            earlier = .lines(lines)
        case version?:
            earlier = .journal(path)
        default:
            return .failure(notProgress)
        }
        return .success(
            SnapshotResume(
                baseURL: baseURL, limit: object["limit"]?.intValue,
                maxRecords: object["maxRecords"]?.intValue ?? SnapshotWalker.defaultMaxRecords,
                anonymise: object["anonymise"]?.boolValue ?? false,
                keep: (object["keep"]?.arrayValue ?? []).compactMap(\.stringValue), ledger: SnapshotLedger(),
                earlier: earlier))
    }
}

/// A file's lines, one at a time (each without its newline), read through a 64 KiB buffer.
final class LineReader {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    private var ended = false

    init?(path: String) {
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
    }

    deinit { close(descriptor) }

    /// The next line, or `nil` at the end of the file (a last line without a newline counts).
    func next() -> [UInt8]? {
        while true {
            if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(buffer[start..<newline])
                start = newline + 1
                return line
            }
            if ended {
                guard start < buffer.count else { return nil }
                let line = Array(buffer[start...])
                start = buffer.count
                return line
            }
            buffer.removeFirst(start)
            start = 0
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 {
                ended = true
            } else {
                buffer.append(contentsOf: chunk[..<count])
            }
        }
    }
}

/// Why a snapshot cannot resume, in one line.
struct SnapshotResumeError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
