import OpenAPIKit
import Services

extension OpenAPICatalogBuilder {
    /// What relations need of a collection, kept once it is catalogued (a
    /// document read in slices keeps this, not the decoded paths, until
    /// every slice is in): its name, path, record schema, id and properties.
    struct CollectionSummary {
        var name: String
        /// The list's path as written (`/authors`).
        var path: String
        /// The component its records are (`Author`).
        var component: String?
        var idField: String
        var properties: [PropertySummary]
    }

    /// A property of a record as relations read it.
    struct PropertySummary {
        var name: String
        var kind: SchemaReader.Kind
        /// The component it resolves to (`Author`), if any.
        var component: String?
        /// The collection its `x-trestle-relation` names.
        var declaredRelation: String?
    }

    /// The summary of `collection`, whose descriptor has `idField`.
    func summary(_ collection: Collection, idField: String) throws(OpenAPIProblem) -> CollectionSummary {
        let properties = try properties(of: collection.shape.item, at: itemPointer(collection))
        return CollectionSummary(
            name: collection.name, path: collection.entry.text, component: collection.shape.item.component,
            idField: idField,
            properties: properties.map {
                PropertySummary(
                    name: $0.name, kind: $0.kind, component: $0.resolved.component,
                    declaredRelation: $0.declaredRelation)
            })
    }

    /// Adds the relations both ways: a nested route (`/authors/{author_id}/books`)
    /// gives the parent its children; a foreign key (`author_id`, `authorId`)
    /// gives the record its parent and the parent its children (asked for
    /// by that key where the document lists it as a filter, else filtered
    /// from the loaded rows); a property that is a `$ref`
    /// to another collection's schema gives the record its parent.
    /// `collections` are the summaries of `descriptors`, in the same order.
    static func addRelations(
        _ descriptors: inout [ResourceDescriptor], collections: [CollectionSummary], nested: [Nested]
    ) {
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
        for collection in collections {
            for property in collection.properties where property.name != collection.idField {
                if property.kind.isScalar, let (base, target) = foreignKey(property, in: index) {
                    add(.init(base, target: target.name, .parent(foreignKey: property.name)), to: collection.name)
                    // Children by the filter the document lists (or a nested
                    // route), else by the loaded rows (the list filters them
                    // here: `OpenAPIRoutesConvention.capabilities`).
                    add(
                        .init(collection.name, target: collection.name, .children(foreignKey: property.name)),
                        to: target.name)
                } else if property.kind == .object, let component = property.component,
                    let target = index.byComponent(component)
                {
                    add(
                        .init(
                            property.name, target: target.name,
                            .parent(foreignKey: "\(property.name).\(target.idField)")
                        ),
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
        let collections: [CollectionSummary]
        var position: [String: Int] = [:]
        private var pathPosition: [String: Int] = [:]
        private var componentPosition: [String: Int] = [:]
        /// By the base a foreign key names (`author`): the name, its
        /// singular, the name less its `s`, the schema's name, lower case.
        private var basePosition: [String: Int] = [:]

        init(_ collections: [CollectionSummary]) {
            self.collections = collections
            for (index, collection) in collections.enumerated() {
                if position[collection.name] == nil { position[collection.name] = index }
                if pathPosition[collection.path] == nil { pathPosition[collection.path] = index }
                if let component = collection.component, componentPosition[component] == nil {
                    componentPosition[component] = index
                }
                let name = collection.name.lowercased()
                var bases = [name, ResourceDescriptor.singular(of: name)]
                if name.hasSuffix("s") { bases.append(String(name.dropLast())) }
                if let component = collection.component { bases.append(component.lowercased()) }
                for base in bases where basePosition[base] == nil { basePosition[base] = index }
            }
        }

        func byName(_ name: String) -> CollectionSummary? { position[name].map { collections[$0] } }
        func byPath(_ path: String) -> CollectionSummary? { pathPosition[path].map { collections[$0] } }
        func byComponent(_ component: String) -> CollectionSummary? {
            componentPosition[component].map { collections[$0] }
        }
        func byBase(_ base: String) -> CollectionSummary? { basePosition[base].map { collections[$0] } }
    }

    /// The relation's name and the collection a scalar property points at:
    /// the one its `x-trestle-relation` names (`trestle serve` writes it),
    /// else the one its name's base names (`author_id` → `authors`).
    private static func foreignKey(_ property: PropertySummary, in index: CollectionIndex) -> (
        String, CollectionSummary
    )? {
        if let resource = property.declaredRelation, let target = index.byName(resource) {
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
