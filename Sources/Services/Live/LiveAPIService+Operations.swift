import Foundation
import JSON
import Networking

/// Operations of the service's document, sent as any request is (auth,
/// middleware, the journal and so the history), their answer kept whatever
/// its status.
extension LiveAPIService {
    public func perform(_ operation: OperationRequest) async throws(ServiceError) -> OperationAnswer {
        guard !isInProcess else { throw .noOperationsInProcess }
        let request = try operationRequest(operation)
        let response: Response
        do throws(NetworkError) {
            response = try await network.send(request, validation: .none)
        } catch {
            throw hint.apply(to: error)
        }
        if operation.method != "GET", operation.method != "HEAD", (200..<300).contains(response.status) {
            // What the lists of that path showed may have changed.
            await store.invalidate(under: baseURL.appendingPathComponent(Self.firstSegment(of: operation.path)))
        }
        return OperationAnswer(
            status: response.status, headers: response.headers.map { OperationRequest.Pair($0.name, $0.value) },
            body: response.body, url: response.url.absoluteString)
    }

    /// The request for `operation`: its path under the base URL, its query,
    /// header fields and JSON body.
    func operationRequest(_ operation: OperationRequest) throws(ServiceError) -> Request {
        guard let method = HTTPMethod(rawValue: operation.method.uppercased()) else {
            throw ServiceError(.configuration, "Trestle cannot send \(operation.method) requests")
        }
        let relative = String(operation.path.drop { $0 == "/" })
        let base = baseURL.absoluteString.hasSuffix("/") ? baseURL.absoluteString : baseURL.absoluteString + "/"
        guard !relative.split(separator: "/").contains(where: { $0 == ".." || $0 == "." }),
            let url = URL(string: relative, relativeTo: URL(string: base))?.absoluteURL
        else {
            throw ServiceError(.configuration, "\(operation.path) is no path under \(baseURL.absoluteString)")
        }
        var headers = HTTPHeaders(operation.headers.map { HTTPHeaders.Field(name: $0.name, value: $0.value) })
        headers = headers.setting("Accept", to: headers["Accept"] ?? "application/json")
        var body: Data?
        if let value = operation.body {
            body = JSONWriter.data(value)
            headers = headers.setting("Content-Type", to: headers["Content-Type"] ?? "application/json")
        }
        return Request(
            method: method, url: url, queryItems: operation.query.map { URLQueryItem(name: $0.name, value: $0.value) },
            headers: headers, body: body)
    }

    /// `books` of `/books/b00c…/checkout`.
    private static func firstSegment(of path: String) -> String {
        path.split(separator: "/").first.map(String.init) ?? ""
    }
}
