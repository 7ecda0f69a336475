import Foundation
import JSON

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One request to a server under test, answered as status and parsed JSON.
enum JSONRequest {
    /// Sends `method path` to `base` with `body` as JSON, bypassing caches.
    static func send(_ method: String, _ path: String, to base: URL, body: String? = nil) async throws
        -> (Int, JSONValue?)
    {
        let (status, json, _) = try await exchange(method, path, to: base, body: body)
        return (status, json)
    }

    /// ``send(_:_:to:body:)`` with the response, for its headers.
    static func exchange(_ method: String, _ path: String, to base: URL, body: String? = nil) async throws
        -> (status: Int, json: JSONValue?, response: HTTPURLResponse?)
    {
        guard let target = URL(string: base.absoluteString + path) else { throw URLError(.badURL) }
        var request = URLRequest(url: target, cachePolicy: .reloadIgnoringLocalAndRemoteCacheData)
        request.httpMethod = method
        if let body {
            request.httpBody = Data(body.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = response as? HTTPURLResponse
        return (http?.statusCode ?? 0, try? JSONParser.parse(data), http)
    }
}
