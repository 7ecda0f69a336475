import Foundation
import Synchronization
import Testing

@testable import Services

/// Discovery's fan-out (`fetchAll`): every URL answered, in order, with a
/// bounded number in flight.
@Suite struct FetchAllTests {
    @Test func aRootOfManyCollectionsIsAskedAFewAtATime() async {
        let urls = (0..<60).map { URL(string: "http://127.0.0.1/c\($0)")! }
        let counts = Mutex((now: 0, most: 0))
        let answers = await fetchAll(urls) { url in
            counts.withLock {
                $0.now += 1
                $0.most = max($0.most, $0.now)
            }
            await Task.yield()
            try? await Task.sleep(for: .milliseconds(2))
            counts.withLock { $0.now -= 1 }
            return ConventionAnswer(url: url, data: Data())
        }
        #expect(answers.map { $0?.url } == urls)
        let most = counts.withLock { $0.most }
        #expect(most <= fetchAllInFlight, "\(most) in flight")
        #expect(most > 1, "not asked in parallel")
    }
}
