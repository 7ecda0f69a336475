import App
import ArgumentParser

/// `trestle snapshot OUT`: a browsable copy of a service, replayed offline
/// with `trestle --env fake --data OUT` or `trestle serve --data OUT`.
struct SnapshotCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapshot",
        abstract: "Copy a service's collections, records and relations into one JSON file to replay offline.",
        discussion: """
            Every collection is read up to --limit records (or --all, up to --max-records), plus the parent \
            records the kept records point at, at most --concurrency requests at a time and 4 pages of one \
            collection ahead, whatever total the service states; pages that repeat end a collection with a \
            line, as --max-records does. A 429 or 503 with Retry-After is waited out (60 s at most) and asked \
            again. Every answer goes to OUT.progress as it comes: Ctrl-C or SIGTERM stops and keeps it, and \
            `trestle snapshot OUT --resume` goes on from there. Replay the file with \
            `trestle --env fake --data OUT` or `trestle serve --data OUT`.
            """)

    @Argument(help: ArgumentHelp("The JSON file to write.", valueName: "out"))
    var output: String

    @Option(help: "Records per collection at most (default 1000).")
    var limit: Int?

    @Flag(help: "Every record of every collection (no --limit), up to --max-records each.")
    var all = false

    @Option(help: "Records per collection at most, whatever the service says it has (default 1000000).")
    var maxRecords = SnapshotWalker.defaultMaxRecords

    @Option(help: "Requests in flight at once (default 4).")
    var concurrency = 4

    @Flag(help: "Replace names, e-mail addresses, phone numbers, addresses and free text with same-shaped fakes.")
    var anonymise = false

    @Option(help: "A field --anonymise leaves alone (repeatable).")
    var keep: [String] = []

    @Flag(help: "Go on from OUT.progress, which a snapshot stopped by Ctrl-C (or with collections not read) keeps.")
    var resume = false

    @OptionGroup var common: CommonOptions

    func validate() throws {
        if let limit, limit <= 0 { throw ValidationError("--limit must be at least 1, not \(limit)") }
        if maxRecords <= 0 { throw ValidationError("--max-records must be at least 1, not \(maxRecords)") }
        if resume, limit != nil || all || anonymise || !keep.isEmpty || maxRecords != SnapshotWalker.defaultMaxRecords {
            throw ValidationError(
                "--resume goes on with the stopped run's --limit/--all, --max-records, --anonymise and --keep: leave them out"
            )
        }
        guard (1...64).contains(concurrency) else {
            throw ValidationError("--concurrency must be 1…64, not \(concurrency)")
        }
    }

    func run() async throws {
        let settings = SnapshotRunner.Settings(
            output: output,
            walk: SnapshotWalker.Options(
                limit: all ? nil : limit ?? 1_000, concurrency: concurrency, maxRecords: maxRecords),
            anonymise: anonymise, keep: keep, resume: resume)
        let status = await SnapshotRunner.run(settings, options: common.launchOptions())
        if status != 0 { throw ExitCode(status) }
    }
}
