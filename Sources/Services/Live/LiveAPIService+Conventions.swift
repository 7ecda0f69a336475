import Foundation
import JSON
import Networking

/// Requests spelt and answers read by the convention of a resource's route
/// (`ResourceRoute.convention`, looked up in ``LiveAPIService/conventions``).
extension LiveAPIService {
    /// The endpoint of a write to a collection with a route, as its
    /// convention spells it; `nil` for object resources.
    func conventionEndpoint(_ resource: ResourceDescriptor, _ route: ResourceEndpoint.Route) -> ResourceEndpoint? {
        guard !resource.isObject, let described = try? self.route(of: resource) else { return nil }
        let write: ConventionWrite
        switch route {
        case .create(let fields): write = .create(fields)
        case .update(let id, let fields): write = .update(id: id, fields)
        case .replace(let id, let fields): write = .replace(id: id, fields)
        case .delete(let id): write = .delete(id: id)
        default: return nil
        }
        let convention = conventions.reading(described)
        return ResourceEndpoint(
            baseURL: baseURL, resource: Self.trimmed(described.path),
            route: .send(convention.write(write, route: described)), mediaType: convention.mediaType)
    }

    /// Whether `route` writes a record that its answer may stand for.
    static func writes(_ route: ResourceEndpoint.Route) -> Bool {
        switch route {
        case .create, .update, .replace, .updateObject: true
        default: false
        }
    }

    /// The id of the record an update or replace changed.
    static func changedID(_ route: ResourceEndpoint.Route) -> String? {
        switch route {
        case .update(let id, _), .replace(let id, _): return id
        default: return nil
        }
    }

    /// A stored or fresh answer as a convention reads it.
    static func answer(_ loaded: LoadedResource, url: URL) -> ConventionAnswer {
        var links = loaded.links
        links["next"] = loaded.nextLink
        return ConventionAnswer(url: url, links: links, totalCount: loaded.totalCount, data: loaded.body)
    }

    /// A write's answer as a convention reads it.
    static func answer(_ body: Data, url: URL) -> ConventionAnswer {
        ConventionAnswer(url: url, data: body)
    }
}
