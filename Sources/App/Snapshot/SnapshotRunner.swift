import Foundation
import JSON
import Services

/// `trestle snapshot OUT`: reads every resource of the service through the
/// same services as the UI (whatever convention it speaks), keeps the
/// parents the kept records point at, and writes one JSON file that
/// `trestle --env fake --data OUT` and `trestle serve --data OUT` replay.
public enum SnapshotRunner {
    /// What the command line asked for.
    public struct Settings: Sendable {
        public var output: String
        public var walk: SnapshotWalker.Options
        public var anonymise: Bool
        /// Fields `--anonymise` leaves alone.
        public var keep: [String]

        public init(output: String, walk: SnapshotWalker.Options, anonymise: Bool = false, keep: [String] = []) {
            self.output = output
            self.walk = walk
            self.anonymise = anonymise
            self.keep = keep
        }
    }

    /// Runs the command; returns the exit status (errors go to stderr in one line).
    public static func run(_ settings: Settings, options: LaunchOptions) async -> Int32 {
        var options = options
        if options.delay == nil { options.delay = 0 }
        let prepared: AppRoot.Prepared
        do {
            prepared = try await AppRoot.prepare(options: options, environment: ProcessInfo.processInfo.environment)
        } catch {
            AppRoot.printError("\(error)")
            return 2
        }
        for warning in prepared.warnings where warning.hasPrefix("OpenAPI document") { AppRoot.printError(warning) }
        let status = await snapshot(settings, prepared: prepared)
        await prepared.services.shutdown()
        return status
    }

    private static func snapshot(_ settings: Settings, prepared: AppRoot.Prepared) async -> Int32 {
        let api = prepared.services.api
        let catalog = await walkedCatalog(prepared.catalog, api: api)
        guard !catalog.resources.isEmpty else {
            AppRoot.printError("the service names no collections to snapshot")
            return 1
        }
        let clock = ContinuousClock()
        let started = clock.now
        let report = SnapshotReport(limit: settings.walk.limit)
        let walker = SnapshotWalker(
            source: APISnapshotSource(api: api), catalog: catalog, options: settings.walk,
            progress: { report.resource($0) })
        var outcome = await walker.walk()
        let failed = outcome.resources.filter { $0.failure != nil }
        guard failed.count < outcome.resources.count else {
            AppRoot.printError("no resource could be read; nothing written to \(settings.output)")
            return 1
        }
        var description = SnapshotDescription(
            catalog: catalog, convention: convention(of: catalog),
            baseURL: api.origin,
            counts: counts(outcome))
        var replaced: [Anonymiser.Replacement] = []
        if settings.anonymise {
            var anonymiser = Anonymiser(keep: Set(settings.keep), catalog: catalog)
            outcome.resources = outcome.resources.map { anonymiser.anonymise($0) }
            replaced = anonymiser.replacements
            description.baseURL = nil
        }
        do {
            try SnapshotFile.write(SnapshotFile.root(outcome, description: description), to: settings.output)
        } catch {
            AppRoot.printError(
                "cannot write \(settings.output): \(FileProblem.reason(URL(fileURLWithPath: settings.output), error))")
            return 1
        }
        report.summary(outcome, seconds: (clock.now - started).seconds, output: settings.output)
        if settings.anonymise { report.replacements(replaced) }
        return failed.isEmpty ? 0 : 1
    }

    /// The catalog, and the collections the service names about itself
    /// (json-server's `/db`) that it does not describe.
    private static func walkedCatalog(_ catalog: ResourceCatalog, api: any APIService) async -> ResourceCatalog {
        var result = catalog
        for named in await api.discoverResources() where result[named.name] == nil {
            result.resources.append(
                named.isObject
                    ? .object(named: named.name) : ResourceCatalog.inferred(name: named.name, from: []))
        }
        return result
    }

    /// The convention most resources were read in.
    private static func convention(of catalog: ResourceCatalog) -> String {
        let names = catalog.resources.map { $0.route?.convention.rawValue ?? ConventionName.jsonServer.rawValue }
        let tally = Dictionary(names.map { ($0, 1) }, uniquingKeysWith: +)
        return names.first { tally[$0] == tally.values.max() } ?? ConventionName.jsonServer.rawValue
    }

    private static func counts(_ outcome: SnapshotWalker.Outcome) -> [String: Int] {
        var counts: [String: Int] = [:]
        for resource in outcome.resources where resource.failure == nil {
            counts[resource.name] = resource.object == nil ? resource.records.count : 1
        }
        return counts
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
