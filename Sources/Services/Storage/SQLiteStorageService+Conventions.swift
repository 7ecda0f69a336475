import Foundation
import GRDB

/// The convention each service was found in (table `convention`, keyed by
/// the service's cache namespace), with the answers it was found from.
extension SQLiteStorageService {
    public func rememberedConvention(forService service: String) async -> RememberedConvention? {
        await perService("answers", in: "convention", forService: service, what: "service convention")
            .flatMap(RememberedConvention.decoded)
    }

    public func rememberConvention(_ remembered: RememberedConvention?, forService service: String) async {
        guard let remembered else {
            keepPerService(nil, in: "convention", forService: service, what: "service convention")
            return
        }
        guard let answers = remembered.encoded() else { return }
        keepPerService(
            [
                ("name", remembered.convention.rawValue), ("answers", answers),
                ("learnedAt", Date().timeIntervalSince1970),
            ], in: "convention", forService: service, what: "service convention")
    }
}
