import AsyncHTTPClient
import Foundation
import NIOSSL
import Synchronization

/// A file or secret of a service's ``TransportSettings`` that could not be
/// used; no case carries a key or a password.
public enum TransportSetupFailure: Error, Sendable, Hashable {
    /// Which of the settings' files.
    public enum File: Sendable, Hashable {
        /// `caFile:`.
        case authorities
        /// `clientCertificate.cert`.
        case certificate
        /// `clientCertificate.key`.
        case key
    }

    /// The file could not be read (missing, a folder, larger than
    /// ``TransportSetup/largestFile``); `reason` is the system's.
    case unreadable(File, path: String, reason: String)
    /// The file (or the helper's answer) holds no PEM of its kind.
    case notPEM(File, path: String)
    /// The key file may be read by others (`mode`, e.g. 0o644): refused.
    case keyInsecure(path: String, mode: Int)
}

/// The service's TLS configuration and proxies, with every file read and
/// every secret had: made once, on the first request.
struct ResolvedTransport: Sendable {
    /// The TLS of requests to the service's own origin; `nil`: the system's defaults.
    var serviceTLS: TLSConfiguration?
    /// Each configured proxy with its credentials.
    var proxies: [ProxyServer: AsyncHTTPClient.HTTPClient.Configuration.Proxy]
}

/// Reads a service's ``TransportSettings`` into a ``ResolvedTransport``.
enum TransportSetup {
    /// The largest PEM file read (1 MiB: a bundle of every public root is 220 KB).
    static let largestFile = 1024 * 1024

    static func resolve(_ settings: TransportSettings, reader: SecretReader) async throws(NetworkError)
        -> ResolvedTransport
    {
        var resolved = ResolvedTransport(serviceTLS: nil, proxies: [:])
        for proxy in [settings.httpProxy, settings.httpsProxy].compactMap({ $0 }) where resolved.proxies[proxy] == nil {
            resolved.proxies[proxy] = try await configured(proxy, reader: reader)
        }
        guard settings.customizesTLS else { return resolved }
        var tls = TLSConfiguration.makeClientConfiguration()
        if let caFile = settings.caFile {
            let authorities = try certificates(in: caFile, file: .authorities)
            if settings.caOnly {
                tls.trustRoots = .certificates(authorities)
            } else {
                tls.additionalTrustRoots = [.certificates(authorities)]
            }
        }
        if let client = settings.clientCertificate {
            let chain = try certificates(in: client.certificateFile, file: .certificate)
            tls.certificateChain = chain.map { .certificate($0) }
            let pem: [UInt8]
            let origin: String
            switch client.key {
            case .file(let path):
                pem = try keyFile(path)
                origin = path
            case .secret(let source):
                do {
                    pem = Array(try await reader.read(source).utf8)
                } catch {
                    throw .auth(error)
                }
                origin = source.origin
            }
            guard let key = try? NIOSSLPrivateKey(bytes: pem, format: .pem) else {
                throw .setup(.notPEM(.key, path: origin))
            }
            tls.privateKey = .privateKey(key)
        }
        if settings.insecure { tls.certificateVerification = .none }
        resolved.serviceTLS = tls
        return resolved
    }

    /// AsyncHTTPClient's proxy for `proxy`, its password had.
    private static func configured(_ proxy: ProxyServer, reader: SecretReader) async throws(NetworkError)
        -> AsyncHTTPClient.HTTPClient.Configuration.Proxy
    {
        guard let user = proxy.user else { return .server(host: proxy.host, port: proxy.port) }
        var password = ""
        switch proxy.password {
        case .given(let given): password = given
        case .secret(let source):
            do {
                password = try await reader.read(source)
            } catch {
                throw .auth(error)
            }
        case nil: break
        }
        return .server(host: proxy.host, port: proxy.port, authorization: .basic(username: user, password: password))
    }

    /// The certificates of the PEM file at `path`.
    static func certificates(in path: String, file: TransportSetupFailure.File) throws(NetworkError)
        -> [NIOSSLCertificate]
    {
        let bytes = try read(path, file: file)
        guard let certificates = try? NIOSSLCertificate.fromPEMBytes(bytes), !certificates.isEmpty else {
            throw .setup(.notPEM(file, path: path))
        }
        return certificates
    }

    /// The key file at `path`, refused unless only its owner may read it.
    static func keyFile(_ path: String) throws(NetworkError) -> [UInt8] {
        let expanded = (path as NSString).expandingTildeInPath
        if let mode = (try? FileManager.default.attributesOfItem(atPath: expanded))?[.posixPermissions] as? Int,
            mode & 0o077 != 0
        {
            throw .setup(.keyInsecure(path: path, mode: mode & 0o777))
        }
        return try read(path, file: .key)
    }

    private static func read(_ path: String, file: TransportSetupFailure.File) throws(NetworkError) -> [UInt8] {
        let expanded = (path as NSString).expandingTildeInPath
        guard let handle = FileHandle(forReadingAtPath: expanded) else {
            let reason = FileManager.default.fileExists(atPath: expanded) ? "not readable" : "no such file"
            throw .setup(.unreadable(file, path: path, reason: reason))
        }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: largestFile + 1) ?? Data()
        } catch {
            throw .setup(.unreadable(file, path: path, reason: "\(error.localizedDescription)"))
        }
        guard data.count <= largestFile else {
            throw .setup(.unreadable(file, path: path, reason: "larger than 1 MiB"))
        }
        return Array(data)
    }
}

/// Resolves a transport's settings once (on its first request), every
/// request awaiting the same resolution; a failed one is tried again by
/// the next request (a helper that failed may answer now).
final class TransportResolver: Sendable {
    private let settings: TransportSettings
    private let reader: SecretReader
    private let task = Mutex<Task<Result<ResolvedTransport, NetworkError>, Never>?>(nil)

    init(settings: TransportSettings, reader: SecretReader) {
        self.settings = settings
        self.reader = reader
    }

    func resolved() async throws(NetworkError) -> ResolvedTransport {
        let running = task.withLock { task in
            if let task { return task }
            let made = Task { [settings, reader] () -> Result<ResolvedTransport, NetworkError> in
                do throws(NetworkError) {
                    return .success(try await TransportSetup.resolve(settings, reader: reader))
                } catch {
                    return .failure(error)
                }
            }
            task = made
            return made
        }
        switch await running.value {
        case .success(let resolved):
            return resolved
        case .failure(let error):
            task.withLock { task in if task == running { task = nil } }
            throw error
        }
    }
}
