import Foundation

/// Where a service wants its secret: `Authorization: Bearer …` (the
/// default), a named header (`X-API-Key: …`) or a named query parameter
/// (`?api_key=…`), as its OpenAPI document's security scheme says.
public enum CredentialPlacement: Sendable, Equatable, Codable {
    case bearer
    case header(String)
    case query(String)
}

/// Sends a fixed secret where the service's description says (bearer by default).
public struct PlacedCredentialMiddleware: Middleware {
    private let token: String
    private let placement: CredentialPlacement

    public init(token: String, placement: CredentialPlacement = .bearer) {
        self.token = token
        self.placement = placement
    }

    public func prepare(_ request: Request) async throws(NetworkError) -> Request {
        guard !token.isEmpty else { return request }
        // Prepared for `:curl`: the variable's name, never the token.
        let shown = AuthStandIn.shown
        let variable = "$" + TokenSource.environmentKey
        switch placement {
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
