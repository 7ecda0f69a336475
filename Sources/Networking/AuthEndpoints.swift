import Foundation

/// An OAuth 2 token endpoint, asked for a client-credentials token
/// (RFC 6749 §4.4) straight through the transport: the answer holds the
/// token, so no journal, log line or cache sees it.
struct OAuth2TokenEndpoint {
    /// A token and how long it lives (`expires_in`), if the server said.
    struct Token {
        var accessToken: String
        var lifetime: Duration?
    }

    let url: URL
    let transport: any HTTPClient
    let timeout: Double

    func fetch(_ settings: OAuth2Settings, secret: String) async throws(AuthFailure) -> Token {
        var fields = [("grant_type", "client_credentials")]
        if !settings.scopes.isEmpty { fields.append(("scope", settings.scopes.joined(separator: " "))) }
        var headers: HTTPHeaders = [
            "Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json",
        ]
        switch settings.clientAuthentication {
        case .basic:
            let pair = FormEncoding.encode(settings.clientID) + ":" + FormEncoding.encode(secret)
            headers = headers.setting("Authorization", to: "Basic " + Data(pair.utf8).base64EncodedString())
        case .body:
            fields += [("client_id", settings.clientID), ("client_secret", secret)]
        }
        let request = Request(
            method: .post, url: url, headers: headers, body: FormEncoding.body(fields), timeout: timeout)
        let response: Response
        do {
            response = try await transport.send(request)
        } catch {
            throw .tokenUnreachable(url: url.absoluteString, error: error)
        }
        let object = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any]
        if !(200..<300).contains(response.status), let origin = response.redirectedOrigin {
            // Redirected elsewhere, where no secret went: say where, not what it said.
            throw .tokenUnreachable(
                url: url.absoluteString, error: .redirectedAway(to: origin, code: response.status, excerpt: ""))
        }
        guard (200..<300).contains(response.status) else {
            throw .tokenRefused(
                url: url.absoluteString, status: response.status,
                said: Self.said(object, body: response.body, hiding: [secret]))
        }
        guard let token = object?["access_token"] as? String, !token.isEmpty else {
            throw .tokenAnswerUnreadable(url: url.absoluteString)
        }
        return Token(accessToken: token, lifetime: Self.seconds(object?["expires_in"]).map { .seconds($0) })
    }

    /// `expires_in` as a number of seconds (a number, or a number as text).
    static func seconds(_ value: Any?) -> Double? {
        if let number = value as? NSNumber { return number.doubleValue > 0 ? number.doubleValue : nil }
        if let text = value as? String, let number = Double(text), number > 0 { return number }
        return nil
    }

    /// What a refusal says: `invalid_client: bad secret`, else the body's
    /// start; any of `secrets` in it replaced by `***`.
    static func said(_ object: [String: Any]?, body: Data, hiding secrets: [String]) -> String {
        var text: String
        if let error = object?["error"] as? String {
            text = error
            if let description = object?["error_description"] as? String { text += ": " + description }
        } else {
            text = String(decoding: body, as: UTF8.self)
        }
        for secret in secrets where secret.count >= 4 {
            text = text.replacingOccurrences(of: secret, with: "***")
        }
        return BodyExcerpt.make(from: text)
    }
}

/// A login form POSTed once, for a session-cookie API: the cookies its
/// answer sets are the credential. Sent straight through the transport (the
/// form holds the password).
struct LoginForm {
    let url: URL
    let transport: any HTTPClient
    let timeout: Double

    /// The `Cookie:` pairs the answer set (`session=…; csrf=…`).
    func post(_ fields: [(String, String)]) async throws(AuthFailure) -> String {
        let request = Request(
            method: .post, url: url,
            headers: ["Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json, */*"],
            body: FormEncoding.body(fields), timeout: timeout)
        let response: Response
        do {
            response = try await transport.send(request)
        } catch {
            throw .loginUnreachable(url: url.absoluteString, error: error)
        }
        if !(200..<400).contains(response.status), let origin = response.redirectedOrigin {
            throw .loginUnreachable(
                url: url.absoluteString, error: .redirectedAway(to: origin, code: response.status, excerpt: ""))
        }
        guard (200..<400).contains(response.status) else {
            throw .loginRefused(url: url.absoluteString, status: response.status)
        }
        let pairs = response.headers.values(for: "Set-Cookie").compactMap { line -> String? in
            let pair = line.split(separator: ";", maxSplits: 1).first.map(String.init)?
                .trimmingCharacters(in: .whitespaces)
            guard let pair, pair.contains("="), !pair.hasPrefix("=") else { return nil }
            return pair
        }
        guard !pairs.isEmpty else { throw .loginSetNoCookie(url: url.absoluteString) }
        return pairs.joined(separator: "; ")
    }
}

/// `application/x-www-form-urlencoded` bodies.
enum FormEncoding {
    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    static func body(_ fields: [(String, String)]) -> Data {
        Data(fields.map { encode($0.0) + "=" + encode($0.1) }.joined(separator: "&").utf8)
    }
}
