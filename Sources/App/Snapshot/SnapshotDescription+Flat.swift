import Services

extension SnapshotDescription {
    /// `catalog` as the replay (the json-server engine, REST) can follow it.
    ///
    /// A backend that is not REST (GraphQL; later gRPC) asks a children
    /// relation through its owner (`author(id:) { books }`) and keys it by
    /// a name no record holds (`author`: the books where author = 9). The
    /// replay filters the target's records instead, so such a key becomes
    /// the foreign key of the one parent relation the target has back to
    /// the owner (`author.id`, which every kept book holds). Only keys the
    /// target asks through a nested route change; a key that is a column of
    /// the target, or a target with no single way back, is kept.
    /// Routes are dropped on reading anyway (``init(json:)``).
    static func flattened(_ catalog: ResourceCatalog) -> ResourceCatalog {
        var result = catalog
        for index in result.resources.indices {
            let owner = result.resources[index]
            result.resources[index].relations = owner.relations.map { relation in
                guard case .children(let key) = relation.kind, let target = catalog[relation.target],
                    target.route?.nestedRoutes[key] != nil, !target.columns.contains(where: { $0.field == key })
                else { return relation }
                let back = target.relations.compactMap { candidate -> String? in
                    guard candidate.target == owner.name, case .parent(let foreignKey) = candidate.kind else {
                        return nil
                    }
                    // A link (HAL's `_links.author.href`) is kept as the parent's id under its name.
                    return ParentHop.derivedKey(foreignKey) ?? foreignKey
                }
                guard back.count == 1, let foreignKey = back.first, foreignKey != key else { return relation }
                return ResourceDescriptor.Relation(
                    relation.name, target: relation.target, .children(foreignKey: foreignKey))
            }
        }
        return result
    }
}
