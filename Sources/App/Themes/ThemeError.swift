/// Why a theme could not be loaded; every message is one line that names
/// the file (or theme) and the problem.
public enum ThemeError: Error, Equatable, CustomStringConvertible {
    /// No `<name>.yaml` in any search path.
    case notFound(name: String, available: [String])
    /// The file exists but could not be read.
    case unreadable(file: String, reason: String)
    /// The file is not valid YAML.
    case invalidYAML(file: String, line: Int?, problem: String)
    /// Something that must be a mapping is not (the document, `roles`, a role).
    case notAMapping(file: String, what: String, line: Int?)
    /// A key that themes do not have (`roles.cursorrow`, a top-level typo).
    case unknownKey(file: String, key: String, line: Int?, suggestion: String?)
    /// A colour that is not an ANSI name, 0–255, `#rrggbb` or `default`.
    case badColor(file: String, role: String, value: String, line: Int?)
    /// An attribute that is not `true` or `false`.
    case badAttribute(file: String, role: String, key: String, value: String, line: Int?)

    public var description: String {
        switch self {
        case .notFound(let name, let available):
            let list = available.isEmpty ? "none found" : available.joined(separator: ", ")
            return "theme '\(name)' not found (available: \(list))"
        case .unreadable(let file, let reason):
            return "\(file): cannot read theme: \(reason)"
        case .invalidYAML(let file, let line, let problem):
            return "\(file)\(Self.at(line)): invalid YAML: \(problem)"
        case .notAMapping(let file, let what, let line):
            return "\(file)\(Self.at(line)): \(what) must be a mapping of keys to values"
        case .unknownKey(let file, let key, let line, let suggestion):
            let hint = suggestion.map { " (did you mean '\($0)'?)" } ?? ""
            return "\(file)\(Self.at(line)): unknown \(key)\(hint)"
        case .badColor(let file, let role, let value, let line):
            return "\(file)\(Self.at(line)): bad colour '\(value)' for role '\(role)'"
                + " (use an ANSI name such as brightBlue, 0-255, \"#rrggbb\" in quotes, or default)"
        case .badAttribute(let file, let role, let key, let value, let line):
            return "\(file)\(Self.at(line)): '\(key)' of role '\(role)' must be true or false, not '\(value)'"
        }
    }

    private static func at(_ line: Int?) -> String {
        line.map { ":\($0)" } ?? ""
    }
}
