import App
import ArgumentParser
import Foundation

/// `trestle call [--service S] OPERATION key=value …`: an OpenAPI operation without the UI.
struct CallCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "call",
        abstract: "Run an operation of the service's OpenAPI document as its o form would (no UI).",
        discussion: """
            The operation is named by its operationId or as 'METHOD /path'; each key=value fills the \
            parameter or body field of that name (location:name where two share one). The form's checks \
            apply: required fields, types, JSON. Writes are refused with --read-only and need --yes in \
            production. The answer's body is printed (JSON pretty-printed); a 4xx or 5xx answer exits 1, \
            a call that cannot be made exits 2.
            """)

    @Argument(
        help: ArgumentHelp("The operation (its operationId, or 'POST /books').", valueName: "operation"),
        completion: .custom { (words: [String], _: Int, prefix: String) async -> [String] in
            await OperationCompletion.operations(words: words, prefix: prefix)
        })
    var operation: String?

    @Argument(
        help: ArgumentHelp("A parameter or body field: name=value.", valueName: "key=value"),
        completion: .custom { (words: [String], _: Int, prefix: String) async -> [String] in
            await OperationCompletion.fields(words: words, prefix: prefix)
        })
    var values: [String] = []

    @Flag(help: "List the operations (name, method and path, fields, summary).")
    var list = false

    @Flag(help: "Send a write to production without asking (for scripts).")
    var yes = false

    @OptionGroup var common: CommonOptions

    func run() async throws {
        let status = await OperationCaller.run(
            OperationCaller.Call(operation: operation, values: values, list: list, confirmed: yes),
            options: common.launchOptions())
        if status != 0 { throw ExitCode(status) }
    }
}
