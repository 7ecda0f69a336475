import Foundation
import Services

/// Finds a service's OpenAPI document: at a location given (a file, a URL,
/// a path under the base URL), or at the conventional paths, asked in parallel.
public struct OpenAPIDiscovery: Sendable {
    /// Where frameworks publish their document: FastAPI, YAML-first
    /// services, Spring (springdoc), Swagger-era services.
    public static let conventionalPaths = ["/openapi.json", "/openapi.yaml", "/v3/api-docs", "/swagger.json"]

    let fetcher: DocumentFetcher?

    public init(fetcher: DocumentFetcher?) {
        self.fetcher = fetcher
    }

    /// The outcome: a description, a problem to say in one line, nothing
    /// found, or the reading stopped (its task cancelled) before the end.
    public enum Outcome: Sendable {
        case found(OpenAPIDescription)
        case problem(String)
        case none
        case stopped
    }

    /// Reads the document at `location`: an existing file, else a URL or a
    /// path under the base URL; `observer` hears how far the reading has come.
    public func load(_ location: String, observer: OpenAPIReadObserver = .init()) async -> Outcome {
        let data: Data?
        let source: String
        if FileManager.default.fileExists(atPath: location) {
            source = location
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: location))
            } catch {
                return .problem("OpenAPI document \(location) cannot be read (\(error.localizedDescription))")
            }
        } else {
            source = absolute(location)
            data = await fetcher?.fetch(location)
        }
        guard let data else { return .problem("OpenAPI document \(source) not found") }
        return Self.read(data, location: source, observer: observer)
    }

    /// The outcome of reading `data`, a document from `location`.
    private static func read(_ data: Data, location: String, observer: OpenAPIReadObserver) -> Outcome {
        do {
            return .found(try OpenAPIDescription.read(data, location: location, observer: observer))
        } catch {
            return error.isStopped ? .stopped : .problem(error.description)
        }
    }

    /// Asks the conventional paths at once; the first (in their order) that
    /// holds an OpenAPI document wins. A path answering something that is
    /// not one (an HTML page, JSON of another kind) is passed over silently,
    /// but for a JSON array: where a document should be, that is said in a
    /// line when no other path holds one.
    public func discover(observer: OpenAPIReadObserver = .init()) async -> Outcome {
        guard let fetcher else { return .none }
        let paths = Self.conventionalPaths
        let bodies = await withTaskGroup(of: (Int, Data?).self) { group in
            for (index, path) in paths.enumerated() {
                group.addTask { (index, await fetcher.fetch(path)) }
            }
            var found = [Data?](repeating: nil, count: paths.count)
            for await (index, body) in group { found[index] = body }
            return found
        }
        var notADocument: String?
        for (path, body) in zip(paths, bodies) {
            guard let body else { continue }
            guard Self.looksLikeOpenAPI(body) else {
                if notADocument == nil, Self.isJSONArray(body) {
                    notADocument = Self.problem(reading: body, location: absolute(path))
                }
                continue
            }
            return Self.read(body, location: absolute(path), observer: observer)
        }
        return notADocument.map(Outcome.problem) ?? .none
    }

    /// Whether `body` is a JSON array (its first byte but blanks is `[`).
    static func isJSONArray(_ body: Data) -> Bool {
        body.first { !" \t\r\n".utf8.contains($0) } == UInt8(ascii: "[")
    }

    /// The line reading `body` gives, if it fails.
    private static func problem(reading body: Data, location: String) -> String? {
        do {
            _ = try OpenAPIDocumentReader.read(body, source: location)
            return nil
        } catch {
            return error.description
        }
    }

    private func absolute(_ location: String) -> String {
        if let url = URL(string: location), url.scheme != nil { return location }
        guard let base = fetcher?.baseURL.absoluteString else { return location }
        return (base.hasSuffix("/") ? String(base.dropLast()) : base) + location
    }

    /// Whether `body` names an OpenAPI or Swagger version near its start.
    static func looksLikeOpenAPI(_ body: Data) -> Bool {
        let head = String(decoding: body.prefix(4096), as: UTF8.self)
        return head.contains("\"openapi\"") || head.contains("openapi:") || head.contains("\"swagger\"")
            || head.contains("swagger:")
    }
}
