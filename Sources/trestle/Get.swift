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

    @Option(help: "table, json or csv (a cell a spreadsheet would run as a formula gets a ' in front).")
    var format: OutputFormat?

    @Flag(name: .customLong("raw-csv"), help: "CSV with every cell as the server sent it: no ' before formulas.")
    var rawCSV = false

    @Flag(help: "Print the curl command that fetches it instead (the token as $TRESTLE_TOKEN).")
    var curl = false

    @OptionGroup var common: CommonOptions

    func validate() throws {
        if rawCSV, let format, format != .csv, format != .rawCSV {
            throw ValidationError("--raw-csv writes CSV: leave out --format \(format.rawValue)")
        }
    }

    func run() async throws {
        let status = await ResourcePrinter.run(
            target: target, format: rawCSV ? .rawCSV : format ?? .table, curl: curl, options: common.launchOptions())
        if status != 0 { throw ExitCode(status) }
    }
}
