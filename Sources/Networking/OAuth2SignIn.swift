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
    var challenge: String { Base64URL.encode(SHA256.hash(Array(verifier.utf8))) }

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

/// SHA-256 (FIPS 180-4), for PKCE's S256 challenge: Foundation on Linux has none.
enum SHA256 {
    private static let k: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    static func hash(_ message: [UInt8]) -> [UInt8] {
        var h: [UInt32] = [
            0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
        ]
        var data = message
        data.append(0x80)
        while data.count % 64 != 56 { data.append(0) }
        let bits = UInt64(message.count) * 8
        for shift in stride(from: 56, through: 0, by: -8) {
            data.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift)))
        }
        var w = [UInt32](repeating: 0, count: 64)
        for chunk in stride(from: 0, to: data.count, by: 64) {
            for i in 0..<16 {
                let b = chunk + i * 4
                w[i] =
                    UInt32(data[b]) << 24 | UInt32(data[b + 1]) << 16 | UInt32(data[b + 2]) << 8 | UInt32(data[b + 3])
            }
            for i in 16..<64 {
                let s0 = rotate(w[i - 15], 7) ^ rotate(w[i - 15], 18) ^ (w[i - 15] >> 3)
                let s1 = rotate(w[i - 2], 17) ^ rotate(w[i - 2], 19) ^ (w[i - 2] >> 10)
                w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
            }
            var (a, b, c, d, e, f, g, hh) = (h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7])
            for i in 0..<64 {
                let s1 = rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)
                let choice = (e & f) ^ (~e & g)
                let t1 = hh &+ s1 &+ choice &+ k[i] &+ w[i]
                let s0 = rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)
                let majority = (a & b) ^ (a & c) ^ (b & c)
                let t2 = s0 &+ majority
                (hh, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
            }
            h[0] = h[0] &+ a
            h[1] = h[1] &+ b
            h[2] = h[2] &+ c
            h[3] = h[3] &+ d
            h[4] = h[4] &+ e
            h[5] = h[5] &+ f
            h[6] = h[6] &+ g
            h[7] = h[7] &+ hh
        }
        return h.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> UInt32(24 - $0 * 8)) } }
    }

    private static func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 {
        (value >> count) | (value << (32 - count))
    }
}
