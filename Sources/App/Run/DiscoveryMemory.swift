import Foundation
import Logging
import OpenAPIServices
import Services

/// The look for a service's document with what an earlier start found
/// (``RememberedDiscovery``, in the cache beside the remembered convention):
/// the remembered place is asked alone (the response cache sends its
/// `ETag`: a 304 or a 200 is read), a remembered json-server asks only its
/// `/db`, and a remembered "nothing" (for a day) asks no place. When the
/// remembered place or `/db` fails now, every place is asked again and the
/// memory is replaced.
enum DiscoveryMemory {
    /// What the look gave: its outcome and, when no place was asked because
    /// the memory said there was none, that memory (and `/db`'s answer, if read).
    struct Looked: Sendable {
        var discovered: OpenAPIDiscovery.Discovered
        var skipped: RememberedDiscovery? = nil
        var database: DocumentFetcher.Probe? = nil
    }

    static func look(
        _ discovery: OpenAPIDiscovery, named: [URL], recall: ConventionRecall?, documents: DocumentFetcher?,
        observer: OpenAPIReadObserver, logger: Logger
    ) async -> Looked {
        switch recall?.discovered?.outcome {
        case .document(let url)?:
            let again = await discovery.discover(places: [url.absoluteString], observer: observer)
            switch again.outcome {
            case .found, .stopped:
                logger.info("discovery", metadata: ["remembered": "\(url.absoluteString)"])
                return Looked(discovered: again)
            case .problem, .none:
                logger.notice("discovery", metadata: ["remembered place failed": "\(url.absoluteString)"])
            }
        case .jsonServer?:
            if let documents {
                let database = await documents.probe("/db", scan: DatabasePrefix.scan)
                if UnknownService.isDatabase(database) {
                    logger.info("discovery", metadata: ["remembered": "json-server"])
                    return Looked(
                        discovered: .init(outcome: .none, attempts: []), skipped: recall?.discovered,
                        database: database)
                }
                logger.notice("discovery", metadata: ["remembered place failed": "\(database.url)"])
            }
        case .nothing?:
            logger.info("discovery", metadata: ["remembered": "nothing found"])
            return Looked(discovered: .init(outcome: .none, attempts: []), skipped: recall?.discovered)
        case .graphQL?, .grpc?, nil:
            // A remembered GraphQL endpoint that answered no schema (`GraphQLStage.remembered`): every place again.
            break
        }
        return Looked(discovered: await discovery.discover(named: named, observer: observer))
    }

    /// Keeps what this start found for the next one (unless it is what was remembered already).
    static func remember(_ found: RememberedDiscovery?, recall: ConventionRecall?) async {
        guard let recall else { return }
        let before = recall.discovered
        if let found, let before, found.outcome == before.outcome, found.jsonServer == before.jsonServer,
            found.lines == before.lines
        {
            return
        }
        if found == nil, before == nil { return }
        await recall.storage.rememberDiscovery(found, forService: recall.service)
    }
}
