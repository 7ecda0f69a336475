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
    static let format = 2

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
        guard let firstData = try? encoder.encode(first), let wholeData = try? encoder.encode(description) else {
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
