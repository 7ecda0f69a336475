import Foundation
import JSON
import Services

/// Loads one record, the sizes of its related lists and the labels of its parents.
public struct RecordDetailInteractor: Sendable {
    private let api: any APIService
    public let resource: ResourceDescriptor
    private let catalog: ResourceCatalog

    public init(api: any APIService, resource: ResourceDescriptor, catalog: ResourceCatalog) {
        self.api = api
        self.resource = resource
        self.catalog = catalog
    }

    /// The record with `id`, fresh from the server.
    public func load(id: String) async throws(ServiceError) -> RecordEntity {
        let json = try await api.record(resource, id: id)
        let record = RecordEntity(json, of: resource)
        return record.hasID ? record : RecordEntity(id: id, json: json)
    }

    /// Sends `changes` to the record (an object resource: to the object) and
    /// returns it as the server has it now.
    public func save(_ changes: JSONObject, id: String) async throws(ServiceError) -> RecordEntity {
        let json = try await api.update(resource, id: id, changes)
        let record = RecordEntity(json, of: resource)
        return record.hasID ? record : RecordEntity(id: id, json: json)
    }

    /// The label of the record a parent relation of `record` points at
    /// (`1 Leanne Graham`) and the id it was asked for; `nil` when the record
    /// holds no foreign key, or its collection names records by no field.
    public func label(_ relation: ResourceDescriptor.Relation, of record: RecordEntity) async throws(ServiceError)
        -> (id: String, label: String)?
    {
        guard case .parent(let foreignKey) = relation.kind, let id = record.json.recordID(foreignKey) else {
            return nil
        }
        let target = catalog.descriptor(for: relation.target)
        guard target.labelField != nil else { return nil }
        let json = try await api.relatedRecord(target, id: id, from: resource, field: foreignKey)
        let related = RecordEntity(json, of: target)
        let label = related.label(target)
        return label == id || label.isEmpty ? nil : (id, label)
    }

    /// How many records a children relation of `record` leads to.
    public func count(_ relation: ResourceDescriptor.Relation, of record: RecordEntity) async throws(ServiceError)
        -> Int?
    {
        guard case .children(let foreignKey) = relation.kind else { return nil }
        let target = catalog.descriptor(for: relation.target)
        let filter = ListQuery.Filter(foreignKey, record.id)
        // A server that cannot filter by the key would count every record:
        // the list filters its loaded rows instead, and no count is shown.
        guard target.listCapabilities().applies(filter, on: target.route) else { return nil }
        return try await api.count(target, ListQuery(filters: [filter]))
    }
}
