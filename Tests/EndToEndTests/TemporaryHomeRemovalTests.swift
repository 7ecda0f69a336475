import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// A private home goes with its last reference, however the test ends:
    /// a test that throws before its `remove()` (or that never calls it)
    /// leaves no `trestle-e2e-*` folder in the temporary directory.
    @Suite
    struct TemporaryHomeRemovalTests {
        struct Failed: Error {}

        /// Makes a home, writes in it, names it, and fails by a thrown error
        /// before anything removes it.
        static func failingRun(_ named: (URL) -> Void) throws {
            let home = try TemporaryHome()
            named(home.root)
            try home.writeConfig("services: []\n")
            throw Failed()
        }

        @Test func aHomeIsRemovedWhenItsTestThrows() throws {
            var root: URL?
            #expect(throws: Failed.self) { try Self.failingRun { root = $0 } }
            let folder = try #require(root)
            #expect(
                !FileManager.default.fileExists(atPath: folder.path), "\(folder.path) was left behind")
        }

        @Test func aHomeNobodyRemovesGoesWithItsLastReference() throws {
            var root: URL?
            do {
                let home = try TemporaryHome()
                root = home.root
                _ = home.environment
            }
            let folder = try #require(root)
            #expect(
                !FileManager.default.fileExists(atPath: folder.path), "\(folder.path) was left behind")
        }
    }
}
