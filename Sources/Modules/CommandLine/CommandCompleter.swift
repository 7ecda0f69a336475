import Services

/// Completion for the command line: resource names and keywords first, then
/// a resource's field names (`userId=`), or the export formats.
public struct CommandCompleter: Sendable {
    public let catalog: ResourceCatalog
    /// The fields of the list on top, which `:freq ` offers (none without a list).
    public let listFields: [String]
    /// The services of the config file, which `:service ` offers.
    public let services: [String]
    /// The columns of the list on top (hidden ones too), which `:columns hide ` offers.
    public let columns: [String]
    /// The views saved for the list on top, which `:view ` offers.
    public let views: [String]

    /// The environments `:env ` offers.
    public static let environments = ["fake", "development", "production"]

    public init(
        catalog: ResourceCatalog, listFields: [String] = [], services: [String] = [], columns: [String] = [],
        views: [String] = []
    ) {
        self.catalog = catalog
        self.listFields = listFields
        self.services = services
        self.columns = columns
        self.views = views
    }

    /// What follows `:columns`.
    static let columnVerbs = ["hide", "show", "move", "width", "add"]

    /// Candidates for the word being typed at the end of `line`, as whole lines.
    public func completions(for line: String) -> [String] {
        let endsWithSpace = line.last?.isWhitespace ?? false
        var words = line.split(whereSeparator: \.isWhitespace).map(String.init)
        let partial = endsWithSpace || words.isEmpty ? "" : words.removeLast()
        let prefix = words.isEmpty ? "" : words.joined(separator: " ") + " "
        let candidates: [String]
        if words.isEmpty {
            candidates =
                catalog.names + ["export", "freq", "requests", "ops", "resources"]
                + (services.isEmpty ? [] : ["service"])
                + ["env", "help", "quit"] + (columns.isEmpty ? [] : ["columns", "view", "views"])
        } else if words[0] == "columns", catalog["columns"] == nil {
            if words.count == 1 {
                candidates = Self.columnVerbs
            } else if words.count == 2, words[1] == "add" {
                candidates = listFields.filter { !columns.contains($0) }
            } else {
                candidates = words.count == 2 && Self.columnVerbs.contains(words[1]) ? columns : []
            }
        } else if words[0] == "view", catalog["view"] == nil {
            candidates = words.count == 1 ? ["save", "default"] + views : []
        } else if words[0] == "service", catalog["service"] == nil {
            candidates = words.count == 1 ? services : []
        } else if words[0] == "env", catalog["env"] == nil {
            candidates = words.count == 1 ? Self.environments : []
        } else if words[0] == "export" {
            candidates = words.count == 1 ? RecordFormat.allCases.map(\.rawValue) : []
        } else if words[0] == "freq" || words[0] == "frequency" {
            candidates = words.count == 1 ? listFields : []
        } else if let equals = partial.firstIndex(of: "=") {
            // A value: the two of a boolean field (`completed=f` → `completed=false`).
            let field = String(partial[..<equals]).trimmingCharacters(in: ["!"])
            let op = partial[partial.startIndex..<partial.index(after: equals)].hasSuffix("!=") ? "!=" : "="
            let values =
                booleanFields(of: words[0]).contains(field)
                ? ["true", "false"] : catalog[words[0]]?.route?.choices[field] ?? []
            candidates = values.map { "\(field)\(op)\($0)" }
        } else if fields(of: words[0]).contains(partial) {
            // A whole field name: the operators it can take.
            candidates = Self.operators.map { partial + $0 }
        } else {
            candidates = fields(of: words[0]).map { $0 + "=" }
        }
        return candidates.filter { $0.hasPrefix(partial) && $0 != partial }.map { prefix + $0 }
    }

    /// What may follow a field name: `=`, `!=`, `<`, `<=`, `>`, `>=`, `~` (contains) and ` in ` (one of).
    static let operators = ["=", "!=", "<", "<=", ">", ">=", "~", " in "]

    /// The fields a filter on `resource` can name: its columns, form fields
    /// and the foreign keys its relations use.
    public func fields(of resource: String) -> [String] {
        guard let descriptor = catalog[resource] else { return ["id"] }
        return Self.fields(of: descriptor)
    }

    /// The fields of `descriptor`: its columns, form fields and the foreign
    /// keys its relations use.
    public static func fields(of descriptor: ResourceDescriptor) -> [String] {
        var fields: [String] = []
        func add(_ field: String) {
            if !fields.contains(field) { fields.append(field) }
        }
        descriptor.columns.map(\.field).forEach(add)
        descriptor.formFields.map(\.field).forEach(add)
        for relation in descriptor.relations {
            if case .parent(let key) = relation.kind { add(key) }
        }
        // Fields with documented values (an API document's enums and filters).
        descriptor.route?.choices.keys.sorted().forEach(add)
        return fields
    }

    /// The fields of `resource` known to hold booleans (its toggle and form switches).
    func booleanFields(of resource: String) -> [String] {
        guard let descriptor = catalog[resource] else { return [] }
        return (descriptor.toggle.map { [$0.field] } ?? [])
            + descriptor.formFields.filter { $0.kind == .bool }.map(\.field)
    }

    /// The longest text every candidate starts with.
    public static func commonPrefix(_ candidates: [String]) -> String {
        guard var prefix = candidates.first else { return "" }
        for candidate in candidates.dropFirst() {
            while !candidate.hasPrefix(prefix) { prefix.removeLast() }
        }
        return prefix
    }
}
