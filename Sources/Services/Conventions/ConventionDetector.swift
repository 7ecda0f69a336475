import Foundation
import JSON
import Networking

/// Finds which convention a service speaks, given only its root URL
/// (`--base-url`, maybe below the host: `…/api`): one GET of the root,
/// asking for every media type the registry's conventions know, then the
/// first convention that claims the answer discovers its collections —
/// all within a deadline. A forced convention (`--convention`,
/// `convention:`) skips the claims.
public struct ConventionDetector: Sendable {
    public let root: URL
    let network: NetworkClient
    let registry: ConventionRegistry
    let deadline: Duration

    public init(
        root: URL, network: NetworkClient, registry: ConventionRegistry = .builtIn, deadline: Duration = .seconds(5)
    ) {
        self.root = root
        self.network = network
        self.registry = registry
        self.deadline = deadline
    }

    /// The convention and collections found; `nil` when the root cannot
    /// be read, no convention claims it, or the deadline passed first.
    /// `recorder` notes every answer read (the convention remembered in the cache).
    public func detect(forcing forced: ConventionName? = nil, recording recorder: ConventionRecorder? = nil) async
        -> ConventionDiscovery?
    {
        let registry = registry
        let detector = self
        return await withTaskGroup(of: ConventionDiscovery?.self) { group in
            group.addTask {
                guard let answer = await detector.fetch(detector.root) else { return nil }
                recorder?.noteRoot(answer)
                let fetch = recorder?.recording(detector.fetch) ?? detector.fetch
                let candidates =
                    forced.map { name in registry.named(name).map { [$0] } ?? [] } ?? registry.claiming(answer)
                for convention in candidates {
                    if let found = await convention.discover(root: answer, fetch: fetch) { return found }
                }
                return nil
            }
            group.addTask { [deadline] in
                try? await Task.sleep(for: deadline)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }

    /// One GET for a convention: the answer whatever its status (a 404
    /// root says something too), `nil` when nothing answered; only the
    /// what ``ConventionProbe/bodyScan`` keeps of it when a probe set one.
    public func fetch(_ url: URL) async -> ConventionAnswer? {
        let types = Set(registry.conventions.map(\.mediaType)).subtracting(["application/json"]).sorted()
        let accept = (types + ["application/json;q=0.9", "*/*;q=0.5"]).joined(separator: ", ")
        var request = Networking.request(.get, url) |> withHeader("Accept", accept)
        if let scan = ConventionProbe.bodyScan { request = request |> withBodyScan(scan) }
        guard let response = try? await network.send(request, validation: .none) else { return nil }
        return Self.answer(response)
    }

    /// A response as a convention reads it: media type, `Link` and total resolved.
    public static func answer(_ response: Response) -> ConventionAnswer {
        let mediaType = response.headers["Content-Type"].map {
            String($0.prefix { $0 != ";" }).trimmingCharacters(in: .whitespaces).lowercased()
        }
        let info = PageInfo(headers: response.headers, baseURL: response.url)
        return ConventionAnswer(
            url: response.url, status: response.status, mediaType: mediaType, links: info.links,
            totalCount: info.totalCount, data: response.body)
    }
}
