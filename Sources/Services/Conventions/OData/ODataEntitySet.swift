import Foundation
import JSON

/// One entity set of an OData service, as the service document, `$metadata`
/// and its first page show it: its path, entity type, count and page size.
struct ODataEntitySet: Sendable {
    var name: String
    var path: String
    var type: ODataMetadata.EntityType?
    var count: Int?
    var pageSize: Int?
    var sample: JSONValue?

    init(name: String, path: String, metadata: ODataMetadata?, first: ConventionAnswer?) {
        self.name = name
        self.path = path
        type = metadata?.entityType(ofSet: name)
        guard let body = first?.json, let values = body["value"]?.arrayValue else { return }
        count = body["@odata.count"]?.intValue ?? first?.totalCount
        sample = values.first.map(ODataDocument.row)
        if body["@odata.nextLink"]?.stringValue != nil {
            pageSize = values.count  // server-driven paging: asking for more is cut to this
        } else if count == nil {
            count = values.count
        }
    }

    /// The key property (the first, for a composite key).
    var key: String? { type?.keys.first }

    /// The descriptor: route, columns and form from `$metadata` (else the
    /// first entity), relations from navigation properties and their
    /// referential constraints, both ways.
    func descriptor(among all: [ODataEntitySet], metadata: ODataMetadata?) -> ResourceDescriptor {
        var route = ResourceRoute(
            path: path, paging: .offset(limit: "$top", offset: "$skip"), itemsKey: "value", totalKey: "@odata.count",
            sortParameter: "$orderby")
        route.convention = .oData
        if let type, let key {
            let primitive = type.properties.filter { $0.type.hasPrefix("Edm.") }
            route.facts =
                ODataRouteFacts(
                    key: key, types: Dictionary(primitive.map { ($0.name, $0.type) }) { first, _ in first },
                    strings: primitive.filter { $0.type == "Edm.String" }.map(\.name)
                ).facts
        }
        var descriptor = columns(ResourceCatalog.inferred(name: name, from: sample.map { [$0] } ?? []))
        descriptor.route = route
        if let pageSize { descriptor.pageSize = pageSize }
        if let metadata { descriptor.relations = relations(among: all, metadata: metadata) }
        var facts = ODataRouteFacts(route)
        for relation in descriptor.relations {
            if case .parent(let foreignKey) = relation.kind { facts.parents[relation.name] = foreignKey }
        }
        descriptor.route?.facts = facts.facts
        return descriptor
    }

    /// Columns, id, label, form and toggle from the entity type's properties.
    private func columns(_ inferred: ResourceDescriptor) -> ResourceDescriptor {
        guard let type, let key else { return inferred }
        var descriptor = inferred
        descriptor.idField = key
        let primitive = type.properties.filter { $0.type.hasPrefix("Edm.") && !$0.type.hasPrefix("Edm.Geo") }
        var fields = primitive.map(\.name)
        if let index = fields.firstIndex(of: key), index > 0 { fields.insert(fields.remove(at: index), at: 0) }
        descriptor.columns = fields.prefix(ResourceCatalog.inferredColumns).map { field in
            let numericKey = field == key && type.property(key)?.isNumeric == true
            return ResourceDescriptor.Column(field, kind: numericKey ? .identifier : nil)
        }
        let strings = primitive.filter { $0.type == "Edm.String" && $0.name != key }.map(\.name)
        descriptor.labelField =
            strings.first { ["name", "title", "label"].contains($0.lowercased()) } ?? strings.first
            ?? (type.property(key)?.type == "Edm.String" ? key : nil)
        descriptor.formFields = primitive.compactMap { property -> ResourceDescriptor.FormField? in
            // A numeric key is the service's to give; a text key is the user's.
            if property.name == key && property.isNumeric { return nil }
            let kind: ResourceDescriptor.FormField.Kind =
                property.type == "Edm.Boolean" ? .bool : (property.isNumeric ? .number : .text)
            let fractions = ["Edm.Decimal", "Edm.Double", "Edm.Single"].contains(property.type)
            return ResourceDescriptor.FormField(
                property.name, kind, required: !property.isNullable, fractions: fractions)
        }
        if let flag = primitive.first(where: { $0.type == "Edm.Boolean" })?.name {
            descriptor.toggle = ResourceDescriptor.Toggle(field: flag, on: flag, off: "not \(flag)")
        }
        return descriptor
    }

    /// A to-one navigation property whose referential constraint names a
    /// field is a parent (`Category` by `CategoryID`); a to-many one whose
    /// partner has such a constraint is children (`Products` by the
    /// products' `CategoryID`); a constrained to-one property of another
    /// set that leads here is children too, named by that set, when no
    /// navigation property here says it already.
    private func relations(among all: [ODataEntitySet], metadata: ODataMetadata) -> [ResourceDescriptor.Relation] {
        guard let type else { return [] }
        var result: [ResourceDescriptor.Relation] = []
        for navigation in type.navigationProperties {
            guard let target = metadata.targetSet(of: navigation, from: name),
                all.contains(where: { $0.name == target })
            else { continue }
            if !navigation.isCollection, let constraint = navigation.constraints.first {
                result.append(.parent(navigation.name, target: target, by: constraint.property))
            } else if navigation.isCollection, let foreignKey = inverseKey(of: navigation, metadata: metadata) {
                result.append(
                    ResourceDescriptor.Relation(navigation.name, target: target, .children(foreignKey: foreignKey)))
            }
        }
        for other in all where other.name != name {
            for navigation in other.type?.navigationProperties ?? [] where !navigation.isCollection {
                guard metadata.targetSet(of: navigation, from: other.name) == name,
                    let constraint = navigation.constraints.first,
                    !result.contains(where: {
                        $0.target == other.name && $0.kind == .children(foreignKey: constraint.property)
                    })
                else { continue }
                result.append(ResourceDescriptor.Relation(other.name, .children(foreignKey: constraint.property)))
            }
        }
        return result
    }

    /// The field of the target that holds this set's key, from the
    /// partner navigation property's referential constraint.
    private func inverseKey(of navigation: ODataMetadata.NavigationProperty, metadata: ODataMetadata) -> String? {
        guard let partnerName = navigation.partner,
            let partner = metadata.entityType(navigation.target)?.navigationProperties.first(where: {
                $0.name == partnerName
            })
        else { return nil }
        return partner.constraints.first?.property
    }
}
