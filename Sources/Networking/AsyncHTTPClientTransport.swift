import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// An ``HTTPClient`` over AsyncHTTPClient (SwiftNIO), with its own
/// connection pool on NIO's shared event loop.
///
/// No cache, no cookies: conditional requests and caching are the caller's.
/// Each request uses its own ``Request/timeout`` as a deadline for the whole
/// answer, body included; cancelling the calling task cancels the transfer.
/// The library follows no redirect: ``send(_:)`` follows them itself by
/// ``Redirects`` (at most 10, no credential to another origin, the hops in
/// ``Response/redirects``), all within the request's one deadline; gzip and deflate answers are asked
/// for and decompressed; HTTPS checks the server against the
/// system's trust store (and the service's own authorities, client
/// certificate or none, by ``TransportSettings``), and requests go through
/// the settings' HTTP proxy where one applies. A refused connection fails at once: the pool does
/// not retry connecting (``NetworkClient``'s policy decides on retries).
///
/// A request is sent once: AsyncHTTPClient never sends a request again on
/// another connection, so a write that meets a dropped kept-alive connection
/// fails instead of reaching the server twice (the fault corpus checks it).
///
/// The clients are made on the first request; ``shutdown()`` closes them.
public struct AsyncHTTPClientTransport: HTTPClient {
    /// The largest body read (256 MiB): a larger answer is an error, not an
    /// exhausted memory. A million todos are 118 MB.
    public static let largestBody = 256 * 1024 * 1024

    private let owner: ClientOwner
    private let largestBody: Int
    /// Told the size of every chunk of an answer's body as it arrives.
    private let received: (@Sendable (Int) -> Void)?

    /// Creates a transport; no client exists until the first request.
    /// - Parameters:
    ///   - largestBody: the most bytes of a response body kept.
    ///   - server: the service it talks to. One on plain `http://` gets a
    ///     client for HTTP/1.1 only — what it speaks there anyway (HTTP/2 is
    ///     chosen through TLS) — which spares the first connection the
    ///     HTTP/2-capable set-up (about 0.6–1 ms of a local first screen).
    ///   - received: told the size of each chunk of a body as it arrives
    ///     (an ``ActivityTracker``'s progress).
    ///   - settings: the service's proxies and TLS (``TransportSettings``);
    ///     its TLS applies to requests to `server`'s origin alone.
    ///   - secrets: reads the proxy password and the client key where they
    ///     are secrets (a credential helper, a variable), on the first request.
    public init(
        largestBody: Int = AsyncHTTPClientTransport.largestBody, server: URL? = nil,
        received: (@Sendable (Int) -> Void)? = nil, settings: TransportSettings = TransportSettings(),
        secrets: SecretReader = SecretReader(environment: [:])
    ) {
        self.largestBody = largestBody
        self.received = received
        self.settings = settings
        serviceOrigin = server.flatMap(Self.origin(of:))
        resolver = TransportResolver(settings: settings, reader: secrets)
        owner = ClientOwner(configuration: Self.configuration(largestBody: largestBody, server: server))
    }

    private let settings: TransportSettings
    /// `https://host:port` of the service, whose requests take its own TLS.
    private let serviceOrigin: String?
    private let resolver: TransportResolver

