import Foundation
import Hummingbird
import JSONServerCore

/// The limits a request is held to before the engine sees it, and the
/// answers for breaking them (each a JSON `{"error": …}` naming the limit).
struct RequestLimits: Sendable {
    /// The largest body accepted, in bytes.
    var maximumBodySize: Int
    /// The most `&`-separated query parameters accepted.
    var maximumQueryParameters: Int
    /// The longest raw query accepted, in bytes.
    var maximumQueryLength: Int

    /// Why a body was refused.
    struct BodyRefusal: Error {
        let answer: EngineResponse
    }

    /// 414 for a query longer than the limit, 400 for more parameters than
    /// the limit; `nil` when the query is acceptable.
    func refusal(query: Substring) -> EngineResponse? {
        let length = query.utf8.count
        if length > maximumQueryLength {
            return .error(
                status: 414, "The query is \(length) bytes long; at most \(maximumQueryLength) bytes are accepted")
        }
        var count = 0
        for pair in query.utf8.split(separator: UInt8(ascii: "&")) where !pair.isEmpty {
            count += 1
            if count > maximumQueryParameters {
                return .error(
                    status: 400,
                    "The query has more than \(maximumQueryParameters) parameters; at most \(maximumQueryParameters) are accepted"
                )
            }
        }
        return nil
    }

    /// 413 when `Content-Length` announces more than the limit, before any of
    /// the body is read; 400 when it is not a number.
    func refusal(contentLength: String?) -> EngineResponse? {
        guard let contentLength else { return nil }
        guard let length = Int(contentLength.trimmingCharacters(in: .whitespaces)), length >= 0 else {
            // NIO's parser refuses these before they reach here; kept for safety.
            return .error(status: 400, "Content-Length is not a byte count: \(contentLength)")
        }
        return length > maximumBodySize ? tooLarge(announced: length) : nil
    }

    /// Reads the body as it streams in, stopping with 413 as soon as it
    /// passes the limit and with 400 when it is not UTF-8 (JSON is UTF-8;
    /// the engine would otherwise read the bad bytes as U+FFFD and store them).
    func collect(_ body: RequestBody) async throws -> Result<Data, BodyRefusal> {
        var data = Data()
        for try await chunk in body {
            guard chunk.readableBytes <= maximumBodySize - data.count else {
                return .failure(BodyRefusal(answer: tooLarge(announced: nil)))
            }
            data.append(contentsOf: chunk.readableBytesView)
        }
        if let offset = Self.firstInvalidUTF8Offset(in: data) {
            return .failure(
                BodyRefusal(
                    answer: .error(
                        status: 400, "The request body is not valid UTF-8 (the bad byte is at offset \(offset))")))
        }
        return .success(data)
    }

    private func tooLarge(announced: Int?) -> EngineResponse {
        let size = announced.map { "The request body is \($0) bytes" } ?? "The request body is too large"
        return .error(status: 413, "\(size); at most \(maximumBodySize) bytes are accepted (--max-body)")
    }

    /// The offset of the first byte that does not belong to a valid UTF-8
    /// sequence, or `nil` when all of `data` is UTF-8.
    static func firstInvalidUTF8Offset(in data: Data) -> Int? {
        if String(validating: data, as: UTF8.self) != nil { return nil }
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = data.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }
}
