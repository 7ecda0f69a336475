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

    /// Writes the settings and the answers an earlier run left (at once, a
    /// rename), then has the ledger append every answer from now on.
    func begin(at path: String) throws {
        var data = JSONWriter.data(header)
        data.append(UInt8(ascii: "\n"))
        data.append(ledger.lines)
        try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
        ledger.attach(descriptor)
    }

    /// Reads `path`; the error is one line naming the file.
    static func read(_ path: String) -> Result<SnapshotResume, SnapshotResumeError> {
        let url = URL(fileURLWithPath: path)
        guard FileManager.default.fileExists(atPath: path) else {
            return .failure(SnapshotResumeError(Texts.Snapshot.noProgress(path: path)))
        }
        let lines: [ArraySlice<UInt8>]
        let first: JSONValue
        do {
            let bytes = [UInt8](try Data(contentsOf: url))
            lines = bytes.split(separator: UInt8(ascii: "\n"))
            first = try JSONParser.parse(Array(lines.first ?? []))
        } catch {
            return .failure(
                SnapshotResumeError(Texts.Snapshot.progressUnreadable(path: path, reason: "\(error)")))
        }
        let notProgress = SnapshotResumeError(
            Texts.Snapshot.progressUnreadable(path: path, reason: Texts.Snapshot.notProgress))
        guard let object = first.objectValue, let baseURL = object["baseURL"]?.stringValue else {
            return .failure(notProgress)
        }
        let ledger: SnapshotLedger
        switch object[marker]?.intValue {
        case 1?:
            guard let earlier = object["ledger"].flatMap(SnapshotLedger.init) else { return .failure(notProgress) }
            ledger = earlier
        case version?:
            ledger = SnapshotLedger()
            for line in lines.dropFirst() { ledger.load(Array(line)) }
        default:
            return .failure(notProgress)
        }
        return .success(
            SnapshotResume(
                baseURL: baseURL, limit: object["limit"]?.intValue,
                maxRecords: object["maxRecords"]?.intValue ?? SnapshotWalker.defaultMaxRecords,
                anonymise: object["anonymise"]?.boolValue ?? false,
                keep: (object["keep"]?.arrayValue ?? []).compactMap(\.stringValue), ledger: ledger))
    }
}

/// Why a snapshot cannot resume, in one line.
struct SnapshotResumeError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
