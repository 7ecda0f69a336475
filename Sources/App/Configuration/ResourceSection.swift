import Foundation
import Modules
import Services

/// One resource of a service in the config file, made into a `ResourceDescriptor`.
///
/// ```yaml
/// - name: books
///   label: title
///   columns: [{field: id, width: 5, align: right}, title]
///   relations: [{name: author, target: authors, parent: authorId}]
///   toggle: {field: read, on: read, off: unread}
///   form: [{field: title, kind: text}]
/// ```
enum ResourceSection {
    static let resourceKeys = [
        "name", "singular", "idField", "label", "pageSize", "columns", "relations", "toggle", "form", "object",
    ]
    static let columnKeys = ["field", "title", "width", "align", "priority"]
    static let relationKeys = ["name", "target", "parent", "children"]
    static let toggleKeys = ["field", "on", "off"]
    static let formKeys = ["field", "kind", "label", "required"]

    /// The descriptor a resource entry describes. Without `columns` its
    /// columns are empty: the list infers them from the data.
    static func descriptor(_ node: ConfigNode) throws(ConfigurationError) -> ResourceDescriptor {
        let fields = try node.fields(of: "a resource", allowed: resourceKeys)
        let nameNode = try fields.required("name")
        let name = try nameNode.name()
        guard name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.~".contains($0)) }) else {
            throw nameNode.invalid("'\(name)' is not a URL path segment (letters, digits, - _ . ~)")
        }
        var columns: [ResourceDescriptor.Column] = []
        for item in try fields["columns"]?.items(of: "columns") ?? [] { columns.append(try column(item)) }
        var relations: [ResourceDescriptor.Relation] = []
        for item in try fields["relations"]?.items(of: "relations") ?? [] {
            let relation = try relation(item)
            if relations.contains(where: { $0.name == relation.name }) {
                throw item.failure("relation name '\(relation.name)' is used twice")
            }
            relations.append(relation)
        }
        var formFields: [ResourceDescriptor.FormField] = []
        for item in try fields["form"]?.items(of: "form fields") ?? [] { formFields.append(try formField(item)) }
        return ResourceDescriptor(
            name: name, singular: try fields["singular"]?.name(), idField: try fields["idField"]?.name() ?? "id",
            labelField: try fields["label"]?.name(), columns: columns, relations: relations,
            toggle: try fields["toggle"].map(toggle), formFields: formFields,
            pageSize: try fields["pageSize"]?.integer(in: 1...10_000) ?? ResourceDescriptor.defaultPageSize,
            isObject: try fields["object"]?.flag() ?? false)
    }

    // MARK: - Parts

    /// `{field: id, width: 5, align: right}`, or just `title`. The title
    /// is the column's; width, alignment and priority are preferences the
    /// list lays it out by (`ListColumns`).
    private static func column(_ node: ConfigNode) throws(ConfigurationError) -> ResourceDescriptor.Column {
        if node.node.scalar != nil { return ResourceDescriptor.Column(try node.name()) }
        let fields = try node.fields(of: "a column", allowed: columnKeys)
        var preferences = try fields["width"].map(width) ?? ResourceDescriptor.Column.Preferences()
        preferences.alignment = try fields["align"]?.choice(of: ListColumns.Alignment.self).rawValue
        preferences.priority = try fields["priority"]?.integer(in: 0...99)
        return ResourceDescriptor.Column(
            try fields.required("field").name(), title: try fields["title"]?.text(), preferences: preferences)
    }

    /// A number of cells, `flex`, or `flex:WEIGHT`.
    private static func width(_ node: ConfigNode) throws(ConfigurationError) -> ResourceDescriptor.Column.Preferences {
        let text = try node.text()
        let problem = "'\(text)' is not a number of cells (1…500), flex or flex:WEIGHT (1…100)"
        if let cells = node.node.int {
            guard (1...500).contains(cells) else { throw node.invalid(problem) }
            return .init(width: cells)
        }
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.first.map(trimmed) == "flex" else { throw node.invalid(problem) }
        guard parts.count == 2 else { return .init(weight: 1) }
        guard let weight = Int(trimmed(parts[1])), (1...100).contains(weight) else {
            throw node.invalid(problem)
        }
        return .init(weight: weight)
    }

    private static func trimmed(_ text: Substring) -> String {
        text.trimmingCharacters(in: .whitespaces)
    }

    /// `{name: author, target: authors, parent: authorId}` or `{name: reviews, children: bookId}`.
    private static func relation(_ node: ConfigNode) throws(ConfigurationError) -> ResourceDescriptor.Relation {
        let fields = try node.fields(of: "a relation", allowed: relationKeys)
        let name = try fields.required("name").name()
        let target = try fields["target"]?.name()
        switch (try fields["parent"]?.name(), try fields["children"]?.name()) {
        case (let parent?, nil):
            return ResourceDescriptor.Relation(name, target: target, .parent(foreignKey: parent))
        case (nil, let children?):
            return ResourceDescriptor.Relation(name, target: target, .children(foreignKey: children))
        case (.some, .some):
            throw node.failure("relation '\(name)' gives both parent and children; give one")
        case (nil, nil):
            throw node.failure(
                "relation '\(name)' needs parent (this record's field holding the target's id) "
                    + "or children (the target's field holding this record's id)")
        }
    }

    /// `{field: read, on: read, off: unread}`, or just `read`.
    private static func toggle(_ node: ConfigNode) throws(ConfigurationError) -> ResourceDescriptor.Toggle {
        if node.node.scalar != nil {
            let field = try node.name()
            return ResourceDescriptor.Toggle(field: field, on: field, off: "not \(field)")
        }
        let fields = try node.fields(of: "the toggle", allowed: toggleKeys)
        let field = try fields.required("field").name()
        return ResourceDescriptor.Toggle(
            field: field, on: try fields["on"]?.name() ?? field, off: try fields["off"]?.name() ?? "not \(field)")
    }

    /// `{field: title, kind: text, label: Title}`, or just `title` (text).
    private static func formField(_ node: ConfigNode) throws(ConfigurationError) -> ResourceDescriptor.FormField {
        if node.node.scalar != nil { return ResourceDescriptor.FormField(try node.name(), .text) }
        let fields = try node.fields(of: "a form field", allowed: formKeys)
        return ResourceDescriptor.FormField(
            try fields.required("field").name(), label: try fields["label"]?.name(),
            try fields["kind"]?.choice(of: ResourceDescriptor.FormField.Kind.self) ?? .text,
            required: try fields["required"]?.flag() ?? false)
    }
}
