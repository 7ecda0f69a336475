import Foundation
import Networking
import Testing

@testable import GRPCServices

/// The configured `auth:` as a gRPC call's metadata: a header's name
/// lowercased, to the target's origin only (its `grpc://` form or the
/// `http://` one `--convention grpc` is given), never a query item.
@Suite struct GRPCCredentialTests {
    struct NoNetwork: HTTPClient {
        func send(_ request: Request) async throws(NetworkError) -> Response {
            throw .cannotConnect(host: request.url.host ?? "")
        }
    }

    static func fields(_ scheme: AuthScheme, base: String, target: String = "grpc://127.0.0.1:50051")
        async throws(GRPCError) -> [HTTPHeaders.Field]
    {
        let session = AuthSession(
            scheme: scheme, baseURL: URL(string: base) ?? URL(fileURLWithPath: "/"),
            reader: SecretReader(environment: ["LIB_TOKEN": "t0k"]), transport: NoNetwork(), timeout: 1)
        let connection = try GRPCConnection(
            GRPCTarget(URL(string: target) ?? URL(fileURLWithPath: "/")) ?? GRPCKeptTests.target, timeout: 1,
            session: session)
        defer { connection.close() }
        return try await connection.credentialFields()
    }

    @Test func theCredentialGoesToTheTargetsOriginAsMetadata() async throws {
        let bearer = AuthScheme.bearer(.environment("LIB_TOKEN"))
        let sent = [HTTPHeaders.Field(name: "authorization", value: "Bearer t0k")]
        #expect(try await Self.fields(bearer, base: "grpc://127.0.0.1:50051") == sent)
        #expect(try await Self.fields(bearer, base: "http://127.0.0.1:50051") == sent, "--convention grpc")
        #expect(try await Self.fields(bearer, base: "grpc://127.0.0.1:50052").isEmpty, "another origin")
        #expect(try await Self.fields(bearer, base: "grpcs://127.0.0.1:50051").isEmpty, "TLS is another origin")
        let header = AuthScheme.apiKey(name: "X-Api-Key", place: .header, value: .environment("LIB_TOKEN"))
        #expect(
            try await Self.fields(header, base: "grpc://127.0.0.1:50051")
                == [HTTPHeaders.Field(name: "x-api-key", value: "t0k")])
        let query = AuthScheme.apiKey(name: "key", place: .query, value: .environment("LIB_TOKEN"))
        #expect(try await Self.fields(query, base: "grpc://127.0.0.1:50051").isEmpty, "no query in a gRPC call")
        await #expect(throws: GRPCError.credential(.variableUnset("NOT_SET"))) {
            try await Self.fields(.bearer(.environment("NOT_SET")), base: "grpc://127.0.0.1:50051")
        }
        // For show (`:curl`): the variable, never the value.
        let shown = try await AuthStandIn.$shown.withValue(true) {
            try await Self.fields(bearer, base: "grpc://127.0.0.1:50051")
        }
        #expect(shown.first.flatMap { AuthStandIn.split($0.value) }?.variable == "LIB_TOKEN")
        #expect(!shown.contains { $0.value.contains("t0k") })
    }
}
