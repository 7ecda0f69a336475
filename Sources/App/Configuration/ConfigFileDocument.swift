import Configuration
import Foundation
import Yams

/// The config file, split in two: its scalar settings (`theme`, `delay`,
/// `environments.<env>.baseURL`, …), which swift-configuration layers under
/// flags and variables, and its structured sections (`keys:`, `services:`),
/// read here with Yams because they hold lists of mappings.
struct ConfigFileDocument {
    /// The file's top-level keys read directly rather than through swift-configuration.
    static let structuredSections = ["keys", "services"]

    /// The scalar settings, as a provider.
    var scalars: YAMLDocumentProvider
    /// The `keys:` section, if the file has one.
    var keys: ConfigNode?
    /// The `services:` section, if the file has one.
    var services: ConfigNode?

    /// Reads `file`; a missing file is an empty document.
    static func read(_ file: URL) throws(ConfigurationError) -> ConfigFileDocument {
        let path = file.path
        guard FileManager.default.fileExists(atPath: path) else { return try empty(path) }
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
        guard let root, root.null == nil else { return try empty(path) }
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
        let scalars = try provider(yaml: serialized(mapping, path), path)
        return ConfigFileDocument(scalars: scalars, keys: sections["keys"], services: sections["services"])
    }

    private static func empty(_ path: String) throws(ConfigurationError) -> ConfigFileDocument {
        ConfigFileDocument(scalars: try provider(yaml: "{}", path), keys: nil, services: nil)
    }

    private static func serialized(_ mapping: Node.Mapping, _ path: String) throws(ConfigurationError) -> String {
        do {
            return try Yams.serialize(node: .mapping(mapping))
        } catch {
            throw ConfigurationError("config file \(path): \(ConfigurationLoader.oneLine(error))")
        }
    }

    private static func provider(yaml: String, _ path: String) throws(ConfigurationError) -> YAMLDocumentProvider {
        let data = Data(yaml.utf8)
        do {
            let snapshot = try YAMLSnapshot(data: data.bytes, providerName: "config file", parsingOptions: .default)
            return YAMLDocumentProvider(document: snapshot)
        } catch {
            throw ConfigurationError("config file \(path): \(ConfigurationLoader.oneLine(error))")
        }
    }
}
