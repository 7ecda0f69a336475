import Foundation
import Hummingbird
import JSON
import JSONServerCore

/// Adapts every Hummingbird request (any method, any path) to the
/// json-server engine and its answer back to a Hummingbird response.
///
/// Before the engine sees a request it is held to the server's limits: the
/// query's length and parameter count, the body's size (announced by
/// `Content-Length` or streamed) and its encoding (UTF-8). What breaks one
/// is answered with a 4xx and a JSON `{"error": …}` saying which limit.
///
/// With `--data FILE`, a write first has the keeper look at FILE: a change
/// made by hand is served first, and while FILE is not usable (bad JSON,
/// unreadable, deleted) writes are answered `503` with one line naming the
/// file (and the position) and a `Retry-After`, so FILE is never written
/// over; reads go on answering the last good data.
struct EngineResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    let engine: LockedJSONServer
    let delay: Duration
    let limits: RequestLimits
    /// Keeps the data file in step (`--data FILE`); `nil`: writes stay in memory.
    let keeper: DataFileKeeper?
    /// Used for `Link`/`Location` when a request carries no Host header.
    let fallbackBaseURL: @Sendable () -> String
    /// Gets one line for each outside change to FILE a write found.
    var onFileChange: @Sendable (String) -> Void = { _ in }
    /// The `Retry-After` of a write refused while FILE is not usable.
    var retryAfterSeconds = 1

    func respond(to request: Request, context: Context) async throws -> Response {
        let target = request.head.path ?? "/"
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let path = parts.first.map(String.init) ?? "/"
        let rawQuery = parts.count > 1 ? parts[1] : ""
        if let refusal = limits.refusal(query: rawQuery) { return Self.response(from: refusal) }
        if let refusal = limits.refusal(contentLength: request.headers[.contentLength]) {
            return Self.closing(Self.response(from: refusal))
        }

        let body: Data?
        switch try await limits.collect(request.body) {
        case .success(let data): body = data.isEmpty ? nil : data
        case .failure(let refusal): return Self.closing(Self.response(from: refusal.answer))
        }

        var headers: [String: String] = [:]
        for field in request.headers {
            let name = field.name.canonicalName
            headers[name] = headers[name].map { $0 + ", " + field.value } ?? field.value
        }
        let query = rawQuery.isEmpty ? [] : QueryItem.parse(rawQuery)
        let authority = request.head.authority ?? headers["host"]
        let baseURL = authority.map { "http://" + $0 } ?? fallbackBaseURL()

        if delay > .zero { try await Task.sleep(for: delay) }
        if let keeper, Self.isWrite(request.method) {
            let (change, refusal) = await keeper.admitWrite()
            report(change)
            if let refusal { return notSaved(refusal + "; writes are refused until it is fixed") }
        }
        let engineRequest = EngineRequest(
            method: request.method.rawValue, path: path.isEmpty ? "/" : path, query: query, headers: headers,
            body: body, baseURL: baseURL)
        await engine.prepare(for: engineRequest)
        let (answer, version, changed) = engine.handleCountingWrites(engineRequest)
        if changed, let keeper {
            // The answer goes out only once the write is on disk.
            do throws(DataFile.WriteError) {
                try await keeper.save(through: version)
            } catch let error where error.changedOutside {
                // FILE is the user's now: serve it if it is usable, and say this write is not in it.
                report(await keeper.checkForOutsideChange())
                return notSaved(error.description)
            } catch {
                return Self.response(
                    from: .error(status: 500, "applied in memory but not saved to the data file: \(error)"))
            }
        }
        return Self.response(from: answer)
    }

    private func report(_ change: DataFileKeeper.Change) {
        switch change {
        case .none: break
        case .reloaded(let line), .refused(let line): onFileChange(line)
        }
    }

    /// `503` with `{"error": "Not saved: …"}` and a `Retry-After`: FILE is not
    /// written while it holds a change made by hand that cannot be served.
    private func notSaved(_ reason: String) -> Response {
        var answer = EngineResponse.error(status: 503, "Not saved: " + reason)
        answer.headers.append(HeaderField(name: "Retry-After", value: String(retryAfterSeconds)))
        return Self.response(from: answer)
    }

    private static func isWrite(_ method: HTTPRequest.Method) -> Bool {
        method == .post || method == .put || method == .patch || method == .delete
    }

    /// The response with `Connection: close`: a client told its body is too
    /// large should not keep sending it on this connection.
    static func closing(_ response: Response) -> Response {
        var response = response
        response.headers[.connection] = "close"
        return response
    }

    /// Converts the engine's answer; header names HTTP cannot carry are dropped.
    static func response(from answer: EngineResponse) -> Response {
        var fields = HTTPFields()
        for header in answer.headers {
            guard let name = HTTPFields.Element.Name(header.name) else { continue }
            fields.append(HTTPFields.Element(name: name, value: header.value))
        }
        return Response(status: HTTPResponse.Status(code: answer.status), headers: fields, body: body(answer.body))
    }

    /// The most bytes handed to the connection at once: a larger body goes
    /// in pieces of this size, each once the client has taken the ones before.
    static let bodyPiece = 256 * 1024

    /// The body as the connection sends it. A large one (a whole collection
    /// of a million records is over 100 MB) goes in pieces, each written
    /// once the connection can take it: handed over whole, the answer's end
    /// would count as sent while most of it still waits for a slow reader,
    /// and the idle timeout, started at that end, would cut it off.
    static func body(_ bytes: Data) -> ResponseBody {
        guard !bytes.isEmpty else { return ResponseBody() }
        // Copy through a raw buffer: one memcpy rather than a byte-wise sequence copy.
        guard bytes.count > bodyPiece else {
            return ResponseBody(byteBuffer: bytes.withUnsafeBytes { ByteBuffer(bytes: $0) })
        }
        return ResponseBody(contentLength: bytes.count) { writer in
            // One write per piece: each waits until the connection can take it.
            for start in stride(from: bytes.startIndex, to: bytes.endIndex, by: bodyPiece) {
                let piece = bytes[start..<min(start + bodyPiece, bytes.endIndex)]
                try await writer.write(piece.withUnsafeBytes { ByteBuffer(bytes: $0) })
            }
            try await writer.finish(nil)
        }
    }
}
