import Foundation
import Modules
import Testing

@Suite struct RelativeAgeTests {
    static let ages: [(Double, String)] = [
        (0, "just now"), (12, "12 s ago"), (300, "5 min ago"), (10_799, "2 h ago"), (10_800, "3 h ago"),
        (86_400, "1 day ago"), (172_805, "2 days ago"), (-30, "just now"),
    ]

    @Test(arguments: ages)
    func relativeAgeDescribesElapsedTime(_ seconds: Double, _ expected: String) {
        let now = Date(timeIntervalSince1970: 1_000_000)
        #expect(RelativeAge.describe(from: now.addingTimeInterval(-seconds), to: now) == expected)
    }
}
