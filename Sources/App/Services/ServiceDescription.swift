import GRPCServices
import GraphQLServices
import Networking
import OpenAPIServices

/// What discovery found about how to talk to the service — today from its
/// OpenAPI document — as a value the services are built from
/// (``ServiceBuilder/build(storage:logger:journal:description:)``, and
/// ``ServiceBuilder/rebuild(_:for:logger:)`` once it is in): nothing is
/// attached to services already built.
public struct ServiceDescription: Sendable, Equatable {
    /// The auth schemes the service asks for, said on a 401 or 403 (`bearer token (HTTPBearer)`).
    public var authSchemes: [String]
    /// Where the secret (`TRESTLE_TOKEN`) goes; `nil`: bearer (production only).
    public var credential: CredentialPlacement?
    /// A GraphQL endpoint and its schema: the services speak GraphQL
    /// (``GraphQLAPIService``) instead of REST.
    public var graphQL: GraphQLDiscovery.Found?
    /// A gRPC service and its reflected catalog: the services speak gRPC
    /// (``GRPCAPIService``) instead of REST.
    public var grpc: GRPCDiscovery.Found?

    public init(authSchemes: [String] = [], credential: CredentialPlacement? = nil) {
        self.authSchemes = authSchemes
        self.credential = credential
    }

    /// What `document` says of its auth; nothing without one.
    public init(_ document: OpenAPIDescription?) {
        self.init(authSchemes: document?.authSchemes ?? [], credential: document?.credential)
    }

    /// Whether it says anything the services are built differently for.
    public var isEmpty: Bool { authSchemes.isEmpty && credential == nil && graphQL == nil && grpc == nil }
}
