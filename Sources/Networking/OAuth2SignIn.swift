import Crypto
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// What a person must do to sign in, handed to the ``SignInPrompt``: open
/// a URL in a browser (authorization code), or enter a code on a page
/// (device authorization). No step carries a token.
public enum SignInStep: Sendable, Hashable {
    /// Open `url` (the authorization endpoint's, with PKCE's challenge and
    /// the state) in a browser; the answer comes back to Trestle's loopback port.
    case browser(url: String)
    /// Enter `userCode` at `verificationURL` (`completeURL`: one that
    /// carries the code already, when the server gives one).
    case device(userCode: String, verificationURL: String, completeURL: String?)
}

/// Where the person is asked to sign in: the TUI's dialog, the CLI's
/// lines. The session calls ``show(_:service:)`` when a sign-in begins
/// (again when it starts over), and ``finished(service:)`` once it ended, however.
public protocol SignInPrompt: Sendable {
    func show(_ step: SignInStep, service: String) async
    func finished(service: String) async
    /// The page the browser shows after the redirect: signed in, or not (and why).
    func browserPage(signedIn: Bool, detail: String) -> String
}

/// The one redirect of an authorization-code sign-in (RFC 8252 §7.3):
/// Trestle listens on 127.0.0.1, on a port the system picks, for one
/// request to `/callback`, for at most ``OAuth2SignIn/redirectWait``.
final class LoopbackRedirect: Sendable {
    let port: Int
    private let channel: any Channel
    private let arrived: EventLoopPromise<[String: String]>

    private init(channel: any Channel, arrived: EventLoopPromise<[String: String]>) {
        self.channel = channel
        self.arrived = arrived
        port = channel.localAddress?.port ?? 0
    }

    var redirectURI: String { "http://127.0.0.1:\(port)/callback" }

    /// Listens; `page` words what the browser shows after the redirect.
    static func open(page: @escaping @Sendable (Bool, String) -> String) async throws(AuthFailure) -> LoopbackRedirect {
        let group = MultiThreadedEventLoopGroup.singleton
        let arrived = group.next().makePromise(of: [String: String].self)
        do {
            let channel = try await ServerBootstrap(group: group)
                .serverChannelOption(ChannelOptions.backlog, value: 4)
                .childChannelInitializer { channel in
                    channel.pipeline.configureHTTPServerPipeline().flatMapThrowing {
                        try channel.pipeline.syncOperations.addHandler(
                            RedirectHandler(arrived: arrived, page: page))
                    }
                }
                .bind(host: "127.0.0.1", port: 0).get()
            return LoopbackRedirect(channel: channel, arrived: arrived)
        } catch {
            arrived.fail(CancellationError())
            throw .signInUnavailable(reason: "cannot listen on 127.0.0.1: \(error)")
        }
    }

    /// The redirect's query items, once it came; throws at the deadline or when cancelled.
    func wait(upTo limit: Duration) async throws(AuthFailure) -> [String: String] {
        let timer = channel.eventLoop.scheduleTask(in: .nanoseconds(Int64(limit.components.seconds) * 1_000_000_000)) {
            self.arrived.fail(RedirectTimeout())
        }
        defer { timer.cancel() }
        do {
            return try await withTaskCancellationHandler {
                try await arrived.futureResult.get()
            } onCancel: {
                self.arrived.fail(CancellationError())
            }
        } catch is RedirectTimeout {
            throw .signInTimedOut(seconds: Int(limit.components.seconds))
        } catch {
            throw .signInCancelled
        }
    }

    /// Stops listening (the one redirect came, or the sign-in ended).
    func close() {
        arrived.fail(CancellationError())
        channel.close(promise: nil)
    }

    private struct RedirectTimeout: Error {}
}

/// Answers the browser's requests: `/callback`'s query fulfils the promise
/// (once); anything else (a favicon) is a 404.
private final class RedirectHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    let arrived: EventLoopPromise<[String: String]>
    let page: @Sendable (Bool, String) -> String
    private var head: HTTPRequestHead?

    init(arrived: EventLoopPromise<[String: String]>, page: @escaping @Sendable (Bool, String) -> String) {
        self.arrived = arrived
        self.page = page
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head): self.head = head
        case .body: break
        case .end:
            guard let head else { return }
            self.head = nil
            let components = URLComponents(string: head.uri)
            guard components?.path == "/callback" else {
                respond(context, status: .notFound, text: "")
                return
            }
            var items: [String: String] = [:]
            for item in (components?.queryItems ?? []).prefix(32) where items[item.name] == nil {
                items[item.name] = item.value ?? ""
            }
            let failed = items["code"] == nil
            respond(
                context, status: failed ? .badRequest : .ok,
                text: page(!failed, failed ? (items["error_description"] ?? items["error"] ?? "") : ""))
            arrived.succeed(items)
        }
    }

    private func respond(_ context: ChannelHandlerContext, status: HTTPResponseStatus, text: String) {
        var buffer = context.channel.allocator.buffer(capacity: text.utf8.count)
        buffer.writeString(text)
        var headers = NIOHTTP1.HTTPHeaders()
        headers.add(name: "Content-Type", value: "text/plain; charset=utf-8")
        headers.add(name: "Content-Length", value: "\(buffer.readableBytes)")
        headers.add(name: "Connection", value: "close")
        headers.add(name: "Cache-Control", value: "no-store")
        context.write(
            wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))),
            promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
    }
}

/// PKCE (RFC 7636): a random verifier kept in memory, its S256 challenge sent.
struct PKCE {
    let verifier: String
    var challenge: String { Base64URL.encode(Array(SHA256.hash(data: Array(verifier.utf8)))) }

    init(verifier: String = Base64URL.encode(PKCE.randomBytes(32))) {
        self.verifier = verifier
    }

    static func randomBytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }
}

/// base64url without padding (RFC 4648 §5).
enum Base64URL {
    static func encode(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }
}
