import Foundation
import JSON
import Services

/// The file `trestle snapshot` writes: json-server's shape (one array per
/// collection, an object per object resource) with the description first,
/// under ``SnapshotDescription/key``.
public enum SnapshotFile {
    /// The whole file's JSON: the description, then each resource that was read, in catalog order.
    public static func root(_ outcome: SnapshotWalker.Outcome, description: SnapshotDescription) -> JSONValue {
        var object = JSONObject()
        object[SnapshotDescription.key] = description.json
        for resource in outcome.resources where resource.failure == nil {
            object[resource.name] = resource.object ?? .array(resource.records)
        }
        return .object(object)
    }

    /// Writes `root` to `path` at once (a rename: a reader never sees half a file).
    public static func write(_ root: JSONValue, to path: String) throws {
        try JSONWriter.data(root, pretty: true).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// The description at the start of a data file (where ``root(_:description:)``
    /// puts it, and the engine keeps it when it saves), or `nil` when the
    /// file does not begin with one: a plain db file costs a few bytes' look.
    public static func description(in file: MappedFile) -> SnapshotDescription? {
        let bytes = file.bytes
        var index = 0
        func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return nil }
        index += 1
        skipSpace()
        let key = Array("\"\(SnapshotDescription.key)\"".utf8)
        guard bytes.count - index > key.count, Array(bytes[index..<index + key.count]) == key else { return nil }
        index += key.count
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
        index += 1
        skipSpace()
        guard let value = try? JSONParser.parseMember(in: bytes, at: index) else { return nil }
        return SnapshotDescription(json: value)
    }
}
