import Foundation
import Networking

/// `:curl` and `trestle get --curl`: the request a screen sends, as text.
extension LiveAPIService {
    public func requestText(_ resource: ResourceDescriptor, _ subject: ResourceRequest) async throws(ServiceError)
        -> RequestText
    {
        guard !isInProcess else { throw .noRequestTextInProcess }
        let request: Request
        switch subject {
        case .list(let query):
            if await store.knownServerDialect() == nil,
                try listConvention(resource, .v0).learnsDialect(before: query, resent: false)
            {
                // Sort, paging and operators are spelt per dialect: learn it from one small page.
                _ = try? await loadListing(resource, ListQuery(page: 1, limit: 1))
            }
            request = try listRequest(resource, query, await store.serverDialect())
        case .record(let id):
            request = try recordRequest(resource, id: id)
        }
        let sent: Request
        do throws(NetworkError) {
            sent = try await network.preparedForShow(request)
        } catch {
            throw hint.apply(to: error)
        }
        guard let url = sent.resolvedURL else {
            throw ServiceError(.configuration, "The request for \(resource.name) has no valid URL")
        }
        let headers = sent.headers.map { field in
            Self.text(of: field, addedBy: request.headers[field.name] != field.value)
        }
        var text = RequestText(method: sent.method.rawValue, url: url.absoluteString, headers: headers)
        text.insecure = insecure
        return text
    }

    /// A header field as text: an `Authorization` added by middleware (the
    /// token) keeps its scheme and names `$TRESTLE_TOKEN` for the rest.
    public static func text(of field: HTTPHeaders.Field, addedBy middleware: Bool) -> RequestText.Header {
        // A secret prepared for show (`auth:`): the shell text that finds it.
        if let standIn = AuthStandIn.split(field.value) {
            return .init(field.name, standIn.prefix, variable: standIn.variable)
        }
        // A secret already shown as `***` (a pasted curl command's, `OriginHeadersMiddleware`) stays so.
        if field.value == "***" || field.value.hasSuffix(" ***") { return RequestText.Header(field.name, field.value) }
        guard middleware, field.name.lowercased() == "authorization" else {
            return RequestText.Header(field.name, field.value)
        }
        let scheme =
            field.value.split(separator: " ", maxSplits: 1).count == 2
            ? String(field.value.prefix { $0 != " " }) + " " : ""
        return RequestText.Header(field.name, scheme, variable: TokenSource.environmentKey)
    }
}
