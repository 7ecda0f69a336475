import Foundation
import Modules
import Services

/// What the shell completes after `trestle call`: the operations of the
/// service the command line names so far (`--service`, `--base-url`,
/// `--env`, `--openapi`, `--config`), and after the operation, its fields
/// as `name=`. The service's document is read as `trestle call` would read
/// it; completion never fails (nothing found completes nothing).
public enum OperationCompletion {
    /// The options of `CommonOptions` that take a value (the rest are flags).
    static let valued: Set<String> = [
        "--env", "--base-url", "--delay", "--timeout", "--data", "--fake-error-rate", "--fake-fail-with",
        "--log-level", "--config", "--service", "--dialect", "--openapi", "--catalog", "--convention", "--lang",
    ]

    /// The operation names starting with `prefix`.
    public static func operations(words: [String], prefix: String) async -> [String] {
        guard let catalog = await catalog(words: words) else { return [] }
        return catalog.operations.map(OperationCall.name(of:)).filter { $0.hasPrefix(prefix) }
    }

    /// `name=` for each field of the operation on the line, starting with `prefix`.
    public static func fields(words: [String], prefix: String) async -> [String] {
        let (_, positionals) = read(words)
        guard let name = positionals.first, let catalog = await catalog(words: words),
            let operation = OperationCall.find(name, in: catalog)
        else { return [] }
        return OperationCall.fieldNames(of: operation).map { $0 + "=" }.filter { $0.hasPrefix(prefix) }
    }

    /// The options and the positional words after `call`.
    static func read(_ words: [String]) -> (options: [String: String], positionals: [String]) {
        var options: [String: String] = [:]
        var positionals: [String] = []
        var index = (words.firstIndex(of: "call") ?? 0) + 1
        while index < words.count {
            let word = words[index]
            index += 1
            if valued.contains(word), index < words.count {
                options[word] = words[index]
                index += 1
            } else if !word.hasPrefix("-") {
                positionals.append(word)
            }
        }
        return (options, positionals)
    }

    private static func catalog(words: [String]) async -> OperationCatalog? {
        let (given, _) = read(words)
        var options = LaunchOptions(
            environment: given["--env"], baseURL: given["--base-url"], delay: 0,
            timeout: given["--timeout"].flatMap(Double.init) ?? 5, configFile: given["--config"],
            service: given["--service"], openapi: given["--openapi"])
        options.logLevel = "critical"
        guard
            let prepared = try? await AppRoot.prepare(
                options: options, environment: ProcessInfo.processInfo.environment)
        else { return nil }
        let catalog = prepared.operations.catalog
        await prepared.services.shutdown()
        return catalog
    }
}
