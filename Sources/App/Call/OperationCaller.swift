import Foundation
import JSON
import Modules
import Services
import TerminalUI
import Translations

/// `trestle call [--service S] OPERATION key=value …` and `trestle call
/// --list`: an operation of the service's OpenAPI document run without the
/// UI, as its `o` form would run it (``OperationCall``: the same validation
/// and write guard; `--yes` stands for the production question). The
/// answer's body goes to standard output (JSON pretty-printed, cleaned as
/// every output); a 4xx or 5xx answer exits 1 with its status on standard
/// error; a call that cannot be made exits 2 with one line.
public enum OperationCaller {
    /// What the command line asked.
    public struct Call: Sendable {
        public var operation: String?
        /// `key=value` words.
        public var values: [String]
        public var list: Bool
        /// `--yes`: a production write goes without the question.
        public var confirmed: Bool

        public init(operation: String?, values: [String], list: Bool, confirmed: Bool) {
            self.operation = operation
            self.values = values
            self.list = list
            self.confirmed = confirmed
        }
    }

    /// Runs `call`; returns the exit status.
    public static func run(_ call: Call, options: LaunchOptions) async -> Int32 {
        guard let prepared = await AppRoot.preparedForCommand(options) else { return 2 }
        let status = await run(call, prepared: prepared)
        await prepared.services.history?.flush()
        await prepared.services.shutdown()
        return status
    }

    private static func run(_ call: Call, prepared: AppRoot.Prepared) async -> Int32 {
        let catalog = prepared.operations.catalog
        guard !catalog.isEmpty else {
            AppRoot.printError(Texts.Call.noOperations(url: prepared.configuration.baseURL.absoluteString))
            return 2
        }
        if call.list {
            for operation in catalog.operations {
                var line = OperationCall.name(of: operation) + "  " + operation.title
                let fields = OperationCall.fieldNames(of: operation)
                if !fields.isEmpty { line += "  " + fields.joined(separator: " ") }
                if let summary = operation.summary, !summary.isEmpty { line += "  — " + summary }
                OutputSink.standardOutput.line(line)
            }
            return 0
        }
        guard let name = call.operation else {
            AppRoot.printError(Texts.Call.needsOperation)
            return 2
        }
        guard let operation = OperationCall.find(name, in: catalog) else {
            AppRoot.printError(Texts.Call.unknownOperation(name: name))
            return 2
        }
        var pairs: [(name: String, value: String)] = []
        for word in call.values {
            guard let equals = word.firstIndex(of: "="), equals != word.startIndex else {
                AppRoot.printError(Texts.Call.notAPair(word: word))
                return 2
            }
            pairs.append((String(word[..<equals]), String(word[word.index(after: equals)...])))
        }
        let request: OperationRequest
        do throws(OperationCall.Invalid) {
            request = try OperationCall.request(operation, values: pairs)
        } catch {
            AppRoot.printError(error.message)
            return 2
        }
        if let refusal = OperationCall.refusal(
            operation, access: prepared.configuration.writeAccess, confirmed: call.confirmed)
        {
            AppRoot.printError(refusal)
            return 2
        }
        let answer: OperationAnswer
        do {
            answer = try await prepared.services.api.perform(request)
        } catch {
            AppRoot.printError(error.message)
            return 1
        }
        if !answer.body.isEmpty {
            if let value = try? JSONParser.parse(answer.body) {
                let text = String(decoding: JSONWriter.data(value, pretty: true), as: UTF8.self)
                OutputSink.standardOutput.writeJSON(text + "\n")
            } else {
                let text = String(decoding: answer.body.prefix(Self.largestText), as: UTF8.self)
                OutputSink.standardOutput.write(text.hasSuffix("\n") ? text : text + "\n")
            }
        }
        guard answer.status < 400 else {
            AppRoot.printError(Texts.Call.failed(operation: operation.title, status: answer.status))
            return 1
        }
        return 0
    }

    /// The most of a body that is not JSON printed (a server's HTML error page).
    static let largestText = 1 << 20
}
