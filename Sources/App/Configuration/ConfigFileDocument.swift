import Configuration
import Foundation
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

    /// The scalar settings, as a provider.
    var scalars: InMemoryProvider
    /// The `keys:` section, if the file has one.
    var keys: ConfigNode?
    /// The `services:` section, if the file has one.
    var services: ConfigNode?

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
        let values: [AbsoluteConfigKey: ConfigValue]
        do {
            values = try ConfigFileValues.values(of: mapping)
        } catch {
            throw ConfigurationError("config file \(path): \(ConfigurationLoader.oneLine(error))")
        }
        return ConfigFileDocument(
            scalars: provider(values), keys: sections["keys"], services: sections["services"])
    }

    /// No file, or an empty one: no settings and no sections.
    private static var empty: ConfigFileDocument {
        ConfigFileDocument(scalars: provider([:]), keys: nil, services: nil)
    }

    private static func provider(_ values: [AbsoluteConfigKey: ConfigValue]) -> InMemoryProvider {
        InMemoryProvider(name: "config file", values: values)
    }
}
