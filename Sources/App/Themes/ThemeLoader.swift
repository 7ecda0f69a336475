import Foundation
import TerminalUI
import Yams

/// Loads themes from YAML files.
///
/// A theme file names the styles of some roles; roles it leaves out fall
/// back to the built-in default theme:
///
/// ```yaml
/// name: light
/// roles:
///   header: { fg: "#ffffff", bg: 24, bold: true }
///   cursorRow: { fg: black, bg: "#87d7ff" }
/// ```
///
/// The caller passes the folders to search, most specific first (the user's
/// `$XDG_CONFIG_HOME/trestle/themes`, then the shipped `themes/`); the loader
/// reads no environment variables.
public enum ThemeLoader {
    static let extensions = ["yaml", "yml"]
    static let attributeKeys = ["bold", "underline", "reverse", "dim"]

    /// The theme called `name` from the first search path that has
    /// `<name>.yaml` (or `.yml`); `name` may also be a path to a file.
    public static func load(name: String, searchPaths: [URL]) throws(ThemeError) -> Theme {
        let fileManager = FileManager.default
        var candidates: [URL] = []
        if name.contains("/") || extensions.contains(where: { name.hasSuffix(".\($0)") }) {
            candidates.append(URL(fileURLWithPath: name))
        }
        for folder in searchPaths {
            for ext in extensions { candidates.append(folder.appendingPathComponent("\(name).\(ext)")) }
        }
        guard let file = candidates.first(where: { fileManager.fileExists(atPath: $0.path) }) else {
            throw .notFound(name: name, available: availableThemes(searchPaths: searchPaths))
        }
        let text: String
        do {
            text = try String(contentsOf: file, encoding: .utf8)
        } catch {
            throw .unreadable(file: file.path, reason: error.localizedDescription)
        }
        return try parse(yaml: text, source: file.path)
    }

    /// The names of the themes found in `searchPaths`, sorted, without duplicates.
    public static func availableThemes(searchPaths: [URL]) -> [String] {
        var names = Set<String>()
        for folder in searchPaths {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for file in files {
                let url = URL(fileURLWithPath: file)
                if extensions.contains(url.pathExtension) {
                    names.insert(url.deletingPathExtension().lastPathComponent)
                }
            }
        }
        return names.sorted()
    }

    /// The theme described by `yaml`; `source` names it in error messages.
    public static func parse(yaml: String, source: String) throws(ThemeError) -> Theme {
        let root: Node?
        do {
            root = try Yams.compose(yaml: yaml)
        } catch let error as YamlError {
            throw yamlError(error, source: source)
        } catch {
            throw .invalidYAML(file: source, line: nil, problem: "\(error)")
        }
        guard let root else { throw .notAMapping(file: source, what: "the theme", line: nil) }
        guard let document = root.mapping else {
            throw .notAMapping(file: source, what: "the theme", line: root.mark?.line)
        }
        var name = URL(fileURLWithPath: source).deletingPathExtension().lastPathComponent
        var styles: [Role: Style] = [:]
        for (key, value) in document {
            switch key.string {
            case "name":
                name = value.string ?? name
            case "description":
                continue
            case "roles":
                styles = try parseRoles(value, source: source)
            default:
                throw .unknownKey(
                    file: source, key: "key '\(key.string ?? "?")'", line: key.mark?.line,
                    suggestion: suggestion(for: key.string ?? "", among: ["name", "description", "roles"]))
            }
        }
        return Theme(name: name, styles: styles)
    }

    // MARK: - Parts

    private static func parseRoles(_ node: Node, source: String) throws(ThemeError) -> [Role: Style] {
        guard let mapping = node.mapping else {
            throw .notAMapping(file: source, what: "'roles'", line: node.mark?.line)
        }
        var styles: [Role: Style] = [:]
        for (key, value) in mapping {
            let roleName = key.string ?? ""
            guard let role = Role(rawValue: roleName) else {
                throw .unknownKey(
                    file: source, key: "role '\(roleName)'", line: key.mark?.line,
                    suggestion: suggestion(for: roleName, among: Role.allCases.map(\.rawValue)))
            }
            styles[role] = try parseStyle(value, role: roleName, source: source)
        }
        return styles
    }

    private static func parseStyle(_ node: Node, role: String, source: String) throws(ThemeError) -> Style {
        if node.null != nil { return Style() }
        guard let mapping = node.mapping else {
            throw .notAMapping(file: source, what: "role '\(role)'", line: node.mark?.line)
        }
        var style = Style()
        for (key, value) in mapping {
            let name = key.string ?? ""
            let line = value.mark?.line ?? key.mark?.line
            switch name {
            case "fg", "bg":
                guard let text = value.scalar?.string, let color = ThemeColorParser.parse(text) else {
                    throw .badColor(file: source, role: role, value: value.scalar?.string ?? "", line: line)
                }
                if name == "fg" { style.foreground = color } else { style.background = color }
            case _ where attributeKeys.contains(name):
                guard let flag = value.bool else {
                    throw .badAttribute(file: source, role: role, key: name, value: value.string ?? "", line: line)
                }
                switch name {
                case "bold": style.bold = flag
                case "underline": style.underline = flag
                case "reverse": style.reverse = flag
                default: style.dim = flag
                }
            default:
                throw .unknownKey(
                    file: source, key: "key '\(name)' in role '\(role)'", line: key.mark?.line,
                    suggestion: suggestion(for: name, among: ["fg", "bg"] + attributeKeys))
            }
        }
        return style
    }

    private static func yamlError(_ error: YamlError, source: String) -> ThemeError {
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _):
            return .invalidYAML(file: source, line: mark.line, problem: problem)
        default:
            let firstLine = "\(error)".split(separator: "\n").first.map(String.init) ?? "unreadable"
            return .invalidYAML(file: source, line: nil, problem: firstLine)
        }
    }

    /// A known name that differs from `name` only in case, or that `name` is a prefix of.
    static func suggestion(for name: String, among known: [String]) -> String? {
        let lower = name.lowercased()
        return known.first { $0.lowercased() == lower }
            ?? (lower.count >= 3 ? known.first { $0.lowercased().hasPrefix(lower) } : nil)
    }
}
