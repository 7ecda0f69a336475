import Foundation
import JSON
import JSONServerCore
import Modules
import Services

/// The description a snapshot keeps beside its data, under one top-level
/// key (`_trestle`) that nothing reads as data: the resources as Trestle
/// derived them from the live service (columns, labels, relations both
/// ways, id fields, toggles, forms), the convention and the base URL. The
/// fake environment browses a snapshot by it (``catalog``), so a replay
/// looks as the live run did.
public struct SnapshotDescription: Sendable, Equatable {
    /// The top-level key of the description; the engine never serves it.
    public static let key = JSONDatabase.descriptionKey
    /// The format's version, written as `version`.
    public static let version = 1

    /// The resources, in the live catalog's order.
    public var catalog: ResourceCatalog
    /// The convention most of the resources were read in (`json-server`, `openapi`, …).
    public var convention: String
    /// Where the data came from; `nil` once anonymised.
    public var baseURL: String?
    /// Records kept per resource name (a collection's array, 1 for an object).
    public var counts: [String: Int]

    public init(catalog: ResourceCatalog, convention: String, baseURL: String?, counts: [String: Int]) {
        self.catalog = catalog
        self.convention = convention
        self.baseURL = baseURL
        self.counts = counts
    }

    /// The description as the JSON written under ``key``.
    public var json: JSONValue {
        var object = JSONObject()
        object["version"] = .int(Self.version)
        object["convention"] = .string(convention)
        object["baseURL"] = baseURL.map(JSONValue.string) ?? .null
        object["source"] = catalog.source.map(JSONValue.string) ?? .null
        object["resources"] = .array(
            catalog.resources.map { Self.json($0, count: counts[$0.name]) })
        return .object(object)
    }

    /// Reads a description written by ``json``; `nil` when `value` is not one.
    public init?(json value: JSONValue) {
        guard let object = value.objectValue, let resources = object["resources"]?.arrayValue else { return nil }
        let described = resources.compactMap(Self.descriptor)
        var counts: [String: Int] = [:]
        for resource in resources {
            if let name = resource.value(atPath: "name")?.stringValue,
                let count = resource.value(atPath: "count")?.intValue
            {
                counts[name] = count
            }
        }
        self.init(
            catalog: ResourceCatalog(described, source: object["source"]?.stringValue ?? "snapshot"),
            convention: object["convention"]?.stringValue ?? ConventionName.jsonServer.rawValue,
            baseURL: object["baseURL"]?.stringValue, counts: counts)
    }

    // MARK: - One resource

    private static func json(_ resource: ResourceDescriptor, count: Int?) -> JSONValue {
        var object = JSONObject()
        object["name"] = .string(resource.name)
        object["singular"] = .string(resource.singular)
        object["idField"] = .string(resource.idField)
        object["labelField"] = resource.labelField.map(JSONValue.string) ?? .null
        object["isObject"] = .bool(resource.isObject)
        object["count"] = count.map(JSONValue.int) ?? .null
        object["convention"] = .string(resource.route?.convention.rawValue ?? ConventionName.jsonServer.rawValue)
        object["pageSize"] = .int(resource.pageSize)
        object["columns"] = .array(zip(resource.columns, ListColumns.preferences(of: resource)).map(json))
        object["relations"] = .array(resource.relations.map(json))
        if let toggle = resource.toggle {
            object["toggle"] = ["field": .string(toggle.field), "on": .string(toggle.on), "off": .string(toggle.off)]
        }
        object["form"] = .array(resource.formFields.map(json))
        return .object(object)
    }

    /// A column's data, and the preferences it is laid out by (the built-in
    /// catalog's too: a replay has no built-in catalog, yet looks the same).
    private static func json(
        _ column: ResourceDescriptor.Column, _ preferences: ResourceDescriptor.Column.Preferences
    ) -> JSONValue {
        var object: JSONObject = ["field": .string(column.field)]
        if let title = column.namedTitle { object["title"] = .string(title) }
        if let kind = column.kind { object["kind"] = .string(kind.rawValue) }
        if !column.choices.isEmpty { object["choices"] = .array(column.choices.map(JSONValue.string)) }
        if let width = preferences.width { object["width"] = .int(width) }
        if let weight = preferences.weight { object["weight"] = .int(weight) }
        if let alignment = preferences.alignment { object["alignment"] = .string(alignment) }
        if let priority = preferences.priority { object["priority"] = .int(priority) }
        return .object(object)
    }

