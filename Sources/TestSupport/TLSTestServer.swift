import Foundation
import NIOCore
import NIOPosix
import NIOSSL

/// A TLS server on 127.0.0.1 with a self-signed certificate (for
/// `localhost` and 127.0.0.1), which no system trust store trusts: a client
/// checking certificates must refuse it during the handshake.
///
/// It speaks no HTTP: its only use is to be refused. ``stop()`` closes it.
public final class TLSTestServer: Sendable {
    /// `https://127.0.0.1:<port>`.
    public let baseURL: URL
    /// The bound port.
    public let port: Int
    private let channel: any Channel

    private init(channel: any Channel, port: Int) {
        self.channel = channel
        self.port = port
        baseURL = URL(string: "https://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/")
    }

    /// Starts the server and returns once it accepts connections.
    public static func start() async throws -> TLSTestServer {
        let certificate = try NIOSSLCertificate(bytes: Array(Self.certificatePEM.utf8), format: .pem)
        let key = try NIOSSLPrivateKey(bytes: Array(Self.privateKeyPEM.utf8), format: .pem)
        let configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: [.certificate(certificate)], privateKey: .privateKey(key))
        let context = try NIOSSLContext(configuration: configuration)
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: context))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return TLSTestServer(channel: channel, port: channel.localAddress?.port ?? 0)
    }

    /// Closes the listening socket.
    public func stop() async {
        try? await channel.close()
    }

    /// Made with `openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1
    /// -nodes -days 36500 -subj /CN=localhost -addext subjectAltName=DNS:localhost,IP:127.0.0.1`.
    static let certificatePEM = """
        -----BEGIN CERTIFICATE-----
        MIIBmjCCAUGgAwIBAgIUA30JiUxJeNXg6WOkgLAccdwqnTwwCgYIKoZIzj0EAwIw
        FDESMBAGA1UEAwwJbG9jYWxob3N0MCAXDTI2MTEyMzE3NTQ0OVoYDzIxMjYxMDMw
        MTc1NDQ5WjAUMRIwEAYDVQQDDAlsb2NhbGhvc3QwWTATBgcqhkjOPQIBBggqhkjO
        PQMBBwNCAATlqfTXI9P9P9CDHJ9zcjod+42V6qCnWAdoVd9qm+VljgrFRzv9APVM
        PV5UA/ms5eeGQ0lfjP+HFyxVpkJfktdko28wbTAdBgNVHQ4EFgQUoJXDM2uEmpK5
        SQ+rp1WjO7LijV0wHwYDVR0jBBgwFoAUoJXDM2uEmpK5SQ+rp1WjO7LijV0wDwYD
        VR0TAQH/BAUwAwEB/zAaBgNVHREEEzARgglsb2NhbGhvc3SHBH8AAAEwCgYIKoZI
        zj0EAwIDRwAwRAIgEPhGyNtcp51tkdJ9H95XGOr6IHJW6i8kyioZDAmmBMoCIBY3
        99h4Sm7zOIqbV0IIPfzb1tNf+8qYysgiJR85Ozw6
        -----END CERTIFICATE-----
        """

    static let privateKeyPEM = """
        -----BEGIN PRIVATE KEY-----
        MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgHu6XPuKBBF7eVsdS
        ve5K6GWfPFr+laSGeYqxpXk0LXShRANCAATlqfTXI9P9P9CDHJ9zcjod+42V6qCn
        WAdoVd9qm+VljgrFRzv9APVMPV5UA/ms5eeGQ0lfjP+HFyxVpkJfktdk
        -----END PRIVATE KEY-----
        """
}
