import Foundation

/// One link a root names a collection by, as discovery follows it.
public struct RootLink: Sendable, Hashable {
    /// The collection's name: the link's name in the root.
    public var name: String
    /// The link resolved against the root, its URI template expanded.
    public var url: URL
    /// Its path under the root (`/books`, `/api/books/`).
    public var path: String
}

/// A collection a linked root names, as its convention read it from its
/// first page: its name, its count where the page says it, and its
/// descriptor among the root's other collections (relations between them).
protocol LinkedCollection: Sendable {
    var name: String { get }
    var count: Int? { get }
    func descriptor(among all: [Self]) -> ResourceDescriptor
}

/// The discovery every root that names its collections by link shares —
/// HAL's `_links`, JSON:API's `links`, a Django REST root's members,
/// tastypie's `list_endpoint`s: each named link's URI template expanded
/// (RFC 6570, no values) and resolved against the root, kept when it lies
/// under the root; the first page of each (and any document the
/// convention asks beside them: schemas) asked through the bounded
/// ``fetchAll(_:inFlight:with:)``; each collection read from its first
/// page by its convention (``collections(_:)``); the resources with their
/// counts (``discovery(of:convention:source:)``). A convention supplies
/// only how its root names the links and how it reads a first page.
struct LinkedRoot {
    var links: [RootLink]
    /// Each link's first page, in the links' order (`nil`: none came).
    var firstPages: [ConventionAnswer?]
    /// The answers to the further documents asked, in their order.
    var documents: [ConventionAnswer?]

    /// Follows `named` (name and `href`, in the root's order) from the root
    /// at `root`; `nil` when none lies under it. `documents` are asked
    /// beside the first pages, through `documentFetch` when given (a
    /// document with a deadline of its own).
    static func follow(
        _ named: [(name: String, href: String)], root: URL, documents: [URL] = [],
        fetch: @escaping ConventionFetch, documentFetch: ConventionFetch? = nil
    ) async -> LinkedRoot? {
        let links = Self.links(named, root: root)
        guard !links.isEmpty else { return nil }
        let asked = Set(documents)
        let answers = await fetchAll(links.map(\.url) + documents) { url in
            if let documentFetch, asked.contains(url) { return await documentFetch(url) }
            return await fetch(url)
        }
        return LinkedRoot(
            links: links, firstPages: Array(answers.prefix(links.count)),
            documents: Array(answers.dropFirst(links.count)))
    }

    /// The links of `named` under `root`: templates expanded, resolved.
    static func links(_ named: [(name: String, href: String)], root: URL) -> [RootLink] {
        named.compactMap { name, href in
            guard let url = ConventionPath.resolve(URITemplate(href).expand(), against: root),
                let path = ConventionPath.path(of: url, under: root)
            else { return nil }
            return RootLink(name: name, url: url, path: path)
        }
    }

    /// Each link's collection as `read` reads it from its first page.
    func collections<Collection>(_ read: (RootLink, ConventionAnswer?) -> Collection) -> [Collection] {
        links.indices.map { read(links[$0], firstPages[$0]) }
    }

    /// The discovery of `collections`: each one's descriptor among the
    /// others, in the root's order, and the counts their first pages said.
    static func discovery<Collection: LinkedCollection>(
        of collections: [Collection], convention: ConventionName, source: DiscoverySource
    ) -> ConventionDiscovery {
        var counts: [String: Int] = [:]
        for collection in collections { counts[collection.name] = collection.count }
        return ConventionDiscovery(
            convention: convention, source: source, resources: collections.map { $0.descriptor(among: collections) },
            counts: counts)
    }
}
