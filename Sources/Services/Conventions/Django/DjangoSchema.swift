import Foundation
import JSON

/// What a Django REST framework service's OpenAPI document
/// (drf-spectacular's, at `/api/schema/` or `/openapi.json`) says of its
/// list views: the query parameters each one's `GET` takes.
///
/// A DRF view searches only with `SearchFilter` (which adds `search`),
/// sorts only with `OrderingFilter` (`ordering`) and filters only the
/// lookups its django-filter `filterset_fields` declare (`year__gte`); any
/// other parameter it ignores without a word. drf-spectacular documents
/// exactly those, so a route's list operation says what its server applies
/// (``apply(to:url:)``). A service without a document is not read: its
/// routes claim no search (``DjangoConvention/capabilities(route:)``).
struct DjangoSchema: Sendable {
    /// The query parameters of each path's `GET`, by the path without its
    /// trailing slashes (`/api/books`), `servers` prefix included.
    var parameters: [String: [Parameter]]

    /// One query parameter: its name and description (drf-spectacular
    /// describes `SearchFilter`'s as "A search term.", whatever its name).
    struct Parameter: Sendable, Hashable {
        var name: String
        var description: String?
    }

    /// The facts key of a route's declared filters (`year__gte,publisher`).
    static let filtersFact = "django.filters"
    /// How drf-spectacular describes the parameters of DRF's `SearchFilter`
    /// and `OrderingFilter` (their `search_description`, `ordering_description`).
    static let searchDescription = "A search term."
    static let orderingDescription = "Which field to use when ordering the results."

    /// The document in `answer`, if it is an OpenAPI (or Swagger) document
    /// in JSON with paths.
    init?(_ answer: ConventionAnswer) {
        guard (200..<300).contains(answer.status), let document = answer.json,
            document["openapi"]?.stringValue != nil || document["swagger"]?.stringValue != nil,
            case .object(let paths)? = document["paths"]
        else { return nil }
        let prefixes = Self.serverPrefixes(document, answer: answer)
        var found: [String: [Parameter]] = [:]
        for (path, item) in paths {
            guard let get = item["get"] else { continue }
            let all = (item["parameters"]?.arrayValue ?? []) + (get["parameters"]?.arrayValue ?? [])
            let query = all.compactMap { Self.queryParameter($0, in: document) }
            for prefix in prefixes { found[ConventionPath.trimmingSlashes(prefix + path)] = query }
        }
        parameters = found
    }

    /// The URLs a drf-spectacular document is looked for at, given the API
    /// root: `schema/` below it (drf-spectacular's own example), then the
    /// host's `/api/schema/`, `/schema/` and `/openapi.json`; JSON asked by
    /// `format=json` (DRF's format override), as YAML is the default.
    static func candidates(root: URL) -> [URL] {
        var urls: [URL] = []
        let below = ConventionPath.url("schema/?format=json", under: root)
        for reference in [below?.absoluteString, "/api/schema/?format=json", "/schema/?format=json", "/openapi.json"] {
            guard let reference, let url = ConventionPath.resolve(reference, against: root),
                !urls.contains(url)
            else { continue }
            urls.append(url)
        }
        return urls
    }

    /// The query parameters of the list at `url`; `nil` when the document
    /// does not describe it.
    func parameters(of url: URL) -> [Parameter]? {
        parameters[ConventionPath.trimmingSlashes(url.path)]
    }

    /// `route` as the document describes the list at `url`: `search` only
    /// where the view documents a search parameter, `ordering` only where it
    /// documents one, and the filters it declares (``filtersFact``). A route
    /// the document does not describe is left as it is.
    func apply(to route: inout ResourceRoute, url: URL) {
        guard let parameters = parameters(of: url) else { return }
        let search = Self.named(parameters, "search", described: Self.searchDescription)
        let ordering = Self.named(parameters, "ordering", described: Self.orderingDescription)
        route.searchParameter = search
        route.sortParameter = ordering
        let notFilters = DjangoFilterCheck.notFilters.union([search, ordering].compactMap { $0 })
        let filters = parameters.map(\.name).filter { !notFilters.contains($0) }
        route.facts[Self.filtersFact] = filters.sorted().joined(separator: ",")
    }

    /// The operators a route's server applies, by field, as its declared
    /// filters say (`year__gte` → `year: >=`); `nil` when no document said.
    static func declaredFilters(of route: ResourceRoute) -> [String: Set<ListQuery.Filter.Operator>]? {
        guard let names = route.facts[filtersFact] else { return nil }
        var result: [String: Set<ListQuery.Filter.Operator>] = [:]
        for name in names.split(separator: ",").map(String.init) {
            let (field, op) = filter(named: name)
            result[field, default: []].insert(op)
        }
        return result
    }

    /// The field and operator of a django-filter parameter (`year__gte` →
    /// `year`, `>=`; `publisher` → `publisher`, `=`; `publisher__name` is a
    /// field of its own).
    static func filter(named name: String) -> (field: String, op: ListQuery.Filter.Operator) {
        guard let range = name.range(of: "__", options: .backwards) else { return (name, .equal) }
        let field = String(name[..<range.lowerBound])
        switch name[range.upperBound...] {
        case "exact": return (field, .equal)
        case "ne": return (field, .notEqual)
        case "lt": return (field, .less)
        case "lte": return (field, .lessOrEqual)
        case "gt": return (field, .greater)
        case "gte": return (field, .greaterOrEqual)
        case "icontains": return (field, .contains)
        case "in": return (field, .oneOf)
        default: return (name, .equal)
        }
    }

    /// The parameter called `name`, else the one described as `description`.
    private static func named(_ parameters: [Parameter], _ name: String, described description: String) -> String? {
        if parameters.contains(where: { $0.name == name }) { return name }
        return parameters.first { $0.description == description }?.name
    }

    /// A query parameter, through a `$ref` to `#/components/parameters/…`.
    private static func queryParameter(_ value: JSONValue, in document: JSONValue) -> Parameter? {
        var parameter = value
        if let reference = value["$ref"]?.stringValue, reference.hasPrefix("#/") {
            var target: JSONValue? = document
            for key in reference.dropFirst(2).split(separator: "/") { target = target?[String(key)] }
            guard let target else { return nil }
            parameter = target
        }
        guard parameter["in"]?.stringValue == "query", let name = parameter["name"]?.stringValue else { return nil }
        return Parameter(name: name, description: parameter["description"]?.stringValue)
    }

    /// The path prefixes the document's paths are under: its `servers`'
    /// paths (resolved against the document's URL), else none (`""`);
    /// Swagger's `basePath`.
    private static func serverPrefixes(_ document: JSONValue, answer: ConventionAnswer) -> [String] {
        if let base = document["basePath"]?.stringValue { return [ConventionPath.trimmingSlashes(base)] }
        let servers = (document["servers"]?.arrayValue ?? []).compactMap { $0["url"]?.stringValue }
        let prefixes = servers.compactMap { server in
            ConventionPath.resolve(server, against: answer.url).map { ConventionPath.trimmingSlashes($0.path) }
        }
        return prefixes.isEmpty ? [""] : Array(Set(prefixes)).sorted()
    }
}
