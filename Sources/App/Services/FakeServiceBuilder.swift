import FakeServices
import Foundation
import JSON
import JSONServerCore
import Logging
import Modules
import Networking
import Services

/// The fake environment: the sample data (or `--data FILE`) served in process.
public struct FakeServiceBuilder: ServiceBuilder {
    public var configuration: AppConfiguration
    /// The running executable, to find the shipped sample data beside it.
    public var executable: URL

    public init(configuration: AppConfiguration, executable: URL = AppRoot.executableURL) {
        self.configuration = configuration
        self.executable = executable
    }

    public func build(
        storage: any StorageService, logger: Logger, journal: RequestJournal, description: ServiceDescription
    ) async throws(ConfigurationError)
        -> ServiceContainer
    {
        let file = try dataFile()
        let engine = try makeEngine(file)
        let activity = ActivityTracker()
        var behavior = StubBehavior.delayed(configuration.delay)
        behavior.errorRate = configuration.fakeErrorRate
        behavior.alwaysFailWith = configuration.fakeFailWith
        let api = FakeAPIService.make(
            engine: engine, behavior: behavior,
            storage: storage,
            middleware: standardMiddleware(
                activity: activity, logger: logger, timeout: configuration.timeout, journal: journal, transport: .fake),
            logger: logger,
            cacheNamespace: "fake|\(configuration.fakeDialect.rawValue)|\(file.standardizedFileURL.path)",
            origin: SampleDataFile.isShipped(file, executable: executable) ? "sample-data" : file.lastPathComponent)
        let history = RequestHistoryRecorder(
            storage: storage, namespace: "fake|\(configuration.fakeDialect.rawValue)|\(file.standardizedFileURL.path)",
            baseURL: URL(fileURLWithPath: "/"), describe: \.userMessage)
        history.attach(to: journal)
        var services = ServiceContainer(
            api: api, storage: storage, activity: activity, journal: journal, history: history)
        // A snapshot (`trestle snapshot`) is browsed as the live service was
        // described, and opens as it did: a catalog found on the service as
        // found ones do, one listed by hand on its first resource.
        services.catalog =
            configuration.dataFile.flatMap { MappedFile(path: $0.path) }
            .flatMap(SnapshotFile.description(in:))?.catalog
        if let described = services.catalog, described.isFromDocument {
            services.catalog?.opening = described.foundOpening
        }
        return services
    }

    /// The engine over `file`: a large file is outlined and its records parsed
    /// as pages need them (see `LazyDatabase`), a small one parsed whole.
    private func makeEngine(_ file: URL) throws(ConfigurationError) -> JSONServerEngine {
        let dialect = configuration.fakeDialect
        let database: JSONDatabase
        do {
            // Mapped and released as parsed, so a large file is never resident
            // whole beside its values; unmappable files are read (which says why).
            if let mapped = MappedFile(path: file.path) {
                if mapped.bytes.count >= Self.lazyThreshold,
                    let lazy = try LazyDatabase(file: mapped, source: "data file \(file.path)")
                {
                    return JSONServerEngine(lazy: lazy, dialect: dialect)
                }
                database = try JSONDatabase(mappedFile: mapped)
            } else {
                let data: Data
                do {
                    data = try Data(contentsOf: file)
                } catch {
                    throw ConfigurationError("cannot read data file \(file.path): \(FileProblem.reason(file, error))")
                }
                database = try JSONDatabase(data: data)
            }
        } catch let error as ConfigurationError {
            throw error
        } catch {
            throw ConfigurationError("data file \(file.path): \(error)")
        }
        return JSONServerEngine(database: database, dialect: dialect)
    }

    /// `LazyDatabase.threshold`, or `TRESTLE_LAZY_THRESHOLD` (bytes; tests
    /// use 0 to serve small files lazily).
    private static var lazyThreshold: Int {
        ProcessInfo.processInfo.environment["TRESTLE_LAZY_THRESHOLD"].flatMap { Int($0) } ?? LazyDatabase.threshold
    }

    private func dataFile() throws(ConfigurationError) -> URL {
        if let file = configuration.dataFile { return file }
        if let shipped = SampleDataFile.locate(executable: executable) { return shipped }
        throw ConfigurationError(
            "sample data not found where Trestle ships it for \(executable.path) (PREFIX/share/trestle, or the checkout of its .build folder); pass --data FILE"
        )
    }
}
