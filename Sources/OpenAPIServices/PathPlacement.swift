import Foundation
import OpenAPIKit
import Services

/// Where a document's paths are asked, as the OpenAPI specification says:
/// each path is appended to the first server's URL; no `servers` (or an
/// empty list) means `/` of the document's origin; a relative server URL
/// is resolved against the document's URL (Swagger 2.0's `basePath`
/// becomes such a server). The path is then said below the base URL the
/// user gave: Django Ninja's document at `/api/openapi.json`, with no
/// servers and paths `/api/books`, is browsed under the base `…/api` as
/// `/books` — never `/api/api/books`. Paths keep their trailing slash or
/// its absence as written.
///
/// A server on another origin than the document's (a generated
/// `http://localhost:8080`, the host a developer ran it on) gives its path
/// only, on the document's origin: the document was reached where the
/// user pointed Trestle.
struct PathPlacement: Sendable {
    /// The server's path, without its trailing slash (`""`, `/api`).
    let serverPath: String
    /// The base URL's path, without its trailing slash.
    let basePath: String
    /// Places nothing: a document read from a file, from another origin
    /// than the base URL's, or with no base URL.
    let isIdentity: Bool

    static let identity = PathPlacement(serverPath: "", basePath: "", isIdentity: true)

    private init(serverPath: String, basePath: String, isIdentity: Bool) {
        self.serverPath = serverPath
        self.basePath = basePath
        self.isIdentity = isIdentity
    }

    /// The placement of `document`'s paths, read from `location` (a URL),
    /// below `base`; the identity for a file or without a base.
    init(_ document: OpenAPI.Document, location: String, base: URL?) {
        guard let base, let documentURL = URL(string: location), let scheme = documentURL.scheme?.lowercased(),
            ["http", "https"].contains(scheme), let host = documentURL.host
        else {
            self = .identity
            return
        }
        var serverPath = ""
        if let server = document.servers.first {
            var text = server.urlTemplate.rawValue
            for (name, variable) in server.variables {
                text = text.replacingOccurrences(of: "{\(name)}", with: variable.default)
            }
            if let resolved = URL(string: text, relativeTo: documentURL)?.absoluteURL {
                serverPath = resolved.path
            }
        }
        // A document from elsewhere than the service (`--openapi` naming
        // another host) describes paths under the base URL, as before.
        guard
            base.scheme?.lowercased() == scheme && base.host?.lowercased() == host.lowercased()
                && base.port == documentURL.port
        else {
            self = .identity
            return
        }
        self.init(
            serverPath: ConventionPath.trimmingSlashes(serverPath), basePath: ConventionPath.trimmingSlashes(base.path),
            isIdentity: false)
    }

    /// `path` as the document writes it (`/api/books/{book_id}`), said
    /// below the base URL (`/books/{book_id}`). A path the servers would
    /// place outside the base URL is taken below it as written: the user
    /// pointed Trestle at the base, and a document there that names no
    /// server most likely left it out (`/books` in `/api/v1/openapi.json`).
    func place(_ path: String) -> String {
        guard !isIdentity else { return path }
        let full = serverPath + (path.hasPrefix("/") ? path : "/" + path)
        if full == basePath { return "/" }
        if full.hasPrefix(basePath + "/") { return String(full.dropFirst(basePath.count)) }
        return path
    }
}
