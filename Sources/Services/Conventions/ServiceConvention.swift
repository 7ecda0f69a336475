import Foundation
import JSON
import Networking

/// The way a family of REST services lays out its API — json-server,
/// an OpenAPI document's routes, Django REST framework, HAL, JSON:API,
/// OData — as pure functions over URLs, headers and JSON.
///
/// A convention answers six questions: which collections a service's root
/// names (``discover(root:fetch:)``), what a list answer holds
/// (``page(from:route:)``), what a record answer holds
/// (``record(from:route:)``), where a record lives (``recordPath(id:route:)``),
/// how a list query is spelt (``queryItems(_:route:cursor:)``) and what of
/// it the server applies (``capabilities(route:)``), and how a write is sent
/// (``write(_:route:)``). Relations are data: discovery puts them in
/// each descriptor (`Relation`, `ResourceRoute.nestedRoutes`), and a page's
/// decoder leaves the fields they read in each record.
///
/// A convention is one folder under `Services/Conventions/` (its
/// ``ConventionName`` and ``DiscoverySource`` constants, its words from
/// `translations/trestle.trm`); it is known by being listed in
/// ``ConventionRegistry/builtIn``. Every method but ``name``,
/// ``displayName``, ``sourceWords(_:)``, ``claims(root:)`` and
/// ``discover(root:fetch:)`` has a default
/// (the plain REST reading of a `ResourceRoute`: JSON arrays or an envelope,
/// records at `path/<id>`, JSON bodies), so a convention writes only what
/// differs.
public protocol ServiceConvention: Sendable {
    /// How `--convention`, the config's `convention:` and the cache name it.
    var name: ConventionName { get }
    /// The name a person knows the convention by ("HAL", "Django REST"),
    /// for messages such as "HAL server cannot search".
    var displayName: String { get }
    /// Where this convention's discovery read the collections (the
    /// ``ConventionDiscovery/source`` it gave), as data the start screen's
    /// title says after "from" ("HAL links"): Modules words it.
    func sourceWords(_ source: DiscoverySource) -> SourceWords
    /// The media type asked for (`Accept`) and sent (`Content-Type`):
    /// `application/json` unless the convention has its own
    /// (`application/vnd.api+json`, `application/hal+json`).
    var mediaType: String { get }
    /// Whether the answer at a service's root (`--base-url`, maybe below the
    /// host: `…/api`) is in this convention: cheap, no requests. Detection
    /// asks every registered convention and then discovers with the first
    /// that claims it (in ``ConventionRegistry`` order).
    func claims(root: ConventionAnswer) -> Bool
    /// The collections the root names, with their routes, relations and
    /// counts where the root or one cheap request says them. `fetch` asks
    /// further URLs (`$metadata`, a collection's first page for its count);
    /// `nil` when the root, after all, holds nothing of this convention.
    func discover(root: ConventionAnswer, fetch: @escaping ConventionFetch) async -> ConventionDiscovery?
    /// The records of one list answer (attributes flattened to top-level
    /// fields, an id field set), its total and its `next`/`last` links.
    func page(from answer: ConventionAnswer, route: ResourceRoute) throws(NetworkError) -> ConventionPage
    /// One record answer, as a flat record (the same shape as a page's rows).
    func record(from answer: ConventionAnswer, route: ResourceRoute) throws(NetworkError) -> JSONValue
    /// The path of the record with `id` of the collection at `route.path`,
    /// relative to the base URL; it keeps the collection's trailing slash
    /// (`/api/books/` → `/api/books/3/`) and never holds `//`.
    func recordPath(id: String, route: ResourceRoute) -> String
    /// A list query in the convention's words: filters with operators,
    /// sort, search and paging. `cursor` asks for a page after the first
    /// of a cursor-paged route.
    func queryItems(_ query: ListQuery, route: ResourceRoute, cursor: String?) -> [URLQueryItem]
    /// What the server does with a list query on `route`: whether it
    /// searches (in which parameter), which filter operators it applies,
    /// whether it sorts. The list does the rest over the rows it loaded,
    /// and says so.
    func capabilities(route: ResourceRoute) -> ListCapabilities
    /// How a create, change or delete is sent: method, path, body, content type.
    func write(_ write: ConventionWrite, route: ResourceRoute) -> ConventionRequest
    /// The related records a list or record answer carries beside its rows
    /// (JSON:API `included`, HAL `_embedded`, OData expanded navigation
    /// properties), by the row field that points at them and its value: they
    /// name a record's parents without another request.
    func related(in answer: ConventionAnswer, route: ResourceRoute) -> [RelatedKey: JSONValue]
    /// The convention as it speaks to a service whose query dialect is
    /// `dialect` (learnt from an earlier answer, kept per service), about
    /// the collection `resource`: json-server 0.17's or 1.0's words. A
    /// convention of one dialect is itself (the default).
    func speaking(_ dialect: ServerDialect, about resource: ResourceDescriptor) -> any ServiceConvention
    /// Whether the service's dialect must be learnt (from one small page)
    /// before `query` is spelt: the dialects spell it differently and its
    /// own answer would not tell which one the service reads. `resent`: a
    /// page's answer that reveals another dialect has its request sent again
    /// in that one (a list); otherwise the query is spelt once (`:curl`).
    /// `false` for a convention of one dialect (the default).
    func learnsDialect(before query: ListQuery, resent: Bool) -> Bool
}

