import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2Posix
import Networking

/// Where a gRPC service is: `grpc://host:port` (plaintext, HTTP/2 without
/// TLS) or `grpcs://host:port` (TLS, trusting the configured `caFile:` —
/// alone, the transport takes one source of roots — or the system's).
public struct GRPCTarget: Sendable, Hashable {
    public var host: String
    public var port: Int
    public var usesTLS: Bool
    public var caFile: String?
    public var insecure: Bool

    /// The target of `url`, or `nil` when it is not `grpc://` or `grpcs://`.
    public init?(_ url: URL, transport: TransportSettings = TransportSettings()) {
        guard let scheme = url.scheme?.lowercased(), scheme == "grpc" || scheme == "grpcs", let host = url.host,
            !host.isEmpty
        else { return nil }
        self.host = host
        usesTLS = scheme == "grpcs"
        port = url.port ?? (usesTLS ? 443 : 80)
        caFile = transport.caFile
        insecure = transport.insecure
    }

    /// Whether `url` names a gRPC service (`grpc://`, `grpcs://`).
    public static func isGRPC(_ url: URL) -> Bool { GRPCTarget(url) != nil }

    /// `host:port`, as grpcurl takes it.
    public var authority: String { "\(host):\(port)" }
}

/// One HTTP/2 connection to a service (grpc-swift-2's client over its NIO
/// transport), run for as long as this object lives. Calls send and take
/// messages as bytes; the codec is ours (``ProtoDecoder``, ``ProtoEncoder``).
public final class GRPCConnection: Sendable {
    public let target: GRPCTarget
    let client: GRPCClient<HTTP2ClientTransport.Posix>
    private let runner: Task<Void, Never>

    /// Seconds a call may take.
    public let timeout: Double
    /// The service's configured credential (`auth:`), sent as metadata on
    /// every call to this target (reflection too); `nil`: none.
    public let session: AuthSession?

    public init(_ target: GRPCTarget, timeout: Double = 15, session: AuthSession? = nil) throws(GRPCError) {
        self.target = target
        self.timeout = timeout
        self.session = session
        let security: HTTP2ClientTransport.Posix.TransportSecurity
        if target.usesTLS {
            security = .tls { tls in
                if let caFile = target.caFile {
                    tls.trustRoots = .certificates([.file(path: caFile, format: .pem)])
                }
                if target.insecure { tls.serverCertificateVerification = .noVerification }
            }
        } else {
            security = .plaintext
        }
        let resolvable: any ResolvableTarget =
            target.host.split(separator: ".").count == 4 && target.host.allSatisfy { $0.isNumber || $0 == "." }
            ? .ipv4(address: target.host, port: target.port) : .dns(host: target.host, port: target.port)
        let transport: HTTP2ClientTransport.Posix
        do {
            transport = try HTTP2ClientTransport.Posix(target: resolvable, transportSecurity: security)
        } catch {
            throw .unreachable(String(describing: error))
        }
        let client = GRPCClient(transport: transport)
        self.client = client
        runner = Task { try? await client.runConnections() }
    }

    deinit {
        client.beginGracefulShutdown()
    }

    /// Ends the connection once calls in flight are done.
    public func close() { client.beginGracefulShutdown() }

    /// One unary call: `request` sent to `service/method`, the answer's bytes.
    /// `credential`: the metadata of ``credentialFields()`` when asked already.
    public func unary(
        service: String, method: String, request: [UInt8], credential: [HTTPHeaders.Field]? = nil
    ) async throws(GRPCError) -> [UInt8] {
        var options = CallOptions.defaults
        options.timeout = .milliseconds(Int64(timeout * 1000))
        options.maxResponseMessageBytes = ProtoDecoder.largest
        let fields: [HTTPHeaders.Field]
        if let credential { fields = credential } else { fields = try await credentialFields() }
        let metadata = Self.metadata(fields)
        do {
            return try await client.unary(
                request: ClientRequest(message: request, metadata: metadata),
                descriptor: MethodDescriptor(fullyQualifiedService: service, method: method),
                serializer: BytesSerializer(), deserializer: BytesDeserializer(), options: options
            ) { response in try response.message }
        } catch {
            throw Self.failure(error, timeout: timeout)
        }
    }

