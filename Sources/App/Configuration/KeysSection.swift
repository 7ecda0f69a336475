import Modules
import Yams

/// The config file's `keys:` section: actions rebound to other keys.
///
/// ```yaml
/// keys:
///   moveDown: [j, ctrl-n]
///   sortNext: o
///   help: "?"
/// ```
enum KeysSection {
    /// The default bindings with the section's overrides applied.
    static func bindings(from section: ConfigNode?) throws(ConfigurationError) -> KeyBindings {
        guard let section, !section.isNull else { return .defaults }
        guard let mapping = section.node.mapping else {
            throw section.failure("must map action names to a key name or a list of key names")
        }
        var overrides: [String: [String]] = [:]
        for (keyNode, value) in mapping {
            guard let action = keyNode.scalar?.string else { throw section.failure("an action name is not plain text") }
            guard overrides[action] == nil else { throw section.failure("'\(action)' is given twice") }
            overrides[action] = try keyNames(value, action: action, section: section)
        }
        do {
            return try KeyBindings(overrides: overrides)
        } catch {
            throw section.failure(error.description)
        }
    }

    /// `j` or `[j, ctrl-n]` (an empty list leaves the action without a key).
    private static func keyNames(_ value: Node, action: String, section: ConfigNode) throws(ConfigurationError)
        -> [String]
    {
        let problem = "\(action): give a key name or a list of key names ([] for none)"
        if let scalar = value.scalar, value.null == nil { return [scalar.string] }
        guard let sequence = value.sequence else { throw section.failure(problem) }
        var names: [String] = []
        for item in sequence {
            guard let scalar = item.scalar, item.null == nil else { throw section.failure(problem) }
            names.append(scalar.string)
        }
        return names
    }
}
