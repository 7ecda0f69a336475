/// Authenticates every request to the service's origin by its
/// ``AuthSession`` (the config file's `auth:`), and on a 401 asks the
/// session for new credentials and sends the request once more.
///
/// Put it first: the log and the journal then see the prepared request,
/// whose credentials they redact. The second attempt after a 401 goes
/// straight to the transport; its answer replaces the 401.
public struct ServiceAuthMiddleware: Middleware {
    public let session: AuthSession
    private let transport: any HTTPClient

    public init(session: AuthSession, transport: any HTTPClient) {
        self.session = session
        self.transport = transport
    }

    public func prepare(_ request: Request) async throws(NetworkError) -> Request {
        guard session.covers(request.resolvedURL) else { return request }
        if AuthStandIn.shown { return AuthStandIn.credential(for: session.scheme).apply(to: request) }
        do {
            return try await session.credential().apply(to: request)
        } catch {
            throw .auth(error)
        }
    }

    public func process(_ result: Result<Response, NetworkError>, for request: Request) async -> Result<
        Response, NetworkError
    > {
        // A 401 from another origin, redirected to, refused no credential of ours.
        guard case .success(let response) = result, response.status == 401, response.redirectedOrigin == nil,
            session.covers(request.resolvedURL),
            let sent = await sentCredential(of: request), await session.refused(sent)
        else { return result }
        let fresh: AppliedCredential
        do {
            fresh = try await session.credential()
        } catch {
            return .failure(.auth(error))
        }
        guard fresh != sent else { return result }
        do throws(NetworkError) {
            return .success(try await transport.send(fresh.apply(to: request)))
        } catch {
            return .failure(error)
        }
    }

    /// The credential `request` went out with, as the session gave it.
    private func sentCredential(of request: Request) async -> AppliedCredential? {
        guard let current = try? await session.credential() else { return nil }
        switch current {
        case .header(let name, _):
            return request.headers[name].map { .header(name: name, value: $0) }
        case .query(let name, _):
            return request.queryItems.last { $0.name == name }?.value.map { .query(name: name, value: $0) }
        case .cookie(let pairs):
            return request.headers["Cookie"]?.hasSuffix(pairs) == true ? .cookie(pairs) : nil
        }
    }
}
