import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A plain TCP connection to 127.0.0.1, for sending what URLSession would
/// not: half a request head, a `Content-Length` the body never reaches,
/// `..` left as it is in a path, a body that is not UTF-8.
///
/// Waiting for the server happens on a thread of its own: blocking a
/// thread of the cooperative pool (two on a two-core machine) would starve
/// the in-process server's request handling and deadlock the test.
final class RawConnection: @unchecked Sendable {
    /// A response as read off the wire.
    struct Response: Sendable {
        let status: Int
        /// Header fields by lower-cased name.
        let headers: [String: String]
        let body: Data
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    let descriptor: Int32
    private var pending = Data()

    /// Connects to `127.0.0.1:port`.
    init(port: Int) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EMFILE) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            let code = errno
            Glibc.close(descriptor)
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .ECONNREFUSED)
        }
    }

    deinit { Glibc.close(descriptor) }

    /// This end's port, as the server sees the connection.
    var localPort: Int {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Sends all of `bytes`; `false` once the server has closed the connection.
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return true }
            var sent = 0
            while sent < buffer.count {
                let count = Glibc.send(descriptor, base + sent, buffer.count - sent, Int32(MSG_NOSIGNAL))
                if count <= 0 { return false }
                sent += count
            }
            return true
        }
    }

    /// Sends `text` as UTF-8.
    @discardableResult
    func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    /// Ends this side's sending (the server reads end-of-file).
    func finishSending() { shutdown(descriptor, Int32(SHUT_WR)) }

    /// Waits up to `timeout` for bytes; `nil` when none came in time, empty
    /// when the server closed the connection.
    private func receive(within timeout: Duration) -> Data? {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(
            max(timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000, 0))
        guard poll(&poller, 1, milliseconds) > 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = recv(descriptor, &buffer, buffer.count, 0)
        return count > 0 ? Data(buffer[0..<count]) : Data()
    }

    /// Reads until the server closes the connection; `true` if it did
    /// before `timeout` ran out (what arrived meanwhile is discarded).
    func waitForClose(within timeout: Duration) async -> Bool {
        await Self.offThePool { self.blockingWaitForClose(within: timeout) }
    }

    /// Reads one response (head, then a `Content-Length` body); `nil` when
    /// none is complete before `timeout` or the connection closes first.
    func readResponse(within timeout: Duration) async -> Response? {
        await Self.offThePool { self.blockingReadResponse(within: timeout) }
    }

    /// Runs `work` on a new thread and waits for it without holding a pool thread.
    private static func offThePool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: work()) }
            thread.start()
        }
    }

    private func blockingWaitForClose(within timeout: Duration) -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while clock.now < deadline {
            guard let chunk = receive(within: deadline - clock.now) else { return false }
            if chunk.isEmpty { return true }
        }
        return false
    }

    private func blockingReadResponse(within timeout: Duration) -> Response? {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        let separator = Data("\r\n\r\n".utf8)
        while true {
            if let end = pending.range(of: separator) {
                let head = String(decoding: pending[pending.startIndex..<end.lowerBound], as: UTF8.self)
                let lines = head.components(separatedBy: "\r\n")
                let statusParts = lines[0].split(separator: " ")
                var headers: [String: String] = [:]
                for line in lines.dropFirst() {
                    guard let colon = line.firstIndex(of: ":") else { continue }
                    headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
                        .trimmingCharacters(in: .whitespaces)
                }
                let length = headers["content-length"].flatMap { Int($0) } ?? 0
                if pending.count - (end.upperBound - pending.startIndex) >= length {
                    let body = pending[end.upperBound..<(end.upperBound + length)]
                    let response = Response(
                        status: statusParts.count > 1 ? Int(statusParts[1]) ?? 0 : 0, headers: headers,
                        body: Data(body))
                    pending = Data(pending[(end.upperBound + length)...])
                    return response
                }
            }
            guard clock.now < deadline, let chunk = receive(within: deadline - clock.now), !chunk.isEmpty else {
                return nil
            }
            pending.append(chunk)
        }
    }
}
