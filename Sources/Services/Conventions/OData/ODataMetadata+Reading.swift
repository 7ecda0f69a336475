import Foundation
import SWXMLHash

/// Why a `$metadata` document could not be read: data, worded by the caller.
public enum ODataMetadataProblem: Error, Sendable, Hashable {
    /// Not well-formed XML: where the XML parser stopped.
    case notXML(line: Int, column: Int)
    /// Well-formed, but no `edmx:Edmx/edmx:DataServices/Schema` in it.
    case noSchema
    /// An element lacks an attribute CSDL requires (`EntityType` without `Name`).
    case missingAttribute(element: String, attribute: String)

    /// One line, in English, for logs and test failures.
    public var summary: String {
        switch self {
        case .notXML(let line, let column): "$metadata is not XML (line \(line), column \(column))"
        case .noSchema: "$metadata has no Edmx/DataServices/Schema"
        case .missingAttribute(let element, let attribute): "$metadata: <\(element)> without \(attribute)"
        }
    }
}

extension ODataMetadata {
    /// Reads a CSDL XML document (OData v4 `$metadata`): every schema's
    /// entity types and the entity sets of its entity containers. Aliases
    /// (`<Schema Namespace="Shop.Models" Alias="self">`, `self.Product`) are
    /// resolved to namespaces; unknown elements are ignored.
    public static func parse(_ data: Data) throws(ODataMetadataProblem) -> ODataMetadata {
        let document = XMLHash.config {
            $0.shouldProcessNamespaces = true
            $0.detectParsingErrors = true
        }.parse(data)
        if case .parsingError(let error) = document {
            let position = error.line > 0 ? (error.line, error.column) : XMLErrorPosition.locate(data) ?? (0, 0)
            throw .notXML(line: position.0, column: position.1)
        }
        let schemas = document["Edmx"]["DataServices"]["Schema"].all.compactMap(\.element)
        guard !schemas.isEmpty else { throw .noSchema }
        var aliases: [String: String] = [:]
        for schema in schemas {
            if let alias = schema.attribute(by: "Alias")?.text, let namespace = schema.attribute(by: "Namespace")?.text
            {
                aliases[alias] = namespace
            }
        }
        let names = TypeNames(aliases: aliases)
        var types: [EntityType] = []
        var sets: [EntitySet] = []
        for schema in schemas {
            let namespace = try required(schema, "Namespace")
            for element in schema.elements(named: "EntityType") {
                types.append(try entityType(element, namespace: namespace, names: names))
            }
            for container in schema.elements(named: "EntityContainer") {
                for element in container.elements(named: "EntitySet") {
                    sets.append(try entitySet(element, names: names))
                }
            }
        }
        return ODataMetadata(entityTypes: types, entitySets: sets)
    }

    private static func entityType(
        _ element: XMLElement, namespace: String, names: TypeNames
    ) throws(ODataMetadataProblem) -> EntityType {
        let name = try required(element, "Name")
        let keys = element.elements(named: "Key").flatMap { $0.elements(named: "PropertyRef") }
            .compactMap { $0.attribute(by: "Name")?.text }
        var properties: [Property] = []
        for property in element.elements(named: "Property") {
            properties.append(
                Property(
                    name: try required(property, "Name"), type: names.resolve(try required(property, "Type")),
                    isNullable: property.attribute(by: "Nullable")?.text != "false"))
        }
        var navigations: [NavigationProperty] = []
        for navigation in element.elements(named: "NavigationProperty") {
            navigations.append(try navigationProperty(navigation, names: names))
        }
        return EntityType(
            qualifiedName: namespace + "." + name, keys: keys, properties: properties,
            navigationProperties: navigations,
            baseType: element.attribute(by: "BaseType").map { names.resolve($0.text) })
    }

    private static func navigationProperty(
        _ element: XMLElement, names: TypeNames
    ) throws(ODataMetadataProblem) -> NavigationProperty {
        var type = try required(element, "Type")
        let isCollection = type.hasPrefix("Collection(") && type.hasSuffix(")")
        if isCollection { type = String(type.dropFirst("Collection(".count).dropLast()) }
        var constraints: [NavigationProperty.Constraint] = []
        for constraint in element.elements(named: "ReferentialConstraint") {
            constraints.append(
                .init(
                    property: try required(constraint, "Property"),
                    referencedProperty: try required(constraint, "ReferencedProperty")))
        }
        return NavigationProperty(
            name: try required(element, "Name"), target: names.resolve(type), isCollection: isCollection,
            partner: element.attribute(by: "Partner")?.text, constraints: constraints)
    }

    private static func entitySet(_ element: XMLElement, names: TypeNames) throws(ODataMetadataProblem) -> EntitySet {
        var bindings: [String: String] = [:]
        for binding in element.elements(named: "NavigationPropertyBinding") {
            guard let path = binding.attribute(by: "Path")?.text, let target = binding.attribute(by: "Target")?.text
            else { continue }
            // A target may be qualified by its container (`Container/Categories`).
            bindings[path] = target.split(separator: "/").last.map(String.init) ?? target
        }
        return EntitySet(
            name: try required(element, "Name"), entityType: names.resolve(try required(element, "EntityType")),
            bindings: bindings)
    }

    private static func required(_ element: XMLElement, _ attribute: String) throws(ODataMetadataProblem) -> String {
        guard let value = element.attribute(by: attribute)?.text, !value.isEmpty else {
            throw .missingAttribute(element: element.name, attribute: attribute)
        }
        return value
    }

    /// Qualified type names with schema aliases replaced by their namespaces.
    private struct TypeNames {
        let aliases: [String: String]

        func resolve(_ name: String) -> String {
            guard let dot = name.lastIndex(of: "."), let namespace = aliases[String(name[..<dot])] else { return name }
            return namespace + name[dot...]
        }
    }
}

extension XMLElement {
    /// The child elements named `name` (local name, namespaces processed).
    fileprivate func elements(named name: String) -> [XMLElement] {
        children.compactMap { $0 as? XMLElement }.filter { $0.name == name }
    }
}
