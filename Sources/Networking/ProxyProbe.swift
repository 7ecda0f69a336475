import NIOCore
import NIOPosix
import Synchronization

/// A second look at a proxy that would not open a tunnel and whose answer
/// AsyncHTTPClient does not tell (anything but 2xx and 407): one `CONNECT`
/// of its own, with the same credentials, whose status line is read and the
/// connection closed — no request goes through.
enum ProxyProbe {
    /// The most bytes of the proxy's answer read before its status line ends.
    static let largestStatusLine = 1024

    /// Reads the status line of a `CONNECT` answer.
    private final class StatusLineReader: ChannelInboundHandler, Sendable {
        typealias InboundIn = ByteBuffer
        let line = Mutex<[UInt8]>([])
        let done: EventLoopPromise<Void>

        init(done: EventLoopPromise<Void>) { self.done = done }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let buffer = Self.unwrapInboundIn(data)
            let finished = line.withLock { line in
                line.append(contentsOf: buffer.readableBytesView)
                return line.contains(UInt8(ascii: "\n")) || line.count >= ProxyProbe.largestStatusLine
            }
            if finished {
                done.succeed()
                context.close(promise: nil)
            }
        }

        func channelInactive(context: ChannelHandlerContext) {
            done.succeed()
        }
    }

    /// The status `proxy` answers a `CONNECT` to `target` (`host:port`)
    /// with `authorization` (a `Proxy-Authorization` value), within
    /// `seconds`; `nil` when it gives none.
    static func status(
        host: String, port: Int, target: String, authorization: String?, seconds: Double
    ) async -> Int? {
        let group = MultiThreadedEventLoopGroup.singleton
        let done = group.next().makePromise(of: Void.self)
        let reader = StatusLineReader(done: done)
        let limit = TimeAmount.milliseconds(Int64(seconds * 1000))
        let bootstrap = ClientBootstrap(group: done.futureResult.eventLoop)
            .connectTimeout(limit)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(reader) }
            }
        guard let channel = try? await bootstrap.connect(host: host, port: port).get() else {
            done.succeed()
            return nil
        }
        var request = "CONNECT \(target) HTTP/1.1\r\nHost: \(target)\r\n"
        if let authorization { request += "Proxy-Authorization: \(authorization)\r\n" }
        request += "\r\n"
        let timer = channel.eventLoop.scheduleTask(in: limit) { channel.close(promise: nil) }
        try? await channel.writeAndFlush(ByteBuffer(string: request)).get()
        try? await done.futureResult.get()
        timer.cancel()
        try? await channel.close().get()
        // "HTTP/1.1 401 Unauthorized"
        let words = String(decoding: reader.line.withLock { $0 }, as: UTF8.self).split(separator: " ")
        guard words.count >= 2, words[0].hasPrefix("HTTP/") else { return nil }
        return Int(words[1])
    }
}
