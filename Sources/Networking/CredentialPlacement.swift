import Foundation
import Synchronization

/// Where a service wants its secret: `Authorization: Bearer …` (the
/// default), a named header (`X-API-Key: …`) or a named query parameter
/// (`?api_key=…`), as its OpenAPI document's security scheme says.
public enum CredentialPlacement: Sendable, Equatable {
    case bearer
    case header(String)
    case query(String)
}

/// The placement in force, set once the service's document has been read
/// (after the network client was built).
public final class CredentialPlacementBox: Sendable {
    private let placement: Mutex<CredentialPlacement>

    public init(_ placement: CredentialPlacement = .bearer) { self.placement = Mutex(placement) }

    public var value: CredentialPlacement {
        get { placement.withLock { $0 } }
        set { placement.withLock { $0 = newValue } }
    }
}

/// Sends a fixed secret where the box says (bearer until told otherwise).
public struct PlacedCredentialMiddleware: Middleware {
    private let token: String
    private let placement: CredentialPlacementBox

    public init(token: String, placement: CredentialPlacementBox) {
        self.token = token
        self.placement = placement
    }

    public func prepare(_ request: Request) async throws(NetworkError) -> Request {
        guard !token.isEmpty else { return request }
        // Prepared for `:curl`: the variable's name, never the token.
        let shown = AuthStandIn.shown
        let variable = "$" + TokenSource.environmentKey
        switch placement.value {
        case .bearer:
            if request.headers.contains("Authorization") { return request }
            if shown { return request |> withHeader("Authorization", AuthStandIn.marked("Bearer ", variable)) }
            return request |> withBearer(token)
        case .header(let name):
            return request |> withHeader(name, shown ? AuthStandIn.marked("", variable) : token)
        case .query(let name):
            return request |> withQuery([URLQueryItem(name: name, value: shown ? variable : token)])
        }
    }
}
