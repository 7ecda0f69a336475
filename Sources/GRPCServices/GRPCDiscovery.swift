import Foundation
import JSON
import Networking
import Services

/// Finds a gRPC service at a `grpc://` or `grpcs://` base URL through server
/// reflection (``GRPCReflection``): its services, their methods and the
/// files that define their messages, made into a ``GRPCCatalog``.
public enum GRPCDiscovery {
    /// What was found: where the service is and what it holds.
    public struct Found: Sendable, Hashable {
        public var target: GRPCTarget
        public var catalog: GRPCCatalog
        /// What reflection told, in the form kept in the cache for a start
        /// offline (``GRPCKeptReflection``); empty when not made.
        public var kept: Data

        public init(target: GRPCTarget, catalog: GRPCCatalog, kept: Data = Data()) {
            self.target = target
            self.catalog = catalog
            self.kept = kept
        }
    }

    /// Seconds each reflection call may take.
    public static let timeout: Double = 5

    /// The service at `target`, or why there is none; `session`: the
    /// configured credential, sent with every reflection call.
    public static func discover(_ target: GRPCTarget, session: AuthSession? = nil) async throws(GRPCError) -> Found {
        let connection = try GRPCConnection(target, timeout: timeout, session: session)
        defer { connection.close() }
        let reflected = try await GRPCReflection(connection: connection).reflect()
        let kept = GRPCKeptReflection(
            services: reflected.services, files: reflected.files, reflection: reflected.reflection)
        return Found(target: target, catalog: kept.catalog, kept: kept.encoded() ?? Data())
    }

    /// The service as an earlier start found it (``Found/kept``), or `nil`
    /// when `kept` is not such a form.
    public static func read(_ kept: Data, target: GRPCTarget) -> Found? {
        guard let reflection = GRPCKeptReflection.decoded(kept) else { return nil }
        return Found(target: target, catalog: reflection.catalog, kept: kept)
    }
}

/// Writes a call as the `grpcurl` command that repeats it:
/// `grpcurl -plaintext -d '{"pageSize":20}' 127.0.0.1:50051 library.v1.Library/ListBooks`
/// (`-cacert FILE` for a configured CA, `-insecure` when certificates are not checked).
public enum GRPCCommand {
    /// `headers`: the metadata sent, a secret one as the shell text that
    /// finds it (`-H "authorization: Bearer $LIBRARY_TOKEN"`), as `curl`'s.
    public static func render(
        target: GRPCTarget, method: String, body: JSONValue, headers: [RequestText.Header] = []
    ) -> String {
        var words = ["grpcurl"]
        if !target.usesTLS {
            words.append("-plaintext")
        } else {
            if let caFile = target.caFile { words += ["-cacert", CurlCommand.singleQuoted(caFile)] }
            if target.insecure { words.append("-insecure") }
        }
        for header in headers {
            words.append("-H")
            if let variable = header.variable {
                words.append("\"" + CurlCommand.doubleQuotedText("\(header.name): \(header.value)") + "$\(variable)\"")
            } else {
                words.append(CurlCommand.singleQuoted("\(header.name): \(header.value)"))
            }
        }
        words += ["-d", CurlCommand.singleQuoted(String(decoding: JSONWriter.data(body), as: UTF8.self))]
        words.append(CurlCommand.singleQuoted(target.authority))
        words.append(method)
        return words.joined(separator: " ")
    }

    /// The command of a journal entry of a gRPC call (`grpc://host:port/pkg.Service/Method`),
    /// or `nil` when the entry is no gRPC call.
    public static func render(url: URL, requestBody: Data, caFile: String? = nil) -> String? {
        guard var target = GRPCTarget(url) else { return nil }
        target.caFile = caFile
        let method = url.path.hasPrefix("/") ? String(url.path.dropFirst()) : url.path
        let body = (try? JSONParser.parse(requestBody)) ?? .object(JSONObject())
        return render(target: target, method: method, body: body)
    }
}
