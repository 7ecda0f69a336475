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

    /// A root that is itself an API document (`openapi: 3.x`, `swagger: 2.0`).
    public func claims(root: ConventionAnswer) -> Bool {
        guard case .object(let object)? = root.json else { return false }
        return object["openapi"]?.stringValue != nil || object["swagger"]?.stringValue != nil
    }

    public func discover(root: ConventionAnswer, fetch: @escaping ConventionFetch) async -> ConventionDiscovery? { nil }

    /// The document's search parameter, its sort parameter, and filters by
    /// equality (`field=value`, repeated for `in`): a document's query
    /// parameters name no operators, so `<`, `>=`, `~`… are done over the
    /// loaded rows.
    public func capabilities(route: ResourceRoute) -> ListCapabilities {
        ListCapabilities(
            searchParameter: route.searchParameter, filterOperators: [.equal, .oneOf],
            sorts: route.sortParameter != nil)
    }
}
