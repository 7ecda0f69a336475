import Foundation
import GRDB

/// What discovery found of each service (table `discovery`, keyed by the
/// service's cache namespace).
extension SQLiteStorageService {
    public func rememberedDiscovery(forService service: String) async -> RememberedDiscovery? {
        await perService("outcome", in: "discovery", forService: service, what: "service discovery")
            .flatMap(RememberedDiscovery.decoded)
    }

    public func rememberDiscovery(_ remembered: RememberedDiscovery?, forService service: String) async {
        guard let remembered else {
            keepPerService(nil, in: "discovery", forService: service, what: "service discovery")
            return
        }
        guard let outcome = remembered.encoded() else { return }
        keepPerService(
            [("outcome", outcome), ("learnedAt", remembered.learnedAt.timeIntervalSince1970)], in: "discovery",
            forService: service, what: "service discovery")
    }
}
