import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A TCP socket of the ``FaultHTTPServer``, written byte by byte so that
/// answers can be cut short, lie about their length or be reset.
struct FaultSocket: Sendable {
    let descriptor: Int32

    /// A listening socket on 127.0.0.1 and an ephemeral port.
    static func listen() throws -> (FaultSocket, port: Int) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw TestHTTPServerError.couldNotStart }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard bound == 0, named == 0, Glibc.listen(descriptor, 64) == 0 else {
            Glibc.close(descriptor)
            throw TestHTTPServerError.couldNotStart
        }
        return (FaultSocket(descriptor: descriptor), Int(UInt16(bigEndian: address.sin_port)))
    }

    /// The next connection, or `nil` once the socket is shut down.
    func accept() -> FaultSocket? {
        while true {
            let client = Glibc.accept(descriptor, nil, nil)
            if client >= 0 {
                _ = fcntl(client, F_SETFD, FD_CLOEXEC)
                return FaultSocket(descriptor: client)
            }
            if errno != EINTR { return nil }
        }
    }

    /// Up to `count` bytes; empty at end of file or on an error.
    func read(upTo count: Int = 65_536) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: count)
        while true {
            let got = Glibc.read(descriptor, &buffer, count)
            if got > 0 { return Array(buffer[..<got]) }
            if got < 0, errno == EINTR { continue }
            return []
        }
    }

    /// Writes all of `bytes`; false when the peer has gone.
    @discardableResult
    func write(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes {
                send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if sent < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += sent
        }
        return true
    }

    /// Wakes a thread blocked in `read`/`accept` on this socket.
    func shutdown() {
        _ = Glibc.shutdown(descriptor, Int32(SHUT_RDWR))
    }

    /// Closes so that the peer sees a reset (`RST`), not an orderly end.
    func reset() {
        var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        Glibc.close(descriptor)
    }

    func close() {
        _ = Glibc.close(descriptor)
    }
}
