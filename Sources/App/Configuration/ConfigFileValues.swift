import Configuration
import Yams

/// The config file's settings as swift-configuration values, read off the
/// Yams document by the rules of swift-configuration's own YAML provider:
/// nested mappings make nested keys (`environments.production.baseURL`, and a
/// key written with dots means the same), a list of values is a string
/// array, anything else is refused with the message that provider gives.
///
/// Every value is kept as text, as environment variables are: the loader
/// reads each setting as text when the typed read fails (`delay: 0.3` and
/// `TRESTLE_DELAY=0.3` take the same path), and `InMemoryProvider`, unlike
/// the YAML provider, only returns a value as the type it was stored as, so
/// a `fakeFailWith: 503` stored as a number could not be read as the text
/// the loader asks for. A null (`theme: ~`) is no setting at all, so a lower
/// layer shows through.
enum ConfigFileValues {
    /// A shape swift-configuration's values cannot take; the descriptions
    /// are the YAML provider's, which the loader's messages carried before.
    enum Failure: Error, CustomStringConvertible {
        case keyNotText([String])
        case notAValue([String])
        case notAValueInList([String], Int)

        var description: String {
            switch self {
            case .keyNotText(let path):
                return "YAML key is not convertible to string: \(path.joined(separator: "."))"
            case .notAValue(let path):
                return "Unsupported primitive value at \(path.joined(separator: "."))"
            case .notAValueInList(let path, let index):
                return "Unexpected non-scalar value in array at \(path.joined(separator: ".")) at index: \(index)."
            }
        }
    }

    /// The settings of `mapping`, by their full key.
    static func values(of mapping: Node.Mapping) throws(Failure) -> [AbsoluteConfigKey: ConfigValue] {
        var values: [AbsoluteConfigKey: ConfigValue] = [:]
        try add(mapping, under: [], to: &values)
        return values
    }

    private static func add(
        _ mapping: Node.Mapping, under prefix: [String], to values: inout [AbsoluteConfigKey: ConfigValue]
    ) throws(Failure) {
        for (keyNode, node) in mapping {
            guard let name = keyNode.string else { throw .keyNotText(prefix) }
            let path = prefix + name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            if let nested = node.mapping {
                try add(nested, under: path, to: &values)
            } else if let list = node.sequence {
                var items: [String] = []
                for (index, item) in list.enumerated() {
                    guard let scalar = item.scalar else { throw .notAValueInList(path, index) }
                    items.append(scalar.string)
                }
                values[AbsoluteConfigKey(path)] = ConfigValue(.stringArray(items), isSecret: false)
            } else if let scalar = node.scalar {
                guard node.null == nil else { continue }
                values[AbsoluteConfigKey(path)] = ConfigValue(.string(scalar.string), isSecret: false)
            } else {
                throw .notAValue(path)
            }
        }
    }
}
