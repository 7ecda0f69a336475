import App
import ArgumentParser

/// `trestle get todos`: print a resource without the UI (scripts, pipes).
struct Get: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print a resource as a table, JSON or CSV (no UI).")

    @Argument(help: "The collection to print: todos, users, posts, comments, albums, photos, …")
    var resource: String

    @Option(help: "table, json or csv.")
    var format: OutputFormat = .table

    @OptionGroup var common: CommonOptions

    func run() async throws {
        let status = await ResourcePrinter.run(
            resource: resource, format: format, options: common.launchOptions())
        if status != 0 { throw ExitCode(status) }
    }
}

extension OutputFormat: ExpressibleByArgument {}
