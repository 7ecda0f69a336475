import Foundation
import Networking

/// Any collection of a json-server-compatible service, by name (`/users`,
/// `/photos?albumId=3`): the generic counterpart of `TodoEndpoint`.
public struct ResourceEndpoint: Endpoint {
    public enum Route: Sendable, Equatable {
        case list(ListQuery)
    }

    public let baseURL: URL
    public let resource: String
    public let route: Route

    public init(baseURL: URL, resource: String, route: Route) {
        self.baseURL = baseURL
        self.resource = resource
        self.route = route
    }

    /// Whether `name` is a plain collection name (letters, digits, `-`, `_`).
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty
            && name.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_")
            }
    }

    public var path: String { "/\(resource)" }

    public var query: [URLQueryItem] {
        switch route {
        case .list(let query): return query.queryItems
        }
    }

    public var headers: [String: String] { ["Accept": "application/json"] }
}
