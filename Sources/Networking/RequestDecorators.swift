import Foundation

// Pure request decorators: each returns a `(Request) -> Request` that never
// mutates its input. Chain them with `|>`.

/// Sets header `name` to `value`, replacing earlier values of that header.
public func withHeader(_ name: String, _ value: String) -> (Request) -> Request {
    { $0.with(headers: $0.headers.setting(name, to: value)) }
}

/// Sets `Accept` to `mediaType`.
public func withAccept(_ mediaType: String) -> (Request) -> Request {
    withHeader("Accept", mediaType)
}

/// Sets `Accept: application/json`.
public func withAcceptJSON(_ request: Request) -> Request {
    withAccept("application/json")(request)
}

/// Uses `data` as the body, sent as `Content-Type: application/json`.
public func withJSONBody(_ data: Data) -> (Request) -> Request {
    { withHeader("Content-Type", "application/json")($0).with(body: .some(data)) }
}

/// Encodes `value` as JSON and uses it as the body.
///
/// Encoding happens when the decorator is made, so the error surfaces where
/// the request is built: `let r = try request(.post, url) |> withJSONBody(todo)`.
/// - Throws: the `EncodingError` from `encoder`.
public func withJSONBody<Value: Encodable>(
    _ value: Value,
    encoder: JSONEncoder = JSONEncoder()
) throws(EncodingError) -> (Request) -> Request {
    let data: Data
    do {
        data = try encoder.encode(value)
    } catch let error as EncodingError {
        throw error
    } catch {
        throw EncodingError.invalidValue(
            value, .init(codingPath: [], debugDescription: "\(error)", underlyingError: error))
    }
    return withJSONBody(data)
}

/// Sets `Authorization: Bearer <token>`.
public func withBearer(_ token: String) -> (Request) -> Request {
    withHeader("Authorization", "Bearer \(token)")
}

/// Sets `Authorization: Basic <base64(user:password)>`.
public func withBasicAuth(user: String, password: String) -> (Request) -> Request {
    let credentials = Data("\(user):\(password)".utf8).base64EncodedString()
    return withHeader("Authorization", "Basic \(credentials)")
}

/// Appends `items` to the request's query items (earlier items are kept).
public func withQuery(_ items: [URLQueryItem]) -> (Request) -> Request {
    { $0.with(queryItems: $0.queryItems + items) }
}

/// Sets the timeout in seconds.
public func withTimeout(_ seconds: TimeInterval) -> (Request) -> Request {
    { $0.with(timeout: seconds) }
}

/// Reads the answer's body through `scan` as it arrives: the response
/// carries what its scanner keeps (a probe that needs a few facts of a
/// large answer), and the transfer ends where the scan stops.
public func withBodyScan(_ scan: BodyScan) -> (Request) -> Request {
    { $0.with(bodyScan: .some(scan)) }
}

/// Sets `If-None-Match` to `etag` as the server sent it (e.g. `W/"abc"`).
///
/// A bare value without quotes is quoted, as the header requires.
public func withIfNoneMatch(_ etag: String) -> (Request) -> Request {
    let value = ETag(parsing: etag)?.headerValue ?? ETag(strong: etag).headerValue
    return withHeader("If-None-Match", value)
}

/// Sets `If-None-Match` to `etag`.
public func withIfNoneMatch(_ etag: ETag) -> (Request) -> Request {
    withHeader("If-None-Match", etag.headerValue)
}

/// Sets `If-Modified-Since` to `date`, formatted as an HTTP date.
public func withIfModifiedSince(_ date: Date) -> (Request) -> Request {
    withHeader("If-Modified-Since", HTTPDate.format(date))
}
