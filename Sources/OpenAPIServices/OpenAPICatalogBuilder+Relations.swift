import OpenAPIKit
import Services

extension OpenAPICatalogBuilder {
    /// Adds the relations both ways: a nested route (`/authors/{author_id}/books`)
    /// gives the parent its children; a foreign key (`author_id`, `authorId`)
    /// gives the record its parent and the parent its children (when the
    /// children can be asked for by that key); a property that is a `$ref`
    /// to another collection's schema gives the record its parent.
    func addRelations(_ descriptors: inout [ResourceDescriptor], collections: [Collection], nested: [Nested])
        throws(OpenAPIProblem)
    {
        func add(_ relation: ResourceDescriptor.Relation, to name: String) {
            guard let index = descriptors.firstIndex(where: { $0.name == name }) else { return }
            if descriptors[index].relations.contains(where: { $0.name == relation.name }) { return }
            descriptors[index].relations.append(relation)
        }
        for found in nested {
            guard let parent = collections.first(where: { $0.entry.text == found.parentPath }),
                descriptors.contains(where: { $0.name == found.name })
            else { continue }
            add(.init(found.name, target: found.name, .children(foreignKey: found.foreignKey)), to: parent.name)
        }
        for (index, collection) in collections.enumerated() {
            let properties = try properties(of: collection.shape.item, at: itemPointer(collection))
            let descriptor = descriptors[index]
            for property in properties where property.name != descriptor.idField {
                if property.kind.isScalar, let (base, target) = foreignKey(property, among: collections) {
                    add(.init(base, target: target.name, .parent(foreignKey: property.name)), to: collection.name)
                    let filterable =
                        descriptor.route?.nestedRoutes[property.name] != nil
                        || descriptor.route?.paging == .jsonServer
                        || collection.parameters.all.contains { $0.name == property.name }
                    if filterable {
                        add(
                            .init(collection.name, target: collection.name, .children(foreignKey: property.name)),
                            to: target.name)
                    }
                } else if property.kind == .object, let component = property.resolved.component,
                    let target = collections.first(where: { $0.shape.item.component == component }),
                    let targetID = descriptors.first(where: { $0.name == target.name })?.idField
                {
                    add(
                        .init(property.name, target: target.name, .parent(foreignKey: "\(property.name).\(targetID)")),
                        to: collection.name)
                }
            }
        }
    }

    /// The relation's name and the collection a scalar property points at:
    /// the one its `x-trestle-relation` names (`trestle serve` writes it),
    /// else the one its name's base names (`author_id` → `authors`).
    private func foreignKey(_ property: Property, among collections: [Collection]) -> (String, Collection)? {
        if let resource = Self.declaredRelation(property),
            let target = collections.first(where: { $0.name == resource })
        {
            return (Self.foreignKeyBase(property.name) ?? property.name, target)
        }
        guard let base = Self.foreignKeyBase(property.name), let target = target(named: base, among: collections) else {
            return nil
        }
        return (base, target)
    }

    /// The resource a property's `x-trestle-relation` names, if it has one.
    static func declaredRelation(_ property: Property) -> String? {
        let own = property.schema.vendorExtensions["x-trestle-relation"]
        let found = own ?? property.resolved.schema.vendorExtensions["x-trestle-relation"]
        return (found?.value as? [String: Any])?["resource"] as? String
    }

    /// The collection a foreign key's base names: `author` → `authors`
    /// (or the one whose schema is `Author`).
    private func target(named base: String, among collections: [Collection]) -> Collection? {
        let lower = base.lowercased()
        return collections.first { collection in
            let name = collection.name.lowercased()
            return name == lower || ResourceDescriptor.singular(of: name) == lower || name == lower + "s"
                || collection.shape.item.component?.lowercased() == lower
        }
    }
}