/// `fetch(url)`: one GET the convention asks while discovering, through the
/// live service's client (auth, journal, limits); `nil` when it failed.
public typealias ConventionFetch = @Sendable (URL) async -> ConventionAnswer?

/// The name of a convention (`hal`, `jsonapi`), as the user, the config and
/// the cache spell it.
public struct ConventionName: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    public var rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue.lowercased() }
    public init(_ rawValue: String) { self.init(rawValue: rawValue) }

    public var description: String { rawValue }
}

/// One HTTP answer as a convention reads it.
public struct ConventionAnswer: Sendable {
    /// The URL that answered (after redirects): links in it resolve against this.
    public var url: URL
    public var status: Int
    /// The `Content-Type`'s media type, lowercased, without parameters.
    public var mediaType: String?
    /// The `Link` header's targets by relation (`next`, `last`), resolved (RFC 8288).
    public var links: [String: URL]
    /// `X-Total-Count`, when sent.
    public var totalCount: Int?
    /// The body as JSON; `nil` when it is not JSON (an XML `$metadata`: read `data`).
    public var json: JSONValue?
    public var data: Data

    public init(
        url: URL, status: Int = 200, mediaType: String? = nil, links: [String: URL] = [:], totalCount: Int? = nil,
        data: Data
    ) {
        self.url = url
        self.status = status
        self.mediaType = mediaType
        self.links = links
        self.totalCount = totalCount
        self.data = data
        self.json = try? JSONParser.parse(data)
    }
}

/// What a convention found at a service's root.
public struct ConventionDiscovery: Sendable {
    public var convention: ConventionName
    /// Where the collections were read, for the start screen ("from HAL links").
    public var source: DiscoverySource
    /// The collections, in the root's order, each with its route
    /// (`route.convention` set) and relations.
    public var resources: [ResourceDescriptor]
    /// Record counts by collection name, where the root or a first page said.
    public var counts: [String: Int]
    /// Documents the service named that discovery found and did not use,
    /// each with why: the start screen and the log say it.
    public var unused: [UnusedDocument]

    public init(
        convention: ConventionName, source: DiscoverySource, resources: [ResourceDescriptor],
        counts: [String: Int] = [:], unused: [UnusedDocument] = []
    ) {
        self.convention = convention
        self.source = source
        self.resources = resources
        self.counts = counts
        self.unused = unused
    }
}

/// A document a service named (an OData `$metadata`, a schema) that
/// discovery asked for and did not use: where, and why, as data (the App
/// words it).
public struct UnusedDocument: Sendable, Hashable {
    public enum Reason: Sendable, Hashable {
        /// No answer: unreachable, timed out or cancelled.
        case unanswered
        /// Answered with a status other than 2xx.
        case status(Int)
        /// Not well-formed, or refused by the reader (a DTD, an entity):
        /// where the reader stopped.
        case malformed(line: Int, column: Int)
        /// Read, but without what the convention needs from it, named as
        /// the document spells it (`Edmx/DataServices/Schema`, `<EntityType Name>`).
        case missing(String)
    }

