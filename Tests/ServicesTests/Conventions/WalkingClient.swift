import Foundation
import Networking
import Services

/// A real HTTP client for walking a convention's test server the way the
/// live service does: GETs answered as ``ConventionAnswer``s, writes sent
/// as a convention spells them. Shut it down with ``shutdown()``.
struct WalkingClient {
    let transport: AsyncHTTPClientTransport
    let accept: String
    let base: URL

    init(base: URL, accept: String) {
        self.base = base
        self.accept = accept
        transport = AsyncHTTPClientTransport(server: base)
    }

    func shutdown() async { await transport.shutdown() }

    /// `GET url`; nil when the request failed.
    func get(_ url: URL) async -> ConventionAnswer? {
        let request = Request(method: .get, url: url, headers: ["Accept": accept])
        guard let response = try? await transport.send(request) else { return nil }
        return Self.answer(response)
    }

    /// `GET` of `path` (and `items`) under the base URL.
    func get(_ path: String, _ items: [URLQueryItem] = []) async throws -> ConventionAnswer {
        let url = try Self.url(path, items, under: base)
        guard let answer = await get(url) else { throw WalkError.failed(url.absoluteString) }
        return answer
    }

    /// Sends a convention's request under the base URL.
    func send(_ spelt: ConventionRequest, headers extra: [String: String] = [:]) async throws -> ConventionAnswer {
        let url = try Self.url(spelt.path, [], under: base)
        var headers = HTTPHeaders(
            ["Accept": accept].merging(extra.merging(spelt.headers) { _, new in new }) { _, new in new })
        if let type = spelt.contentType { headers["Content-Type"] = type }
        let response = try await transport.send(
            Request(method: spelt.method, url: url, headers: headers, body: spelt.body))
        return Self.answer(response)
    }

    static func url(_ path: String, _ items: [URLQueryItem], under base: URL) throws -> URL {
        guard let url = ConventionPath.url(path, under: base) else { throw WalkError.failed(path) }
        guard !items.isEmpty, var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else {
            return url
        }
        components.percentEncodedQueryItems =
            (components.percentEncodedQueryItems ?? [])
            + items.map {
                URLQueryItem(name: encode($0.name), value: $0.value.map(encode))
            }
        guard let result = components.url else { throw WalkError.failed(path) }
        return result
    }

    /// A query name or value percent-encoded as the live service sends it (`+`, `&`, `=`, brackets too).
    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(
            withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~,$()':"))) ?? text
    }

    static func answer(_ response: Response) -> ConventionAnswer {
        let type = response.headers["Content-Type"]?.split(separator: ";").first
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        let info = response.pageInfo
        return ConventionAnswer(
            url: response.url, status: response.status, mediaType: type, links: info.links, totalCount: info.totalCount,
            data: response.body)
    }

    enum WalkError: Error {
        case failed(String)
    }
}
