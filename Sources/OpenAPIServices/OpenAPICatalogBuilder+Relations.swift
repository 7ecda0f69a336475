import OpenAPIKit
import Services

extension OpenAPICatalogBuilder {
    /// Adds the relations both ways: a nested route (`/authors/{author_id}/books`)
    /// gives the parent its children; a foreign key (`author_id`, `authorId`)
    /// gives the record its parent and the parent its children (asked for
    /// by that key where the document lists it as a filter, else filtered
    /// from the loaded rows); a property that is a `$ref`
    /// to another collection's schema gives the record its parent.
    func addRelations(_ descriptors: inout [ResourceDescriptor], collections: [Collection], nested: [Nested])
        throws(OpenAPIProblem)
    {
        let index = CollectionIndex(collections)
        func add(_ relation: ResourceDescriptor.Relation, to name: String) {
            guard let at = index.position[name] else { return }
            if descriptors[at].relations.contains(where: { $0.name == relation.name }) { return }
            descriptors[at].relations.append(relation)
        }
        for found in nested {
            guard let parent = index.byPath(found.parentPath), index.position[found.name] != nil else { continue }
            add(.init(found.name, target: found.name, .children(foreignKey: found.foreignKey)), to: parent.name)
        }
        for (position, collection) in collections.enumerated() {
            let properties = try properties(of: collection.shape.item, at: itemPointer(collection))
            let descriptor = descriptors[position]
            for property in properties where property.name != descriptor.idField {
                if property.kind.isScalar, let (base, target) = foreignKey(property, in: index) {
                    add(.init(base, target: target.name, .parent(foreignKey: property.name)), to: collection.name)
                    // Children by the filter the document lists (or a nested
                    // route), else by the loaded rows (the list filters them
                    // here: `OpenAPIRoutesConvention.capabilities`).
                    add(
                        .init(collection.name, target: collection.name, .children(foreignKey: property.name)),
                        to: target.name)
                } else if property.kind == .object, let component = property.resolved.component,
                    let target = index.byComponent(component),
                    let targetID = index.position[target.name].map({ descriptors[$0].idField })
                {
                    add(
                        .init(property.name, target: target.name, .parent(foreignKey: "\(property.name).\(targetID)")),
                        to: collection.name)
                }
            }
        }
    }

    /// The collections found by what relations look them up by, each key
    /// naming the first collection (in the document's order) that has it;
    /// built once, so relations cost no scan of every collection per
    /// property. The lookups keep positions, not copies of the collections.
    struct CollectionIndex {
        let collections: [Collection]
        var position: [String: Int] = [:]
        private var pathPosition: [String: Int] = [:]
        private var componentPosition: [String: Int] = [:]
        /// By the base a foreign key names (`author`): the name, its
        /// singular, the name less its `s`, the schema's name, lower case.
        private var basePosition: [String: Int] = [:]

        init(_ collections: [Collection]) {
            self.collections = collections
            for (index, collection) in collections.enumerated() {
                if position[collection.name] == nil { position[collection.name] = index }
                if pathPosition[collection.entry.text] == nil { pathPosition[collection.entry.text] = index }
                if let component = collection.shape.item.component, componentPosition[component] == nil {
                    componentPosition[component] = index
                }
                let name = collection.name.lowercased()
                var bases = [name, ResourceDescriptor.singular(of: name)]
                if name.hasSuffix("s") { bases.append(String(name.dropLast())) }
                if let component = collection.shape.item.component { bases.append(component.lowercased()) }
                for base in bases where basePosition[base] == nil { basePosition[base] = index }
            }
        }

        func byName(_ name: String) -> Collection? { position[name].map { collections[$0] } }
        func byPath(_ path: String) -> Collection? { pathPosition[path].map { collections[$0] } }
        func byComponent(_ component: String) -> Collection? { componentPosition[component].map { collections[$0] } }
        func byBase(_ base: String) -> Collection? { basePosition[base].map { collections[$0] } }
    }

    /// The relation's name and the collection a scalar property points at:
    /// the one its `x-trestle-relation` names (`trestle serve` writes it),
    /// else the one its name's base names (`author_id` → `authors`).
    private func foreignKey(_ property: Property, in index: CollectionIndex) -> (String, Collection)? {
        if let resource = Self.declaredRelation(property), let target = index.byName(resource) {
            return (Self.foreignKeyBase(property.name) ?? property.name, target)
        }
        guard let base = Self.foreignKeyBase(property.name), let target = index.byBase(base.lowercased()) else {
            return nil
        }
        return (base, target)
    }

    /// The resource a property's `x-trestle-relation` names, if it has one.
    static func declaredRelation(_ property: Property) -> String? {
        property.declaredRelation
    }
}
