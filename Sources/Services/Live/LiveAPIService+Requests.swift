import Foundation
import JSON
import Networking

// The requests a `LiveAPIService` sends for its records and lists, and the
// one place a record request is sent and its answer read (`send`).
extension LiveAPIService {
    /// The request for a list of `resource` in `dialect`, as its convention spells it.
    func listRequest(
        _ resource: ResourceDescriptor, _ query: ListQuery, _ dialect: ServerDialect, cursor: String? = nil
    ) throws(ServiceError) -> Request {
        let route = try route(of: resource)
        let (path, filters) = route.resolved(query.filters)
        var rest = query
        rest.filters = filters
        let convention = conventions.listing(route).speaking(dialect, about: resource)
        return ResourceEndpoint(
            baseURL: baseURL, resource: Self.trimmed(path),
            route: .listItems(convention.queryItems(rest, route: route, cursor: cursor)),
            mediaType: convention.mediaType
        ).makeRequest()
    }

    /// The convention that spells `resource`'s lists and reads its pages, in `dialect`.
    func listConvention(_ resource: ResourceDescriptor, _ dialect: ServerDialect) throws(ServiceError)
        -> any ServiceConvention
    {
        conventions.listing(try route(of: resource)).speaking(dialect, about: resource)
    }

    /// The route `resource`'s requests are spelt by: its own, or, for a
    /// collection known only by its name, json-server's at `/<name>`
    /// (``ResourceRoute/named(_:)``).
    func route(of resource: ResourceDescriptor) throws(ServiceError) -> ResourceRoute {
        if let route = resource.route { return route }
        guard ResourceEndpoint.isValidName(resource.name) else { throw invalidName(resource) }
        return .named(resource.name)
    }

    /// The collection's path without its leading `/` (`books`, `api/books`).
    static func trimmed(_ path: String) -> String {
        String(path.drop { $0 == "/" })
    }

    /// The request for one record (or the object resource) of `resource`.
    func recordRequest(_ resource: ResourceDescriptor, id: String) throws(ServiceError) -> Request {
        let route = try route(of: resource)
        if resource.isObject {
            return ResourceEndpoint(baseURL: baseURL, resource: Self.trimmed(route.path), route: .object).makeRequest()
        }
        let convention = conventions.reading(route)
        return ResourceEndpoint(
            baseURL: baseURL, resource: Self.trimmed(route.path),
            route: .address(convention.recordPath(id: id, route: route)), mediaType: convention.mediaType
        ).makeRequest()
    }

    /// Where the records of `resource` are: its documented path, or its name.
    func collectionPath(_ resource: ResourceDescriptor) throws(ServiceError) -> String {
        Self.trimmed(try route(of: resource).path)
    }

    /// Counts a collection whose answers say no total: page by page until a short page.
    func countByPages(_ resource: ResourceDescriptor, _ query: ListQuery) async throws(ServiceError) -> Int {
        var all = query
        all.page = nil
        all.limit = nil
        return try await allPages(resource, all).items.count
    }

    /// Reading every page stops after this many pages.
    static let countingPages = 200

    func invalidName(_ resource: ResourceDescriptor) -> ServiceError {
        ServiceError(.configuration, .notACollection(name: resource.name))
    }

    /// Sends one record request; a write forgets the stored validators of the
    /// collection's lists so the next look asks the server again.
    func send(
        _ resource: ResourceDescriptor, _ route: ResourceEndpoint.Route, invalidates: Bool,
        expectsRecord: Bool = true
    ) async throws(ServiceError) -> JSONValue {
        let path = try collectionPath(resource)
        let endpoint =
            conventionEndpoint(resource, route) ?? ResourceEndpoint(baseURL: baseURL, resource: path, route: route)
        do {
            let response = try await network.send(endpoint)
            if invalidates {
                await store.invalidate(under: baseURL.appendingPathComponent(path))
                for template in (resource.route?.nestedRoutes ?? [:]).values {
                    let prefix = template.components(separatedBy: "{}").first ?? template
                    await store.invalidate(under: baseURL.appendingPathComponent(Self.trimmed(prefix)))
                }
            }
            guard expectsRecord else {
                // A page that is not JSON (a proxy's or portal's "200 OK"
                // HTML) is not the service's answer: the write is not known done.
                if !response.body.isEmpty, (try? JSONParser.parse(response.body)) == nil {
                    throw NetworkError.decoding(path: "", reason: "the answer is not JSON")
                }
                return .null
            }
            if case .create = route, let url = createdLocation(response, resource) {
                return try await record(resource, id: url.absoluteString)
            }
            if response.body.isEmpty, resource.route != nil, !resource.isObject, let id = Self.changedID(route) {
                // `204 No Content` (OData without `Prefer`): the record as it is now.
                return try await record(resource, id: id)
            }
            // A write's answer is checked against the record's schema by
            // `written`, which asks for the record when the answer is less.
            let schema = Self.writes(route) ? nil : resource.schema
            if !resource.isObject {
                let route = try self.route(of: resource)
                let value = try conventions.reading(route).record(
                    from: Self.answer(response.body, url: response.url), route: route)
                try schema?.validate(value, path: "record")
                return value
            }
            return try Self.record(from: response.body, schema: schema)
        } catch let error as ServiceError {
            throw error
        } catch let error as NetworkError {
            throw hint.apply(to: error)
        } catch {
            throw hint.apply(to: NetworkError.transport("\(error)"))
        }
    }
}
