import Foundation

/// One member of the generated API: a plain text, or a plural pair
/// (`key.one` / `key.other`) that the count chooses between.
struct TextEntry {
    var namespace: String
    var name: String
    var key: String
    var context: String
    /// Values by language; a plural has `one` and `other`.
    var forms: [String: [String: String]]
    var arguments: [(label: String, kind: Placeholder.Kind)]

    var isPlural: Bool { forms["one"] != nil }

    /// Groups texts into entries; keys are `area.name`, plurals `area.name.one` and `area.name.other`.
    static func entries(of file: TremaFile) throws -> [TextEntry] {
        var entries: [TextEntry] = []
        var index: [String: Int] = [:]
        for text in file.texts {
            var parts = text.key.split(separator: ".").map(String.init)
            var form = "text"
            if parts.count == 3, ["one", "other"].contains(parts[2]) { form = parts.removeLast() }
            guard parts.count == 2, parts.allSatisfy(isIdentifier) else {
                throw GeneratorError(
                    "key “\(text.key)”: write area.name (letters and digits), plurals area.name.one/.other")
            }
            guard let master = text.values[file.masterLanguage] else {
                throw GeneratorError("\(text.key): no value in the master language \(file.masterLanguage)")
            }
            let placeholders = try Placeholder.parse(master, key: text.key)
            let labels = argumentLabels(in: text.context)
            guard placeholders.map(\.position) == (0..<placeholders.count).map({ $0 + 1 }),
                labels.count == placeholders.count
            else {
                throw GeneratorError(
                    "\(text.key): \(placeholders.count) placeholder(s) need as many names in the context (Args: a, b)")
            }
            let arguments = zip(labels, placeholders).map { (label: $0, kind: $1.kind) }
            let baseKey = parts.joined(separator: ".")
            if let at = index[baseKey] {
                guard entries[at].forms[form] == nil, form != "text" else {
                    throw GeneratorError("\(text.key): defined twice")
                }
                entries[at].forms[form] = text.values
                if entries[at].context.isEmpty { entries[at].context = text.context }
            } else {
                index[baseKey] = entries.count
                entries.append(
                    TextEntry(
                        namespace: parts[0].prefix(1).uppercased() + parts[0].dropFirst(), name: parts[1], key: baseKey,
                        context: text.context, forms: [form: text.values], arguments: arguments))
            }
        }
        for entry in entries where entry.forms["text"] == nil {
            guard entry.forms.keys.sorted() == ["one", "other"] else {
                throw GeneratorError("\(entry.key): a plural needs both .one and .other")
            }
            guard entry.arguments.contains(where: { $0.kind == .int }) else {
                throw GeneratorError("\(entry.key): a plural needs a %d argument to count by")
            }
        }
        return entries
    }

    /// The names after `Args:` in a context ("Shown in the status bar. Args: count, name").
    static func argumentLabels(in context: String) -> [String] {
        guard let range = context.range(of: "Args:", options: .backwards) else { return [] }
        return context[range.upperBound...].split(whereSeparator: { ", .\n".contains($0) }).map(String.init)
    }

    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.first, first.isLetter else { return false }
        return text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }
}