    /// The forms the configured base URL may take for this target: its own
    /// (`grpc://host:port`, and `grpc://host` at the default port) and the
    /// `http://`/`https://` one `--convention grpc` is given.
    var origins: [URL] {
        let (own, web) = target.usesTLS ? ("grpcs", "https") : ("grpc", "http")
        var forms = ["\(own)://\(target.authority)", "\(web)://\(target.authority)"]
        if target.port == (target.usesTLS ? 443 : 80) { forms.append("\(own)://\(target.host)") }
        return forms.compactMap { URL(string: $0) }
    }

    /// The configured credential as gRPC metadata: a header's name
    /// lowercased (`authorization: Bearer …`, `x-api-key: …`), cookies as
    /// `cookie`; none when no `auth:` is configured or it covers another
    /// origin. A query-item credential has no place in a gRPC call: none.
    public func credentialFields() async throws(GRPCError) -> [HTTPHeaders.Field] {
        guard let session, origins.contains(where: { session.covers($0) }) else { return [] }
        let credential: AppliedCredential
        if AuthStandIn.shown {
            credential = AuthStandIn.credential(for: session.scheme)
        } else {
            do {
                credential = try await session.credential()
            } catch {
                throw .credential(error)
            }
        }
        switch credential {
        case .header(let name, let value): return [HTTPHeaders.Field(name: name.lowercased(), value: value)]
        case .cookie(let pairs): return [HTTPHeaders.Field(name: "cookie", value: pairs)]
        case .query: return []
        }
    }

    /// ``credentialFields()`` as grpc-swift's metadata.
    func metadata() async throws(GRPCError) -> Metadata { Self.metadata(try await credentialFields()) }

    static func metadata(_ fields: [HTTPHeaders.Field]) -> Metadata {
        var metadata = Metadata()
        for field in fields { metadata.addString(field.value, forKey: field.name) }
        return metadata
    }

    /// A failure in our words: the server's status, a timeout, or the transport's.
    static func failure(_ error: any Error, timeout: Double) -> GRPCError {
        guard let rpc = error as? RPCError else { return .unreachable(String(describing: error)) }
        switch rpc.code {
        case .deadlineExceeded: return .timedOut(timeout)
        case .unavailable: return .unreachable(rpc.message)
        default: return .status(code: Self.name(of: rpc.code), message: rpc.message)
        }
    }

    /// The HTTP status grpc-gateway answers for a status code (`NOT_FOUND` → 404),
    /// which the journal and an operation's answer show.
    public static func httpStatus(of code: String) -> Int {
        switch code {
        case "OK": 200
        case "CANCELLED": 499
        case "INVALID_ARGUMENT", "FAILED_PRECONDITION", "OUT_OF_RANGE": 400
        case "DEADLINE_EXCEEDED": 504
        case "NOT_FOUND": 404
        case "ALREADY_EXISTS", "ABORTED": 409
        case "PERMISSION_DENIED": 403
        case "UNAUTHENTICATED": 401
        case "RESOURCE_EXHAUSTED": 429
        case "UNIMPLEMENTED": 501
        case "UNAVAILABLE": 503
        default: 500
        }
    }

    /// `NOT_FOUND`, as grpcurl and the specification spell the codes.
    static func name(of code: RPCError.Code) -> String {
        switch code {
        case .cancelled: "CANCELLED"
        case .unknown: "UNKNOWN"
        case .invalidArgument: "INVALID_ARGUMENT"
        case .deadlineExceeded: "DEADLINE_EXCEEDED"
        case .notFound: "NOT_FOUND"
        case .alreadyExists: "ALREADY_EXISTS"
        case .permissionDenied: "PERMISSION_DENIED"
        case .resourceExhausted: "RESOURCE_EXHAUSTED"
        case .failedPrecondition: "FAILED_PRECONDITION"
        case .aborted: "ABORTED"
        case .outOfRange: "OUT_OF_RANGE"
        case .unimplemented: "UNIMPLEMENTED"
        case .internalError: "INTERNAL"
        case .unavailable: "UNAVAILABLE"
        case .dataLoss: "DATA_LOSS"
        case .unauthenticated: "UNAUTHENTICATED"
        default: "UNKNOWN"
        }
    }
}

/// Messages as they are: bytes in, bytes out.
struct BytesSerializer: MessageSerializer {
    func serialize<Bytes: GRPCContiguousBytes>(_ message: [UInt8]) throws -> Bytes { Bytes(message) }
}

struct BytesDeserializer: MessageDeserializer {
    func deserialize<Bytes: GRPCContiguousBytes>(_ serializedMessageBytes: Bytes) throws -> [UInt8] {
        serializedMessageBytes.withUnsafeBytes { Array($0) }
    }
}
