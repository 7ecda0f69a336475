import Foundation
import Networking
import OpenAPIKit
import Services

/// What Trestle takes from a service's OpenAPI document: its resources,
/// where the document came from, and the auth schemes it asks for.
public struct OpenAPIDescription: Sendable, Codable {
    /// The document's collections as descriptors; the catalog's source
    /// names the document (`openapi.json`, `api.yaml`).
    public var catalog: ResourceCatalog
    /// The security schemes, in the document's words (`bearer`, `API key X-Key in header`).
    public var authSchemes: [String]
    /// Where the first scheme Trestle can serve wants the secret (bearer,
    /// an API key in a header or the query); `nil` when none is documented.
    public var credential: CredentialPlacement?
    /// What was left out of the document, a line each (a path with a `..`
    /// segment, never asked): for the log, the first for the status line.
    public var warnings: [String]
    /// The document's operations that are not collection reads (`POST /books/{id}/checkout`).
    public var operations = OperationCatalog()
    /// Whether this description was kept from an earlier start rather than
    /// read from the document now (``CatalogDigests``).
    public var isKept = false

    public init(
        catalog: ResourceCatalog, authSchemes: [String], credential: CredentialPlacement? = nil,
        warnings: [String] = []
    ) {
        self.catalog = catalog
        self.authSchemes = authSchemes
        self.credential = credential
        self.warnings = warnings
    }

    /// Reads `data` (a document from `location`, JSON or YAML) into a
    /// description, in slices (unless `sliced` is false), telling
    /// `observer` how far it has come and its first collections as soon as
    /// they are catalogued. Cancelling the task stops it between two slices
    /// (a problem that ``OpenAPIProblem/isStopped``).
    /// - Parameter base: the base URL the paths are asked under (``PathPlacement``);
    ///   `nil`: the paths are below the base URL as written.
    public static func read(
        _ data: Data, location: String, observer: OpenAPIReadObserver = .init(), sliced: Bool = true,
        base: URL? = nil
    ) throws(OpenAPIProblem) -> OpenAPIDescription {
        var catalog: SlicedCatalog?
        let (whole, order) = try OpenAPIDocumentReader.readOrdered(data, source: location, sliced: sliced) {
            order in
            OpenAPIDocumentReader.SliceObserver(
                firstCount: observer.firstCount, sliceSize: observer.sliceSize, progress: observer.progress,
                slice: { (part: OpenAPI.Document, firstOfMore: Bool) throws(OpenAPIProblem) in
                    var next = catalog.take() ?? SlicedCatalog(location: location, order: order, base: base)
                    try next.add(part)
                    // The first collections, when more paths are to come.
                    if firstOfMore {
                        let first = next.description()
                        if !first.catalog.resources.isEmpty { observer.firstCollections(first) }
                    }
                    catalog = next
                })
        }
        if let whole { return try describe(whole, order: order, location: location, base: base) }
        guard let catalog else {
            throw OpenAPIProblem(source: location, pointer: "#", reason: "the document holds nothing to read")
        }
        return catalog.description()
    }

    /// The description of a decoded document.
    static func describe(_ document: OpenAPI.Document, order: KeyOrder, location: String, base: URL? = nil)
        throws(OpenAPIProblem) -> OpenAPIDescription
    {
        var builder = OpenAPICatalogBuilder(document: document, source: location, order: order)
        builder.placement = PathPlacement(document, location: location, base: base)
        let (resources, skipped) = try builder.catalog()
        var description = OpenAPIDescription(
            catalog: ResourceCatalog(resources, source: sourceName(location)),
            authSchemes: authSchemes(document.components), credential: credential(document.components),
            warnings: skipped)
        description.operations = OperationCatalogBuilder(builder: builder).catalog(besides: resources)
        return description
    }

    static func credential(_ components: OpenAPI.Components) -> CredentialPlacement? {
        for (_, either) in components.securitySchemes {
            guard let scheme = components[either] else { continue }
            switch scheme.type {
            case .http(let kind, _) where kind.lowercased() == "bearer": return .bearer
            case .apiKey(let name, .header): return .header(name)
            case .apiKey(let name, .query): return .query(name)
            default: continue
            }
        }
        return nil
    }

    /// `http://host/v3/api-docs` → `v3/api-docs`; `/tmp/api.yaml` → `api.yaml`.
    public static func sourceName(_ location: String) -> String {
        if let url = URL(string: location), url.scheme != nil, url.host != nil {
            return String(url.path.drop { $0 == "/" })
        }
        if location.hasPrefix("/") && !FileManager.default.fileExists(atPath: location) {
            return String(location.drop { $0 == "/" })
        }
        return URL(fileURLWithPath: location).lastPathComponent
    }

    static func authSchemes(_ components: OpenAPI.Components) -> [String] {
        components.securitySchemes.compactMap { name, either in
            guard let scheme = components[either] else { return nil }
            let name = name.rawValue
            switch scheme.type {
            case .http(let kind, _) where kind.lowercased() == "bearer": return "bearer token (\(name))"
            case .http(let kind, _): return "HTTP \(kind) (\(name))"
            case .apiKey(let key, let location): return "API key \(key) in \(location.rawValue) (\(name))"
            case .oauth2: return "OAuth 2 (\(name))"
            case .openIdConnect: return "OpenID Connect (\(name))"
            case .mutualTLS: return "mutual TLS (\(name))"
            }
        }
    }
}