    public var url: URL
    public var reason: Reason

    public init(url: URL, reason: Reason) {
        self.url = url
        self.reason = reason
    }
}

/// Where a service's collections were read: the start screen says it in
/// the words of the convention that read them (``ServiceConvention/sourceWords(_:)``).
/// Each convention's folder names its own (`.halLinks`, `.oDataMetadata`).
public struct DiscoverySource: RawRepresentable, Sendable, Hashable {
    public var rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.init(rawValue: rawValue) }

    /// An OpenAPI (or Swagger) document's paths.
    public static let openAPIDocument = DiscoverySource("openAPIDocument")
    /// The config file's resources.
    public static let configuration = DiscoverySource("configuration")
}

/// One list answer, decoded.
public struct ConventionPage: Sendable {
    /// The rows: flat records (attributes at the top level), each with the
    /// route's id field.
    public var records: [JSONValue]
    /// The collection's total when the answer says it (`count`,
    /// `page.totalElements`, `meta.total`, `@odata.count`, `X-Total-Count`).
    public var total: Int?
    /// The next and last pages, resolved against the answer's URL.
    public var next: URL?
    public var last: URL?
    /// Related records the answer carries (`included`, `_embedded`), by
    /// ``RelatedKey``: they name relations without another request.
    public var related: [RelatedKey: JSONValue]
    /// The query dialect the answer's shape revealed, for a convention
    /// that has more than one (json-server's page envelope is 1.0's);
    /// `nil`: it says nothing.
    public var dialect: ServerDialect?

    public init(
        records: [JSONValue], total: Int? = nil, next: URL? = nil, last: URL? = nil,
        related: [RelatedKey: JSONValue] = [:], dialect: ServerDialect? = nil
    ) {
        self.records = records
        self.total = total
        self.next = next
        self.last = last
        self.related = related
        self.dialect = dialect
    }
}

/// A record known by its collection (or JSON:API type) and id.
public struct RecordKey: Sendable, Hashable {
    public var collection: String
    public var id: String

    public init(_ collection: String, _ id: String) {
        self.collection = collection
        self.id = id
    }
}

/// A related record as a row points at it: the row's field (`author`,
/// `_links.author.href`, `CategoryID`, the foreign key of a parent
/// relation) and the value it holds there (`9`, a relation link).
public struct RelatedKey: Sendable, Hashable {
    public var field: String
    public var value: String

    public init(_ field: String, _ value: String) {
        self.field = field
        self.value = value
    }
}

/// A write, before a convention spells it.
public enum ConventionWrite: Sendable, Equatable {
    case create(JSONObject)
    /// Change these fields (`PATCH`, or `PUT` of the whole record where the route replaces).
    case update(id: String, JSONObject)
    /// The whole record (`PUT`).
    case replace(id: String, JSONObject)
    case delete(id: String)
}

/// A request a convention spelt: relative `path` (under the base URL) or an
/// absolute URL in it, its method, body and content type.
public struct ConventionRequest: Sendable, Equatable {
    public var method: HTTPMethod
    public var path: String
    public var body: Data?
    public var contentType: String?
    /// Further header fields sent with it (`Prefer: return=representation`).
    public var headers: [String: String]

    public init(
        method: HTTPMethod, path: String, body: Data? = nil, contentType: String? = nil, headers: [String: String] = [:]
    ) {
        self.method = method
        self.path = path
        self.body = body
        self.contentType = contentType
        self.headers = headers
    }
}

/// Where a convention's discovery read the collections, as data: one of
/// the built-in conventions' places (worded by `Modules`:
/// `SourceWords.words`), or words a convention of its own gave.
public enum SourceWords: Sendable, Hashable {
    /// The config file, or a document's routes.
    case configuration
    case oDataMetadata
    case oDataServiceDocument
    case jsonAPILinks
    case halLinks
    case djangoRoot
    case databaseTables
    case listEndpoints
    /// Words the convention gave.
    case named(String)
}
