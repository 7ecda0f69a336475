import Foundation
import Networking

/// The todo routes of a json-server-compatible service.
public struct TodoEndpoint: Endpoint {
    public enum Route: Sendable, Equatable {
        case list(ListQuery)
        case one(id: Int)
        case patch(id: Int, TodoPatch)
    }

    public let baseURL: URL
    public let route: Route

    public init(baseURL: URL, route: Route) {
        self.baseURL = baseURL
        self.route = route
    }

    public var path: String {
        switch route {
        case .list: return "/todos"
        case .one(let id), .patch(let id, _): return "/todos/\(id)"
        }
    }

    public var method: HTTPMethod {
        switch route {
        case .list, .one: return .get
        case .patch: return .patch
        }
    }

    public var query: [URLQueryItem] {
        if case .list(let query) = route { return query.queryItems }
        return []
    }

    public var body: Data? {
        if case .patch(_, let patch) = route { return try? JSONEncoder().encode(patch) }
        return nil
    }

    public var headers: [String: String] {
        var headers = ["Accept": "application/json"]
        if body != nil { headers["Content-Type"] = "application/json; charset=utf-8" }
        return headers
    }
}
