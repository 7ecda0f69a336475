import Foundation
import JSON
import Translations

/// The progress a stopped snapshot keeps beside OUT, as `OUT.progress`:
/// what was asked for (the service, the limit, `--anonymise` and its
/// `--keep` fields) and the answers had so far (a ``SnapshotLedger``).
/// `trestle snapshot OUT --resume` reads it, walks on with the same
/// settings and removes it once OUT is written whole.
struct SnapshotResume {
    /// Marks the file as a snapshot's progress, and its format's version.
    static let marker = "trestleSnapshotProgress"

    /// The service's base URL the answers came from.
    var baseURL: String
    /// Records per collection at most; `nil` for `--all`.
    var limit: Int?
    var anonymise: Bool
    var keep: [String]
    var ledger: SnapshotLedger

    /// `OUT.progress`.
    static func path(for output: String) -> String { output + ".progress" }

    var json: JSONValue {
        .object([
            Self.marker: .int(1),
            "baseURL": .string(baseURL),
            "limit": limit.map(JSONValue.int) ?? .null,
            "anonymise": .bool(anonymise),
            "keep": .array(keep.map(JSONValue.string)),
            "ledger": ledger.json,
        ])
    }

    /// Writes the file at once (a rename: a reader never sees half of it).
    func write(to path: String) throws {
        try JSONWriter.data(json).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// Reads `path`; the error is one line naming the file.
    static func read(_ path: String) -> Result<SnapshotResume, SnapshotResumeError> {
        let url = URL(fileURLWithPath: path)
        guard FileManager.default.fileExists(atPath: path) else {
            return .failure(SnapshotResumeError(Texts.Snapshot.noProgress(path: path)))
        }
        let value: JSONValue
        do {
            value = try JSONParser.parse(Data(contentsOf: url))
        } catch {
            return .failure(
                SnapshotResumeError(Texts.Snapshot.progressUnreadable(path: path, reason: "\(error)")))
        }
        guard let object = value.objectValue, object[marker]?.intValue == 1,
            let baseURL = object["baseURL"]?.stringValue, let ledger = object["ledger"].flatMap(SnapshotLedger.init)
        else {
            return .failure(
                SnapshotResumeError(
                    Texts.Snapshot.progressUnreadable(path: path, reason: Texts.Snapshot.notProgress)))
        }
        return .success(
            SnapshotResume(
                baseURL: baseURL, limit: object["limit"]?.intValue,
                anonymise: object["anonymise"]?.boolValue ?? false,
                keep: (object["keep"]?.arrayValue ?? []).compactMap(\.stringValue), ledger: ledger))
    }
}

/// Why a snapshot cannot resume, in one line.
struct SnapshotResumeError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
