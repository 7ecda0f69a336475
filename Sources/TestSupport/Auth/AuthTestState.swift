import Foundation

/// The ``AuthTestServer``'s credentials, issued tokens and routes.
actor AuthTestState {
    struct Secrets: Sendable {
        var clientSecret: String
        var password: String
        var staticToken: String
    }

    let scheme: AuthTestServer.Scheme
    let secrets: Secrets
    /// Issued tokens or session cookies, with when each stops being valid.
    private var valid: [String: ContinuousClock.Instant] = [:]
    private(set) var issuedValues: [String] = []
    private(set) var refusals = 0
    private(set) var answered = 0

    var issued: Int { issuedValues.count }

    init(scheme: AuthTestServer.Scheme, secrets: Secrets) {
        self.scheme = scheme
        self.secrets = secrets
    }

    func answer(_ request: TestHTTPRequest) -> TestHTTPResponse {
        switch (request.method, request.path) {
        case ("POST", "/oauth/token"): return token(request)
        case ("POST", "/login"): return login(request)
        case ("GET", "/openapi.json"): return .json(AuthTestDocument.text)
        default: break
        }
        let segments = request.path.split(separator: "/").map(String.init)
        guard request.method == "GET", segments.first == "books", segments.count <= 2 else {
            return .json(#"{"error":"not found"}"#, status: 404)
        }
        guard let presented = authorized(request) else {
            refusals += 1
            let echo = request.header("Authorization") ?? request.header("Cookie") ?? "none"
            return .json(#"{"error":"credentials \#(echo) are not valid"}"#, status: 401)
        }
        _ = presented
        answered += 1
        let books = (1...AuthTestServer.bookCount).map { #"{"id":\#($0),"title":"Book \#($0)","pages":\#(100 + $0)}"# }
        if segments.count == 2 {
            guard let id = Int(segments[1]), (1...AuthTestServer.bookCount).contains(id) else {
                return .json(#"{"error":"not found"}"#, status: 404)
            }
            return .json(books[id - 1])
        }
        return .json("[" + books.joined(separator: ",") + "]")
    }

    /// The credential the request carries, if it is valid now.
    private func authorized(_ request: TestHTTPRequest) -> String? {
        switch scheme {
        case .oauth2:
            guard let header = request.header("Authorization"), header.hasPrefix("Bearer ") else { return nil }
            return isValid(String(header.dropFirst(7))) ? header : nil
        case .basic:
            let expected = "Basic " + Data("\(AuthTestServer.user):\(secrets.password)".utf8).base64EncodedString()
            return request.header("Authorization") == expected ? expected : nil
        case .login:
            let cookies = (request.header("Cookie") ?? "").split(separator: ";").map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            return cookies.first { $0.hasPrefix("sid=") && isValid(String($0.dropFirst(4))) }
        case .bearer:
            return request.header("Authorization") == "Bearer \(secrets.staticToken)" ? secrets.staticToken : nil
        case .apiKey(let name):
            return request.header(name) == secrets.staticToken ? secrets.staticToken : nil
        }
    }

    func revokeAll() { valid = [:] }

    func accepts(_ value: String) -> Bool { isValid(value) }

    private func isValid(_ value: String) -> Bool {
        guard let end = valid[value] else { return false }
        return ContinuousClock.now < end
    }

    private func issue(lifetime: Int?) -> String {
        let value = "tk-\(issuedValues.count + 1)-\(UUID().uuidString)"
        valid[value] = lifetime.map { ContinuousClock.now + .seconds($0) } ?? ContinuousClock.now + .seconds(86400)
        issuedValues.append(value)
        return value
    }

    /// RFC 6749 §4.4: client credentials by Basic auth or in the form.
    private func token(_ request: TestHTTPRequest) -> TestHTTPResponse {
        guard case .oauth2(let lifetime) = scheme else { return .json(#"{"error":"not found"}"#, status: 404) }
        let form = Self.form(request.body)
        var client = (form["client_id"], form["client_secret"])
        if let header = request.header("Authorization"), header.hasPrefix("Basic "),
            let data = Data(base64Encoded: String(header.dropFirst(6))),
            let pair = String(data: data, encoding: .utf8), let colon = pair.firstIndex(of: ":")
        {
            client = (
                String(pair[..<colon]).removingPercentEncoding,
                String(pair[pair.index(after: colon)...]).removingPercentEncoding
            )
        }
        guard form["grant_type"] == "client_credentials" else {
            return .json(#"{"error":"unsupported_grant_type"}"#, status: 400)
        }
        guard client.0 == AuthTestServer.clientID, client.1 == secrets.clientSecret else {
            return .json(
                #"{"error":"invalid_client","error_description":"client authentication failed"}"#, status: 401)
        }
        let token = issue(lifetime: lifetime)
        return .json(#"{"access_token":"\#(token)","token_type":"Bearer","expires_in":\#(lifetime)}"#)
    }

    private func login(_ request: TestHTTPRequest) -> TestHTTPResponse {
        guard scheme == .login else { return .json(#"{"error":"not found"}"#, status: 404) }
        let form = Self.form(request.body)
        guard form["username"] == AuthTestServer.user, form["password"] == secrets.password else {
            return .json(#"{"error":"wrong user or password"}"#, status: 401)
        }
        let sid = issue(lifetime: nil)
        return TestHTTPResponse(
            status: 200,
            headers: [("Content-Type", "application/json"), ("Set-Cookie", "sid=\(sid); Path=/; HttpOnly")],
            body: Data(#"{"ok":true}"#.utf8))
    }

    static func form(_ body: Data) -> [String: String] {
        var components = URLComponents()
        components.percentEncodedQuery = String(decoding: body, as: UTF8.self).replacingOccurrences(
            of: "+", with: "%20")
        var result: [String: String] = [:]
        for item in components.queryItems ?? [] { result[item.name] = item.value ?? "" }
        return result
    }
}

/// The ``AuthTestServer``'s OpenAPI document: books, and an OAuth 2
/// client-credentials scheme whose token URL is relative (`/oauth/token`).
enum AuthTestDocument {
    static let text = """
        {"openapi":"3.0.3","info":{"title":"Books","version":"1"},
         "components":{
          "securitySchemes":{"cc":{"type":"oauth2","flows":{"clientCredentials":{
            "tokenUrl":"/oauth/token","scopes":{"books:read":"read books"}}}}},
          "schemas":{"Book":{"type":"object","properties":{"id":{"type":"integer"},"title":{"type":"string"},
            "pages":{"type":"integer"}}}}},
         "security":[{"cc":["books:read"]}],
         "paths":{
          "/books":{"get":{"operationId":"listBooks","responses":{"200":{"description":"books",
            "content":{"application/json":{"schema":{"type":"array","items":{"$ref":"#/components/schemas/Book"}}}}}}}},
          "/books/{id}":{"get":{"operationId":"getBook","parameters":[{"name":"id","in":"path","required":true,
            "schema":{"type":"integer"}}],"responses":{"200":{"description":"a book",
            "content":{"application/json":{"schema":{"$ref":"#/components/schemas/Book"}}}}}}}}}
        """
}
