import Foundation
import TestSupport

@testable import App

/// The fake environment over the shipped sample data, prepared as the app
/// does, with `home`'s folders for cache and log.
enum SampleStart {
    static func prepare(in home: TemporaryHome, delay: Double = 0) async throws -> AppRoot.Prepared {
        let options = LaunchOptions(
            delay: delay, dataFile: BuiltProducts.packageRoot.appendingPathComponent("sample-data/db.json").path)
        return try await AppRoot.prepare(options: options, environment: home.environment)
    }
}