    private static func json(_ relation: ResourceDescriptor.Relation) -> JSONValue {
        switch relation.kind {
        case .children(let key):
            return ["name": .string(relation.name), "target": .string(relation.target), "children": .string(key)]
        case .parent(let key):
            // A link (HAL's `_links.author.href`) is kept as the parent's id under the link's name.
            let kept = ParentHop.derivedKey(key) ?? key
            return ["name": .string(relation.name), "target": .string(relation.target), "parent": .string(kept)]
        }
    }

    private static func json(_ field: ResourceDescriptor.FormField) -> JSONValue {
        var object: JSONObject = [
            "field": .string(field.field), "kind": .string(field.kind.rawValue), "required": .bool(field.isRequired),
        ]
        // A label nobody gave is made of the field's name again when read.
        if let label = field.givenLabel { object["label"] = .string(label.words) }
        if !field.choices.isEmpty { object["choices"] = .array(field.choices.map(JSONValue.string)) }
        if let minimum = field.minimum { object["minimum"] = .int(minimum) }
        if let maximum = field.maximum { object["maximum"] = .int(maximum) }
        if field.takesFractions { object["fractions"] = .bool(true) }
        return .object(object)
    }

    /// A descriptor read back; replayed in json-server's words (no route),
    /// since the fake's engine serves it.
    private static func descriptor(_ value: JSONValue) -> ResourceDescriptor? {
        guard let object = value.objectValue, let name = object["name"]?.stringValue, !name.isEmpty else { return nil }
        let toggle = object["toggle"]?.objectValue.flatMap { toggle -> ResourceDescriptor.Toggle? in
            guard let field = toggle["field"]?.stringValue else { return nil }
            return ResourceDescriptor.Toggle(
                field: field, on: toggle["on"]?.stringValue ?? "", off: toggle["off"]?.stringValue ?? "")
        }
        return ResourceDescriptor(
            name: name, singular: object["singular"]?.stringValue, idField: object["idField"]?.stringValue ?? "id",
            labelField: object["labelField"]?.stringValue,
            columns: (object["columns"]?.arrayValue ?? []).compactMap(column),
            relations: (object["relations"]?.arrayValue ?? []).compactMap(relation), toggle: toggle,
            formFields: (object["form"]?.arrayValue ?? []).compactMap(formField),
            pageSize: object["pageSize"]?.intValue ?? ResourceDescriptor.defaultPageSize,
            isObject: object["isObject"]?.boolValue ?? false)
    }

    /// A column read back; a description written before columns were data
    /// (every column with its title, width and alignment) reads as preferences.
    private static func column(_ value: JSONValue) -> ResourceDescriptor.Column? {
        guard let object = value.objectValue, let field = object["field"]?.stringValue else { return nil }
        let preferences = ResourceDescriptor.Column.Preferences(
            width: object["width"]?.intValue, weight: object["weight"]?.intValue,
            alignment: object["alignment"]?.stringValue, priority: object["priority"]?.intValue)
        return ResourceDescriptor.Column(
            field, title: object["title"]?.stringValue,
            kind: object["kind"]?.stringValue.flatMap(ResourceDescriptor.Column.Kind.init),
            choices: (object["choices"]?.arrayValue ?? []).compactMap(\.stringValue), preferences: preferences)
    }

    private static func relation(_ value: JSONValue) -> ResourceDescriptor.Relation? {
        guard let object = value.objectValue, let name = object["name"]?.stringValue else { return nil }
        let target = object["target"]?.stringValue
        if let key = object["children"]?.stringValue {
            return ResourceDescriptor.Relation(name, target: target, .children(foreignKey: key))
        }
        if let key = object["parent"]?.stringValue {
            return ResourceDescriptor.Relation(name, target: target, .parent(foreignKey: key))
        }
        return nil
    }

    private static func formField(_ value: JSONValue) -> ResourceDescriptor.FormField? {
        guard let object = value.objectValue, let field = object["field"]?.stringValue,
            let kind = object["kind"]?.stringValue.flatMap(ResourceDescriptor.FormField.Kind.init)
        else { return nil }
        return ResourceDescriptor.FormField(
            field, label: object["label"]?.stringValue, kind, required: object["required"]?.boolValue ?? false,
            choices: (object["choices"]?.arrayValue ?? []).compactMap(\.stringValue),
            minimum: object["minimum"]?.intValue, maximum: object["maximum"]?.intValue,
            fractions: object["fractions"]?.boolValue ?? false)
    }
}
