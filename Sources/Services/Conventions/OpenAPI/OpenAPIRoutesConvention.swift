import Foundation
import JSON
import Networking

/// The routes an OpenAPI (or Swagger) document describes: a
/// `ResourceRoute` per collection holds the paging words, the envelope,
/// nested routes, sort and search parameters, and the plain REST reading
/// (``ServiceConvention``'s defaults) spells and reads them.
///
/// The document is read by the `OpenAPIServices` target (which Services
/// cannot import): detection only tells that the root is a document, and
/// `discover` names nothing — the app's OpenAPI stage catalogues it.
public struct OpenAPIRoutesConvention: ServiceConvention {
    public init() {}

    public var name: ConventionName { .openAPI }
    public var displayName: String { "OpenAPI" }
    public func sourceWords(_ source: DiscoverySource) -> SourceWords { .configuration }

    /// A root that is itself an API document (`openapi: 3.x`, `swagger: 2.0`).
    public func claims(root: ConventionAnswer) -> Bool {
        guard case .object(let object)? = root.json else { return false }
        return object["openapi"]?.stringValue != nil || object["swagger"]?.stringValue != nil
    }

    public func discover(root: ConventionAnswer, fetch: @escaping ConventionFetch) async -> ConventionDiscovery? { nil }

    /// The record path the document writes (`/books/{id}` beside a list at
    /// `/books/`: no slash added), else the collection's path and the id.
    public func recordPath(id: String, route: ResourceRoute) -> String {
        guard let template = route.recordPath, !ConventionPath.isAddress(id) else {
            return ConventionPath.record(id, in: route.path)
        }
        let escaped = id.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/"])) ?? id
        return template.replacingOccurrences(of: "{}", with: escaped)
    }

    /// The document's search parameter, its sort parameter, and filters by
    /// equality (`field=value`, repeated for `in`): a document's query
    /// parameters name no operators, so `<`, `>=`, `~`… are done over the
    /// loaded rows.
    /// A filter the document does not list is not sent (a service ignores
    /// what it does not know, and would answer every record): it is applied
    /// to the loaded rows.
    public func capabilities(route: ResourceRoute) -> ListCapabilities {
        var capabilities = ListCapabilities(
            searchParameter: route.searchParameter, filterOperators: [.equal, .oneOf],
            sorts: route.sortParameter != nil)
        if let names = route.facts[Self.filtersFact] {
            var declared: [String: Set<ListQuery.Filter.Operator>] = [:]
            for name in names.split(separator: ",") { declared[String(name)] = [.equal, .oneOf] }
            capabilities.declaredFilters = declared
        }
        return capabilities
    }

    /// The route's fact naming the filter parameters its document lists (`a,b`).
    public static let filtersFact = "openapi.filters"
}

extension ConventionName {
    /// Routes read from an OpenAPI (or Swagger) document.
    public static let openAPI = ConventionName("openapi")
}
