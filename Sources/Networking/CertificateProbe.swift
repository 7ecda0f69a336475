import Foundation
import NIOCore
import NIOPosix
import NIOSSL
import Synchronization

/// A second look at a server certificate the handshake refused without
/// saying why (BoringSSL's `CERTIFICATE_VERIFY_FAILED`): a handshake of its
/// own that reads the server's certificate and ends before any request is
/// sent, telling an expired (or not yet valid) certificate from one whose
/// authority is not trusted.
enum CertificateProbe {
    /// The dates of the certificate the server showed.
    private final class Seen: Sendable {
        let validity = Mutex<(notBefore: Int, notAfter: Int)?>(nil)
    }

    /// Why `host`:`port`'s certificate was refused, within `seconds`;
    /// ``CertificateProblem/untrusted`` when the second look learns nothing.
    static func problem(host: String, port: Int, seconds: Double) async -> CertificateProblem {
        let seen = Seen()
        guard let context = try? NIOSSLContext(configuration: .makeClientConfiguration()) else { return .untrusted }
        let serverName = host.contains(":") || host.allSatisfy({ $0.isNumber || $0 == "." }) ? nil : host
        let bootstrap = ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.milliseconds(Int64(seconds * 1000)))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let handler = try NIOSSLClientHandler(
                        context: context, serverHostname: serverName,
                        customVerificationCallback: { chain, promise in
                            if let leaf = chain.first {
                                let dates = (Int(leaf.notValidBefore), Int(leaf.notValidAfter))
                                seen.validity.withLock { $0 = dates }
                            }
                            // Refused: the handshake ends here, nothing is sent.
                            promise.succeed(.failed)
                        })
                    try channel.pipeline.syncOperations.addHandler(handler)
                }
            }
        guard let channel = try? await bootstrap.connect(host: host, port: port).get() else { return .untrusted }
        let limit = channel.eventLoop.scheduleTask(in: .milliseconds(Int64(seconds * 1000))) {
            channel.close(promise: nil)
        }
        try? await channel.closeFuture.get()
        limit.cancel()
        guard let validity = seen.validity.withLock({ $0 }) else { return .untrusted }
        let now = Int(Date().timeIntervalSince1970)
        if validity.notAfter < now { return .expired }
        if validity.notBefore > now { return .notYetValid }
        return .unknownAuthority
    }
}
