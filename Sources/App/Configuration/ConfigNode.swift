import TerminalUI
import Yams

/// One node of the config file's structured sections, with the path that
/// leads to it, so every problem is said in one line naming file and place:
/// `config file F: services[0].resources[1].columns[2]: align 'middle' is …`.
struct ConfigNode {
    let node: Node
    /// Where the node's parent is (`services[0].resources[1]`); empty for a top-level key.
    let parentPath: String
    /// The key the node sits under in its parent mapping; `nil` for a list item.
    let key: String?
    /// The config file, for messages.
    let file: String

    /// The node's own path: `services[0].resources[1].columns`.
    var path: String {
        guard let key else { return parentPath }
        return parentPath.isEmpty ? key : "\(parentPath).\(key)"
    }

    /// Whether the node is `~`, `null` or left empty.
    var isNull: Bool { node.null != nil }

    // MARK: - Errors

    /// A problem with the node as a whole, said at its own path.
    func failure(_ message: String) -> ConfigurationError {
        ConfigurationError("config file \(file): \(path): \(message)")
    }

    /// A problem with the node's value, said at its parent's path and
    /// naming its key: `columns[2]: align 'middle' is not …`.
    func invalid(_ message: String) -> ConfigurationError {
        guard let key else { return failure(message) }
        let place = parentPath.isEmpty ? "" : "\(parentPath): "
        return ConfigurationError("config file \(file): \(place)\(key) \(message)")
    }

    // MARK: - Shapes

    /// The items of a list: `columns[0]`, `columns[1]`, …
    func items(of what: String) throws(ConfigurationError) -> [ConfigNode] {
        guard let sequence = node.sequence else { throw invalid("must be a list of \(what)") }
        return sequence.enumerated().map { index, item in
            ConfigNode(node: item, parentPath: "\(path)[\(index)]", key: nil, file: file)
        }
    }

    /// The values of a mapping by key, refusing keys not in `allowed` (with
    /// a suggestion) and keys given twice.
    func fields(of what: String, allowed: [String]) throws(ConfigurationError) -> ConfigFields {
        guard let mapping = node.mapping else {
            throw invalid("must be a mapping (\(what): \(allowed.joined(separator: ", ")))")
        }
        var values: [String: ConfigNode] = [:]
        for (keyNode, value) in mapping {
            guard let name = keyNode.scalar?.string else { throw failure("a key is not a plain name") }
            guard allowed.contains(name) else {
                throw failure("unknown key '\(name)' in \(what)\(NameSuggestion.hint(for: name, among: allowed))")
            }
            guard values[name] == nil else { throw failure("'\(name)' is given twice") }
            values[name] = ConfigNode(node: value, parentPath: path, key: name, file: file)
        }
        return ConfigFields(owner: self, values: values)
    }

    // MARK: - Scalars

    /// The node's text; a list or mapping, or nothing, is refused.
    func text() throws(ConfigurationError) -> String {
        guard let scalar = node.scalar, !isNull else { throw invalid("must be a value, not \(shape)") }
        return scalar.string
    }

    /// The node's text, which must not be empty or blank.
    func name() throws(ConfigurationError) -> String {
        let value = try text()
        guard !value.allSatisfy(\.isWhitespace) else { throw invalid("must not be empty") }
        return value
    }

    /// A whole number in `range`.
    func integer(in range: ClosedRange<Int>) throws(ConfigurationError) -> Int {
        let raw = try text()
        guard let value = node.int, range.contains(value) else {
            throw invalid("'\(raw)' is not a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    /// One of the cases of `T`, by raw value (`left`, `right`, `center`).
    func choice<T: CaseIterable & RawRepresentable>(of _: T.Type) throws(ConfigurationError) -> T
    where T.RawValue == String {
        let raw = try text()
        guard let value = T(rawValue: raw) else {
            let names = T.allCases.map(\.rawValue)
            let options = names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
            throw invalid("'\(raw)' is not \(options)")
        }
        return value
    }

    /// `true` or `false` (YAML's `yes`/`no` too).
    func flag() throws(ConfigurationError) -> Bool {
        let raw = try text()
        guard let value = node.bool else { throw invalid("'\(raw)' is not true or false") }
        return value
    }

    /// What the node is, for messages.
    private var shape: String {
        if isNull { return "empty" }
        if node.sequence != nil { return "a list" }
        if node.mapping != nil { return "a mapping" }
        return "a value"
    }
}
