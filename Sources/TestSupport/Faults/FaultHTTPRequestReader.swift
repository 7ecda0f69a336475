import Foundation

/// Reads HTTP/1.1 requests off a ``FaultSocket``, one after another on a
/// kept-alive connection (bodies by `Content-Length`; `Expect:
/// 100-continue` is answered).
struct FaultHTTPRequestReader {
    let socket: FaultSocket
    private var buffer: [UInt8] = []

    init(socket: FaultSocket) {
        self.socket = socket
    }

    /// The next request, or `nil` when the client closed the connection.
    mutating func next() -> TestHTTPRequest? {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        var end: Int?
        while end == nil {
            end = Self.find(separator, in: buffer)
            if end != nil { break }
            let more = socket.read()
            if more.isEmpty || buffer.count > 1_048_576 { return nil }
            buffer += more
        }
        guard let headEnd = end else { return nil }
        let head = String(decoding: buffer[..<headEnd], as: UTF8.self)
        buffer.removeFirst(headEnd + separator.count)
        var lines = head.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ")
        guard requestLine.count >= 2 else { return nil }
        let headers = lines.compactMap { line -> TestHTTPRequest.Header? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return TestHTTPRequest.Header(
                name: String(line[..<colon]),
                value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        let length =
            headers.first { $0.name.lowercased() == "content-length" }.flatMap { Int($0.value) } ?? 0
        if headers.contains(where: { $0.name.lowercased() == "expect" && $0.value.lowercased() == "100-continue" }) {
            socket.write(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))
        }
        while buffer.count < length {
            let more = socket.read()
            if more.isEmpty { return nil }
            buffer += more
        }
        let body = Data(buffer[..<length])
        buffer.removeFirst(length)
        let target = String(requestLine[1])
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        return TestHTTPRequest(
            method: String(requestLine[0]), path: String(parts[0]),
            query: parts.count > 1 ? String(parts[1]) : nil, headers: headers, body: body)
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if Array(haystack[start..<start + needle.count]) == needle { return start }
        }
        return nil
    }
}