    /// `scheme://host:port`, lower-cased, the port always written.
    static func origin(of url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return nil }
        return "\(scheme)://\(host):\(url.port ?? (scheme == "https" ? 443 : 80))"
    }

    /// Whether its client speaks HTTP/1.1 only (a cleartext server).
    var speaksOnlyHTTP1: Bool { owner.configuration.httpVersion == .http1Only }

    static func configuration(largestBody: Int, server: URL? = nil) -> AsyncHTTPClient.HTTPClient.Configuration {
        var pool = AsyncHTTPClient.HTTPClient.Configuration.ConnectionPool()
        pool.retryConnectionEstablishment = false
        // The request's own deadline ends a connect that hangs (a host that
        // drops the SYN), not the pool's 10 s default.
        var configuration = AsyncHTTPClient.HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: .seconds(120)),
            connectionPool: pool,
            decompression: .enabled(limit: .size(largestBody)))
        if server?.scheme?.lowercased() == "http" { configuration.httpVersion = .http1Only }
        return configuration
    }

    public func send(_ request: Request) async throws(NetworkError) -> Response {
        let first = request.resolvedURL ?? request.url
        let deadline = ContinuousClock.now + .milliseconds(Int64(max(0, request.timeout) * 1000))
        var sent = request
        var visited = [first]
        while true {
            let left = deadline - ContinuousClock.now
            let seconds = Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18
            let response = try await sendOnce(sent, seconds: max(0, seconds), timeout: request.timeout)
            guard
                let next = try Redirects.next(
                    after: response.status, location: response.headers["Location"], sent: sent, first: first,
                    visited: visited)
            else {
                return Response(
                    status: response.status, headers: response.headers, body: response.body, url: response.url,
                    redirects: Array(visited.dropLast()))
            }
            visited.append(next.url)
            sent = next
        }
    }

    /// One exchange, no redirect followed, within `seconds` (a timeout
    /// names `timeout`, the whole request's).
    private func sendOnce(_ request: Request, seconds: Double, timeout: Double) async throws(NetworkError)
        -> Response
    {
        let outgoing = try Self.makeRequest(request)
        let (client, route, resolved) = try await client(for: request.resolvedURL ?? request.url)
        let outcome = await TransferDeadline.run(seconds: seconds) {
            try await Self.transfer(
                outgoing, on: client, timeout: seconds, largestBody: largestBody, scan: request.bodyScan,
                received: received)
        }
        if Task.isCancelled { throw .cancelled }
        switch outcome {
        case .none:
            throw .timeout(seconds: timeout)
        case .success(let (response, body)):
            return Response(
                status: Int(response.status.code), headers: Self.headers(of: response.headers), body: body,
                url: request.resolvedURL ?? request.url)
        case .failure(let error):
            let mapped = TransportErrorMapping.networkError(
                for: error, request: request.with(timeout: timeout), largestBody: largestBody, proxy: route.proxy,
                presentsCertificate: route.serviceTLS && settings.clientCertificate != nil)
            // A certificate refused for a reason BoringSSL does not say:
            // a second look at it on a connection of its own (not through a proxy).
            if case .certificate(let host, .untrusted) = mapped, route.proxy == nil,
                let url = request.resolvedURL, let name = url.host
            {
                let problem = await CertificateProbe.problem(
                    host: name, port: url.port ?? 443, seconds: min(5, max(1, seconds)))
                throw .certificate(host: host, problem: problem)
            }
            // A proxy that would not open the tunnel, its answer untold: asked again.
            if case .proxyRefused(let name, nil) = mapped, let proxy = route.proxy, let url = request.resolvedURL,
                let host = url.host
            {
                let port = url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80)
                let code = await ProxyProbe.status(
                    host: proxy.host, port: proxy.port,
                    target: host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)",
                    authorization: resolved?.proxies[proxy]?.authorization?.headerValue,
                    seconds: min(5, max(1, seconds)))
                throw .proxyRefused(proxy: name, code: code.flatMap { (200..<300).contains($0) ? nil : $0 })
            }
            throw mapped
        }
    }

    /// The client a request to `url` goes out on, and its route: through
    /// the proxy the settings name for it, with the service's TLS when it
    /// goes to the service's origin.
    private func client(for url: URL) async throws(NetworkError) -> (
        AsyncHTTPClient.HTTPClient, ClientOwner.Route, ResolvedTransport?
    ) {
        if settings.isPlain {
            guard let client = owner.client else { throw .cancelled }
            return (client, .direct, nil)
        }
        let resolved = try await resolver.resolved()
        let proxy = settings.proxy(for: url)
        let serviceTLS =
            settings.customizesTLS && url.scheme?.lowercased() == "https" && serviceOrigin != nil
            && Self.origin(of: url) == serviceOrigin
        let route = ClientOwner.Route(proxy: proxy, serviceTLS: serviceTLS)
        let client = owner.client(for: route) { base in
            var configuration = base
            if let proxy { configuration.proxy = resolved.proxies[proxy] }
            if serviceTLS { configuration.tlsConfiguration = resolved.serviceTLS }
            return configuration
        }
        guard let client else { throw .cancelled }
        return (client, route, resolved)
    }

    /// Closes the client's connections, if a request made one; afterwards
    /// every request fails with ``NetworkError/cancelled``.
    public func shutdown() async {
        await owner.shutdown()
    }

    // MARK: - Transfer

    /// The answer and its body: the whole body, or what `scan`'s scanner
    /// keeps of it — the transfer then stops reading where the scan stops,
    /// and the body's sequence, dropped unfinished, ends the request and
    /// closes its connection.
    private static func transfer(
        _ request: HTTPClientRequest, on client: AsyncHTTPClient.HTTPClient, timeout: Double, largestBody: Int,
        scan: BodyScan?, received: (@Sendable (Int) -> Void)?
    ) async throws -> (HTTPClientResponse, Data) {
        // The deadline is the backstop; TransferDeadline ends the transfer first.
        let deadline = NIODeadline.now() + .milliseconds(Int64(max(0, timeout) * 1000) + 1000)
        let response = try await client.execute(request, deadline: deadline)
        if let scan {
            // Half the time left at most: a scan that stops on time still
            // leaves its answer (what it kept) well within the request's timeout.
            let seconds = min(scan.seconds, max(0, timeout) / 2)
            return (response, try await scanned(response.body, by: scan, seconds: seconds, received: received))
        }
        var body = Data()
        if let announced = response.headers.first(name: "Content-Length").flatMap(Int.init) {
            guard announced <= largestBody else { throw BodyTooLarge() }
            body.reserveCapacity(announced)
        }
        for try await chunk in response.body {
            guard chunk.readableBytes <= largestBody - body.count else { throw BodyTooLarge() }
            body.append(contentsOf: chunk.readableBytesView)
            received?(chunk.readableBytes)
        }
        return (response, body)
    }

    /// What `scan`'s scanner keeps of `body`, read chunk by chunk until
    /// the scanner needs no more, ``BodyScan/mostBytes`` were read or
    /// `seconds` passed; what follows is not read.
    private static func scanned(
        _ body: HTTPClientResponse.Body, by scan: BodyScan, seconds: Double, received: (@Sendable (Int) -> Void)?
    ) async throws -> Data {
        var scanner = scan.scanner()
        let stop = ContinuousClock.now + .milliseconds(Int64(seconds * 1000))
        var read = 0
        for try await chunk in body {
            let taken = min(chunk.readableBytes, scan.mostBytes - read)
            read += taken
            received?(taken)
            let more = chunk.withUnsafeReadableBytes {
                scanner.read(UnsafeRawBufferPointer(rebasing: $0.prefix(taken)))
            }
            if !more || read >= scan.mostBytes || ContinuousClock.now >= stop { break }
        }
        return scanner.body()
    }

    /// The AsyncHTTPClient request for `request`, or ``NetworkError/invalidURL(_:)``
    /// unless its URL is an `http` or `https` URL with a host.
    static func makeRequest(_ request: Request) throws(NetworkError) -> HTTPClientRequest {
        guard let url = request.resolvedURL, let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty
        else {
            throw .invalidURL(request.url.absoluteString)
        }
        var outgoing = HTTPClientRequest(url: url.absoluteString)
        outgoing.method = NIOHTTP1.HTTPMethod(rawValue: request.method.rawValue)
        for field in request.headers {
            outgoing.headers.add(name: field.name, value: field.value)
        }
        if request.headers["Accept-Encoding"] == nil {
            // Compressed answers are decompressed (as libcurl did for URLSession).
            outgoing.headers.add(name: "Accept-Encoding", value: "gzip, deflate")
        }
        if let body = request.body {
            outgoing.body = .bytes(body)
        }
        return outgoing
    }

    /// The fields ordered by name; repeated fields joined by ", " into one
    /// (so a second `Link` field adds its links to the first's).
    static func headers(of headers: NIOHTTP1.HTTPHeaders) -> HTTPHeaders {
        var order: [String] = []
        var joined: [String: HTTPHeaders.Field] = [:]
        for (name, value) in headers {
            let key = name.lowercased()
            if let first = joined[key] {
                joined[key] = HTTPHeaders.Field(name: first.name, value: first.value + ", " + value)
            } else {
                order.append(key)
                joined[key] = HTTPHeaders.Field(name: name, value: value)
            }
        }
        return HTTPHeaders(order.sorted().compactMap { joined[$0] })
    }
}

/// A body larger than the transport keeps.
struct BodyTooLarge: Error {}
