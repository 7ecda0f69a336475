import Foundation
import Hummingbird
import JSON
import JSONServerCore

/// Adapts every Hummingbird request (any method, any path) to the
/// json-server engine and its answer back to a Hummingbird response.
struct EngineResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    let engine: LockedJSONServer
    let delay: Duration
    let maximumBodySize: Int
    /// Keeps the data file in step (`--data FILE`); `nil`: writes stay in memory.
    let keeper: DataFileKeeper?
    /// Used for `Link`/`Location` when a request carries no Host header.
    let fallbackBaseURL: @Sendable () -> String

    func respond(to request: Request, context: Context) async throws -> Response {
        var request = request
        let buffer = try await request.collectBody(upTo: maximumBodySize)
        let body = buffer.readableBytes > 0 ? Data(buffer.readableBytesView) : nil

        var headers: [String: String] = [:]
        for field in request.headers {
            let name = field.name.canonicalName
            headers[name] = headers[name].map { $0 + ", " + field.value } ?? field.value
        }
        let target = request.head.path ?? "/"
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let path = parts.first.map(String.init) ?? "/"
        let query = parts.count > 1 ? QueryItem.parse(parts[1]) : []
        let authority = request.head.authority ?? headers["host"]
        let baseURL = authority.map { "http://" + $0 } ?? fallbackBaseURL()

        if delay > .zero { try await Task.sleep(for: delay) }
        let (answer, version, changed) = engine.handleCountingWrites(
            EngineRequest(
                method: request.method.rawValue, path: path.isEmpty ? "/" : path, query: query, headers: headers,
                body: body, baseURL: baseURL))
        if changed, let keeper {
            // The answer goes out only once the write is on disk.
            do throws(DataFile.WriteError) {
                try await keeper.save(through: version)
            } catch {
                return Self.response(
                    from: .error(status: 500, "applied in memory but not saved to the data file: \(error)"))
            }
        }
        return Self.response(from: answer)
    }

    /// Converts the engine's answer; header names HTTP cannot carry are dropped.
    static func response(from answer: EngineResponse) -> Response {
        var fields = HTTPFields()
        for header in answer.headers {
            guard let name = HTTPFields.Element.Name(header.name) else { continue }
            fields.append(HTTPFields.Element(name: name, value: header.value))
        }
        // Copy through a raw buffer: one memcpy rather than a byte-wise sequence copy.
        let body =
            answer.body.isEmpty
            ? ResponseBody() : ResponseBody(byteBuffer: answer.body.withUnsafeBytes { ByteBuffer(bytes: $0) })
        return Response(status: HTTPResponse.Status(code: answer.status), headers: fields, body: body)
    }
}
