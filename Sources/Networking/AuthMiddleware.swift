/// Supplies the bearer token for a request, or `nil` for none.
public protocol TokenProvider: Sendable {
    /// The current token; throwing stops the request with that error.
    func token() async throws(NetworkError) -> String?
}

/// Adds `Authorization: Bearer <token>` to every request that has no
/// `Authorization` header yet.
public struct AuthMiddleware: Middleware {
    private let provider: any TokenProvider

    /// Uses `provider` for each request, so a refreshed token takes effect at once.
    public init(provider: any TokenProvider) {
        self.provider = provider
    }

    /// Uses a fixed token; `nil` sends no header.
    public init(token: String?) {
        provider = FixedToken(value: token)
    }

    public func prepare(_ request: Request) async throws(NetworkError) -> Request {
        guard !request.headers.contains("Authorization"),
            let token = try await provider.token(), !token.isEmpty
        else { return request }
        return request |> withBearer(token)
    }
}

/// A ``TokenProvider`` that always answers the same token.
public struct FixedToken: TokenProvider {
    /// The token, or `nil` for none.
    public let value: String?

    /// Creates a provider of `value`.
    public init(value: String?) {
        self.value = value
    }

    public func token() async throws(NetworkError) -> String? { value }
}
