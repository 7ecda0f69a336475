import Foundation
import JSON
import Services

/// The file `trestle snapshot` writes: json-server's shape (one array per
/// collection, an object per object resource) with the description first,
/// under ``SnapshotDescription/key``.
public enum SnapshotFile {
    /// The resources OUT holds, in catalog order: each read, once by name
    /// (a later one of the same name in the earlier one's place, as a JSON object keeps them).
    static func members(_ outcome: SnapshotWalker.Outcome) -> [(name: String, index: Int)] {
        var members: [(name: String, index: Int?)] = [(SnapshotDescription.key, nil)]
        var position: [String: Int] = [SnapshotDescription.key: 0]
        for (index, resource) in outcome.resources.enumerated() where resource.failure == nil {
            if let at = position[resource.name] {
                members[at].index = index
            } else {
                position[resource.name] = members.count
                members.append((resource.name, index))
            }
        }
        return members.compactMap { member in member.index.map { (member.name, $0) } }
    }

    /// Writes OUT to `path` as it streams the records back from the walk's
    /// ledger (never the whole snapshot in memory), each anonymised first
    /// when `anonymiser` is given: the description, then each resource that
    /// was read, in catalog order, pretty-printed as ``JSONWriter`` does. The
    /// file is written beside `path` and renamed there (a reader never sees half a file).
    static func write(
        _ outcome: SnapshotWalker.Outcome, description: SnapshotDescription, anonymiser: inout Anonymiser?,
        to path: String
    ) throws {
        let temporary = partial(path)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
        var output = Output(descriptor: descriptor)
        do {
            try write(outcome, description: description, anonymiser: &anonymiser, into: &output)
            try output.flush()
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
        guard close(descriptor) == 0, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw CocoaError(.fileWriteUnknown)
        }
    }

    private static func write(
        _ outcome: SnapshotWalker.Outcome, description: SnapshotDescription, anonymiser: inout Anonymiser?,
        into output: inout Output
    ) throws {
        output.bytes.append(UInt8(ascii: "{"))
        let members = members(outcome)
        let describedHere = members.first?.name != SnapshotDescription.key
        if describedHere { member(SnapshotDescription.key, description.json, first: true, into: &output) }
        for (position, (name, index)) in members.enumerated() {
            let resource = outcome.resources[index]
            let first = position == 0 && !describedHere
            if let object = resource.object {
                let value = anonymiser?.anonymise(object, of: resource.descriptor) ?? object
                member(name, value, first: first, into: &output)
                continue
            }
            if !first { output.bytes.append(UInt8(ascii: ",")) }
            newline(1, into: &output.bytes)
            JSONWriter.write(.string(name), pretty: true, into: &output.bytes)
            output.bytes.append(contentsOf: Array(": ".utf8))
            var written = 0
            try outcome.forEachRecord(of: resource) { record in
                output.bytes.append(UInt8(ascii: written == 0 ? "[" : ","))
                newline(2, into: &output.bytes)
                let value = anonymiser?.anonymise(record, of: resource.descriptor) ?? record
                JSONWriter.write(value, pretty: true, indent: 2, into: &output.bytes)
                written += 1
                if output.bytes.count >= bufferSize { try output.flush() }
            }
            if written == 0 {
                output.bytes.append(contentsOf: Array("[]".utf8))
            } else {
                newline(1, into: &output.bytes)
                output.bytes.append(UInt8(ascii: "]"))
            }
        }
        newline(0, into: &output.bytes)
        output.bytes.append(UInt8(ascii: "}"))
    }

    /// `"name": value` at the top level, after a comma unless `first`.
    private static func member(_ name: String, _ value: JSONValue, first: Bool, into output: inout Output) {
        if !first { output.bytes.append(UInt8(ascii: ",")) }
        newline(1, into: &output.bytes)
        JSONWriter.write(.string(name), pretty: true, into: &output.bytes)
        output.bytes.append(contentsOf: Array(": ".utf8))
        JSONWriter.write(value, pretty: true, indent: 1, into: &output.bytes)
    }

    /// Where OUT is written before it is renamed into place.
    static func partial(_ path: String) -> String { path + ".partial" }

    /// Bytes gathered before a write to the file.
    static let bufferSize = 64 * 1024

    /// A file written through a buffer.
    private struct Output {
        let descriptor: Int32
        var bytes: [UInt8] = []

        mutating func flush() throws {
            guard writeAll(bytes, to: descriptor) else { throw CocoaError(.fileWriteUnknown) }
            bytes.removeAll(keepingCapacity: true)
        }
    }

    /// A newline and `level` × 2 spaces, as ``JSONWriter`` indents.
    private static func newline(_ level: Int, into bytes: inout [UInt8]) {
        bytes.append(0x0A)
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: level * 2))
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

/// Writes all of `bytes` to `descriptor`; whether it could.
func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
    bytes.withUnsafeBytes { buffer in
        guard let base = buffer.baseAddress else { return true }
        var offset = 0
        while offset < buffer.count {
            let written = write(descriptor, base + offset, buffer.count - offset)
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }
}
