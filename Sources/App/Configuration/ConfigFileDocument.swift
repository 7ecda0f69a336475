import Configuration
import Foundation
import TerminalUI
import Yams

/// The config file, split in two: its scalar settings (`theme`, `delay`,
/// `environments.<env>.baseURL`, …), which swift-configuration layers under
/// flags and variables, and its structured sections (`keys:`, `services:`),
/// read here with Yams because they hold lists of mappings.
///
/// The file is parsed once, with Yams; the scalar settings reach
/// swift-configuration as an `InMemoryProvider` built from that parse, not
/// by serialising them back to YAML for its YAML provider to parse again.
struct ConfigFileDocument {
    /// The file's top-level keys read directly rather than through swift-configuration.
    static let structuredSections = ["keys", "services"]
    /// The scalar settings the loader reads, at the top level or under
    /// `environments.<env>`; any other name in the file is a typo, refused.
    static let settings = [
        "env", "baseURL", "delay", "timeout", "theme", "logLevel", "data", "fakeErrorRate", "fakeFailWith", "service",
        "dialect", "readOnly", "confirmProductionWrites", "catalog", "convention",
    ]

    /// The scalar settings, as a provider.
    var scalars: InMemoryProvider
    /// The `keys:` section, if the file has one.
    var keys: ConfigNode?
    /// The `services:` section, if the file has one.
    var services: ConfigNode?
    /// `environments.<env>.auth`, by environment (``AuthSection``).
    var environmentAuth: [String: ConfigNode] = [:]

    /// Reads `file`; a missing file is an empty document, and costs no YAML work.
    static func read(_ file: URL) throws(ConfigurationError) -> ConfigFileDocument {
        let path = file.path
        guard FileManager.default.fileExists(atPath: path) else { return empty }
        let text: String
        do {
            text = try String(contentsOf: file, encoding: .utf8)
        } catch {
            throw ConfigurationError("config file \(path) is not readable UTF-8 text")
        }
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch {
            throw ConfigurationError("config file \(path): \(ConfigurationLoader.oneLine(error))")
        }
        guard let root, root.null == nil else { return empty }
        guard var mapping = root.mapping else {
            throw ConfigurationError("config file \(path): the top level is not a mapping of settings")
        }
        var sections: [String: ConfigNode] = [:]
        for name in structuredSections {
            if let node = mapping[name] {
                sections[name] = ConfigNode(node: node, parentPath: "", key: name, file: path)
                mapping[name] = nil
            }
        }
        let environmentAuth = AuthSection.environmentAuth(takenFrom: &mapping, file: path)
        let values: [AbsoluteConfigKey: ConfigValue]
        do {
            values = try ConfigFileValues.values(of: mapping)
        } catch {
            throw ConfigurationError("config file \(path): \(ConfigurationLoader.oneLine(error))")
        }
        try checkNames(values.keys.map(\.components), file: path)
        return ConfigFileDocument(
            scalars: provider(values), keys: sections["keys"], services: sections["services"],
            environmentAuth: environmentAuth)
    }

    /// Refuses a setting the loader would silently ignore (`thme: dark`).
    static func checkNames(_ keys: [[String]], file: String) throws(ConfigurationError) {
        let known = settings + structuredSections + ["environments"]
        for parts in keys.sorted(by: { $0.joined(separator: ".") < $1.joined(separator: ".") }) {
            let name = parts.joined(separator: ".")
            if parts.first == "environments" {
                let environments = AppEnvironment.allCases.map(\.rawValue)
                guard parts.count == 3 else {
                    throw ConfigurationError(
                        "config file \(file): '\(name)' is not a setting; write environments.<env>.<setting>, "
                            + "e.g. environments.production.baseURL")
                }
                guard environments.contains(parts[1]) else {
                    throw ConfigurationError(
                        "config file \(file): unknown environment '\(parts[1])' under environments"
                            + "\(NameSuggestion.hint(for: parts[1], among: environments)); use one of: "
                            + environments.joined(separator: ", "))
                }
                guard settings.contains(parts[2]) else {
                    throw ConfigurationError(
                        "config file \(file): unknown setting '\(parts[2])' in environments.\(parts[1])"
                            + NameSuggestion.hint(for: parts[2], among: settings))
                }
            } else if parts.count != 1 || !settings.contains(parts[0]) {
                throw ConfigurationError(
                    "config file \(file): unknown setting '\(name)'"
                        + NameSuggestion.hint(for: parts[0], among: known))
            }
        }
    }

    /// No file, or an empty one: no settings and no sections.
    private static var empty: ConfigFileDocument {
        ConfigFileDocument(scalars: provider([:]), keys: nil, services: nil)
    }

    private static func provider(_ values: [AbsoluteConfigKey: ConfigValue]) -> InMemoryProvider {
        InMemoryProvider(name: "config file", values: values)
    }
}
