import Foundation
import Services

/// The descriptions digested from a service's documents, kept in its cache
/// so that the next start does not read an unchanged document again: a
/// 26 MB document took over a second to its first collections and far more
/// to the whole catalogue, every start.
///
/// A digest is found by the service, the document's location and its
/// fingerprint: the document's bytes hashed (``DocumentHash``), its size,
/// the base URL its paths are placed under and ``format`` (the reader's
/// version: a digest made by another reader is not used). On a hit the
/// description of the first collections is decoded and told first (it is
/// small), then the whole one; on a miss the document is read as always and
/// its description kept behind the reading.
public struct CatalogDigests: Sendable {
    let storage: any StorageService
    /// The service's key in the cache (its environment and base URL).
    let service: String
    /// Hears each description kept: its location, collections and bytes (for the log).
    let onKept: @Sendable (_ location: String, _ collections: Int, _ bytes: Int) -> Void

    /// Bumped whenever what the reader makes of a document changes, so that
    /// digests made by an older reader are read again.
    static let format = 3

    public init(
        storage: any StorageService, service: String,
        onKept: @escaping @Sendable (_ location: String, _ collections: Int, _ bytes: Int) -> Void = { _, _, _ in }
    ) {
        self.storage = storage
        self.service = service
        self.onKept = onKept
    }

    /// What identifies the document in `data` as read under `base`.
    public static func fingerprint(_ data: Data, base: URL?) -> String {
        "\(format):\(String(DocumentHash.of(data), radix: 16)):\(data.count):\(base?.absoluteString ?? "")"
    }

    /// A part of the description kept for the document, if any.
    func kept(_ part: CatalogPart, location: String, fingerprint: String) async -> OpenAPIDescription? {
        guard
            let data = await storage.keptCatalog(
                part, forService: service, location: location, fingerprint: fingerprint)
        else { return nil }
        var description = try? JSONDecoder().decode(OpenAPIDescription.self, from: data)
        description?.isKept = true
        return description
    }

    /// Keeps `description` (and the first `firstCount` collections of it,
    /// read first on the next start) for the document.
    func keep(_ description: OpenAPIDescription, firstCount: Int, location: String, fingerprint: String) async {
        var first = description
        first.catalog.resources = Array(description.catalog.resources.prefix(firstCount))
        first.operations = OperationCatalog()
        let encoder = JSONEncoder()
        guard let firstData = try? encoder.encode(first), let wholeData = try? Self.encoded(description) else {
            return
        }
        await storage.keepCatalog(
            KeptCatalog(fingerprint: fingerprint, first: firstData, whole: wholeData), forService: service,
            location: location)
        onKept(location, description.catalog.resources.count, firstData.count + wholeData.count)
    }
}

/// A fast 64-bit hash of a document's bytes, eight at a time: a cache key,
/// not a defence (the cache is the user's own). Any change of one word
/// changes the hash (each step is a bijection of the state).
extension CatalogDigests {
    /// `description` as `JSONEncoder` writes it, its collections and
    /// operations encoded `chunk` at a time: the encoder holds a tree of
    /// all it encodes until it writes the text, and the catalogue of a 26 MB
    /// document encoded whole took about 180 MiB more than its text (debug
    /// build), after the reading. `JSONDecoder` reads it back as one value.
    static func encoded(_ description: OpenAPIDescription, chunk: Int = 256) throws -> Data {
        let encoder = JSONEncoder()
        var shell = description
        shell.catalog.resources = []
        shell.operations = OperationCatalog()
        var text = try encoder.encode(shell)
        // Keys are written with their quotes unescaped only as keys, and
        // these two empty lists are the only ones of these names in the shell.
        try splice(description.operations.operations, at: #""operations":[]"#, into: &text, encoder, chunk)
        try splice(description.catalog.resources, at: #""resources":[]"#, into: &text, encoder, chunk)
        return text
    }

    /// Writes `items` into the empty list `marker` of `text`, `chunk` at a time.
    private static func splice<Item: Encodable>(
        _ items: [Item], at marker: String, into text: inout Data, _ encoder: JSONEncoder, _ chunk: Int
    ) throws {
        guard !items.isEmpty, let found = text.range(of: Data(marker.utf8)) else { return }
        var list = Data(marker.dropLast().utf8)
        for start in stride(from: 0, to: items.count, by: max(1, chunk)) {
            let part = try encoder.encode(Array(items[start..<min(items.count, start + max(1, chunk))]))
            if start > 0 { list.append(UInt8(ascii: ",")) }
            list.append(part.dropFirst().dropLast())
        }
        list.append(UInt8(ascii: "]"))
        text.replaceSubrange(found, with: list)
    }
}

enum DocumentHash {
    static func of(_ data: Data) -> UInt64 {
        var state: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(data.count)
        let prime: UInt64 = 0x0000_0100_0000_01b3
        data.withUnsafeBytes { raw in
            let count = raw.count
            var offset = 0
            while offset + 8 <= count {
                state = (state ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* prime
                state ^= state >> 29
                offset += 8
            }
            while offset < count {
                state = (state ^ UInt64(raw[offset])) &* prime
                offset += 1
            }
        }
        return state
    }
}
