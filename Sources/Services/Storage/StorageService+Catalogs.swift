import Foundation

/// Which part of a kept catalog to read: the description of its first
/// collections (small, read first) or the whole of it.
public enum CatalogPart: String, Sendable {
    case first
    case whole
}

/// A catalog digested from a service's API document, kept for the next
/// start so that a large document is not read again while it is unchanged
/// (table `catalog`, keyed by the service's cache namespace and the
/// document's location; `fingerprint` says which document it was made from
/// and by which reader). What the parts hold is the reader's business.
public struct KeptCatalog: Sendable {
    public var fingerprint: String
    public var first: Data
    public var whole: Data

    public init(fingerprint: String, first: Data, whole: Data) {
        self.fingerprint = fingerprint
        self.first = first
        self.whole = whole
    }

    /// The most catalogs the cache keeps (the least recently written go first).
    public static let limit = 16
    /// A catalog larger than this is not kept (its document is read each start).
    public static let maxBytes = 64 << 20
}

/// A storage that keeps no catalog answers `nil`, and each start reads the document.
extension StorageService {
    public func keptCatalog(_ part: CatalogPart, forService service: String, location: String, fingerprint: String)
        async -> Data?
    { nil }

    public func keepCatalog(_ catalog: KeptCatalog, forService service: String, location: String) async {}
}
