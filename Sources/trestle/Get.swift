import App
import ArgumentParser

/// `trestle get todos`: print a resource without the UI (scripts, pipes).
struct Get: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "get",  // named, not derived from the type's name by reflection at every start
        abstract: "Print a resource as a table, JSON or CSV (no UI).")

    @Argument(
        help: ArgumentHelp(
            "The collection to print (todos, users, …), with filters (todos userId=2) or an id (users/3).",
            valueName: "resource"))
    var target: [String]

    @Option(help: "table, json or csv.")
    var format: OutputFormat = .table

    @Flag(help: "Print the curl command that fetches it instead (the token as $TRESTLE_TOKEN).")
    var curl = false

    @OptionGroup var common: CommonOptions

    func run() async throws {
        let status = await ResourcePrinter.run(
            target: target, format: format, curl: curl, options: common.launchOptions())
        if status != 0 { throw ExitCode(status) }
    }
}
