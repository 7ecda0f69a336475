import Foundation
import JSON
import Services
import TerminalUI
import Translations

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
        /// `--resume`: go on from `OUT.progress`, with the settings it holds.
        public var resume: Bool

        public init(
            output: String, walk: SnapshotWalker.Options, anonymise: Bool = false, keep: [String] = [],
            resume: Bool = false
        ) {
            self.output = output
            self.walk = walk
            self.anonymise = anonymise
            self.keep = keep
            self.resume = resume
        }
    }

    /// Runs the command; returns the exit status (errors go to stderr in one line).
    public static func run(_ settings: Settings, options: LaunchOptions) async -> Int32 {
        let startedAt = ContinuousClock.now
        guard let prepared = await AppRoot.preparedForCommand(options) else { return 2 }
        for warning in prepared.warnings where warning.hasPrefix("OpenAPI document") { AppRoot.printError(warning) }
        let status = await snapshot(settings, prepared: prepared, startedAt: startedAt)
        await prepared.services.shutdown()
        return status
    }

    /// The walk, OUT and the summary; `startedAt` is the command's start (the summary's time counts from it).
    private static func snapshot(
        _ settings: Settings, prepared: AppRoot.Prepared, startedAt: ContinuousClock.Instant
    ) async -> Int32 {
        let api = prepared.services.api
        let catalog = await walkedCatalog(prepared.catalog, api: api)
        guard !catalog.resources.isEmpty else {
            AppRoot.printError("the service names no collections to snapshot")
            return 1
        }
        let resume: SnapshotResume
        switch started(settings, origin: api.origin) {
        case .failure(let error):
            AppRoot.printError(error.description)
            return 2
        case .success(let value): resume = value
        }
        var settings = settings
        settings.walk.limit = resume.limit
        settings.walk.maxRecords = resume.maxRecords
        settings.anonymise = resume.anonymise
        settings.keep = resume.keep
        let journal = prepared.services.journal
        let sentBefore = journal.revision
        let progress = SnapshotProgress(
            names: catalog.resources.map(\.name), limit: settings.walk.limit,
            terminal: SnapshotProgress.stderrIsTerminal)
        PoliteSource.watch(journal, also: prepared.services.history)
        let source = PoliteSource(inner: APISnapshotSource(api: api), say: { progress.say($0) })
        let interrupt = SnapshotInterrupt { [settings] in
            stopped(resume, progress: progress, collections: catalog.resources.count, output: settings.output)
        }
        let walker = SnapshotWalker(
            source: source, catalog: catalog, options: settings.walk, ledger: resume.ledger, watch: progress,
            progress: { collected in
                if collected.failure == nil { resume.ledger.finished(collected.name) }
                progress.finished(collected)
                if let ended = collected.ended { progress.say(SnapshotWalker.line(ended, name: collected.name)) }
            })
        var outcome = await walker.walk()
        resume.ledger.closeJournal()
        progress.end()
        outcome.requests = journal.revision - sentBefore
        let status = write(
            outcome, settings: settings, catalog: catalog, origin: api.origin,
            seconds: (ContinuousClock.now - startedAt).seconds)
        // A stop while OUT is written (a stream from OUT.progress, seconds for a million records) keeps the progress.
        interrupt.cancel()
        resume.ledger.closeAll()
        keepOrRemove(resume, whole: status == 0, output: settings.output)
        return status
    }

    /// Writes OUT (anonymised if asked), streamed from the walk's ledger, and the summary; the exit status.
    private static func write(
        _ outcome: SnapshotWalker.Outcome, settings: Settings, catalog: ResourceCatalog, origin: String,
        seconds: Double
    ) -> Int32 {
        let report = SnapshotReport(limit: settings.walk.limit)
        let failed = outcome.resources.filter { $0.failure != nil }
        guard failed.count < outcome.resources.count else {
            AppRoot.printError("no resource could be read; nothing written to \(settings.output)")
            return 1
        }
        var description = SnapshotDescription(
            catalog: SnapshotDescription.flattened(catalog), convention: convention(of: catalog), baseURL: origin,
            counts: counts(outcome))
        var anonymiser: Anonymiser?
        if settings.anonymise {
            anonymiser = Anonymiser(keep: Set(settings.keep), catalog: description.catalog, baseURL: origin)
            anonymiser?.anonymise(&description)
        }
        do {
            try SnapshotFile.write(outcome, description: description, anonymiser: &anonymiser, to: settings.output)
        } catch let missing as SnapshotLedger.Missing {
            AppRoot.printError("cannot write \(settings.output): \(missing.description)")
            return 1
        } catch {
            AppRoot.printError(
                "cannot write \(settings.output): \(FileProblem.reason(URL(fileURLWithPath: settings.output), error))")
            return 1
        }
        report.summary(outcome, seconds: seconds, output: settings.output)
        if let anonymiser { report.replacements(anonymiser.replacements) }
        return failed.isEmpty ? 0 : 1
    }

    /// A fresh start, or with `--resume` the progress kept beside OUT (for
    /// the same service); either way `OUT.progress` begun, to take every answer as it comes.
    private static func started(_ settings: Settings, origin: String) -> Result<SnapshotResume, SnapshotResumeError> {
        let path = SnapshotResume.path(for: settings.output)
        return earlier(settings, origin: origin).flatMap { resume in
            do {
                try resume.begin(at: path)
            } catch {
                return .failure(
                    SnapshotResumeError(
                        "cannot write \(path): \(FileProblem.reason(URL(fileURLWithPath: path), error))"))
            }
            if resume.earlier != nil {
                let counts = resume.ledger.counts
                OutputSink.standardError.line(
                    Texts.Snapshot.resuming(
                        path: path, pages: SnapshotReport.grouped(counts.pages),
                        records: SnapshotReport.grouped(counts.records)))
            }
            return .success(resume)
        }
    }

    /// A fresh start's settings, or with `--resume` those and the answers of the run stopped.
    private static func earlier(_ settings: Settings, origin: String) -> Result<SnapshotResume, SnapshotResumeError> {
        let path = SnapshotResume.path(for: settings.output)
        guard settings.resume else {
            return .success(
                SnapshotResume(
                    baseURL: origin, limit: settings.walk.limit, maxRecords: settings.walk.maxRecords,
                    anonymise: settings.anonymise, keep: settings.keep, ledger: SnapshotLedger()))
        }
        return SnapshotResume.read(path).flatMap { resume in
            guard resume.baseURL == origin else {
                return .failure(
                    SnapshotResumeError(
                        Texts.Snapshot.otherService(path: path, recorded: resume.baseURL, current: origin)))
            }
            return .success(resume)
        }
    }

    /// Ctrl-C or SIGTERM (while walking or writing OUT): the bars off, the
    /// progress beside OUT closed (its answers are written as they come), OUT
    /// begun removed, and how to go on.
    private static func stopped(_ resume: SnapshotResume, progress: SnapshotProgress, collections: Int, output: String)
    {
        progress.end()
        resume.ledger.closeJournal()
        unlink(SnapshotFile.partial(output))
        let path = SnapshotResume.path(for: output)
        AppRoot.printError(
            Texts.Snapshot.stopped(
                done: String(resume.ledger.done.count), count: String(collections), progress: path, output: output))
    }

    /// Removes the progress once OUT is whole; else keeps it, so that
    /// `--resume` asks only for what was not read.
    private static func keepOrRemove(_ resume: SnapshotResume, whole: Bool, output: String) {
        guard !whole else {
            try? FileManager.default.removeItem(atPath: SnapshotResume.path(for: output))
            return
        }
        AppRoot.printError(Texts.Snapshot.notAllRead(output: output))
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
            counts[resource.name] = resource.object == nil ? resource.count : 1
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
