import Foundation

/// A route as a cached catalog keeps it (`Codable`); the document's
/// required query parameters as name/value pairs (`URLQueryItem` is not
/// `Codable` on Linux).
extension ResourceRoute: Codable {
    private enum CodingKeys: String, CodingKey {
        case path, paging, itemsKey, totalKey, nestedRoutes, sortParameter, sortsWithDirection, searchParameter
        case replacesOnUpdate, choices, convention, facts, recordPath, requiredQuery, readsRecords
    }

    private struct QueryPair: Codable {
        var name: String
        var value: String?
    }

    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            path: try values.decode(String.self, forKey: .path),
            paging: try values.decode(Paging.self, forKey: .paging),
            itemsKey: try values.decodeIfPresent(String.self, forKey: .itemsKey),
            totalKey: try values.decodeIfPresent(String.self, forKey: .totalKey),
            nestedRoutes: try values.decode([String: String].self, forKey: .nestedRoutes),
            sortParameter: try values.decodeIfPresent(String.self, forKey: .sortParameter),
            searchParameter: try values.decodeIfPresent(String.self, forKey: .searchParameter),
            replacesOnUpdate: try values.decode(Bool.self, forKey: .replacesOnUpdate))
        sortsWithDirection = try values.decode(Bool.self, forKey: .sortsWithDirection)
        choices = try values.decode([String: [String]].self, forKey: .choices)
        convention = try values.decode(ConventionName.self, forKey: .convention)
        facts = try values.decode([String: String].self, forKey: .facts)
        recordPath = try values.decodeIfPresent(String.self, forKey: .recordPath)
        // Absent in what earlier builds kept: their records were all read alone.
        readsRecords = try values.decodeIfPresent(Bool.self, forKey: .readsRecords) ?? true
        requiredQuery = try values.decode([QueryPair].self, forKey: .requiredQuery).map {
            URLQueryItem(name: $0.name, value: $0.value)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var values = encoder.container(keyedBy: CodingKeys.self)
        try values.encode(path, forKey: .path)
        try values.encode(paging, forKey: .paging)
        try values.encodeIfPresent(itemsKey, forKey: .itemsKey)
        try values.encodeIfPresent(totalKey, forKey: .totalKey)
        try values.encode(nestedRoutes, forKey: .nestedRoutes)
        try values.encodeIfPresent(sortParameter, forKey: .sortParameter)
        try values.encode(sortsWithDirection, forKey: .sortsWithDirection)
        try values.encodeIfPresent(searchParameter, forKey: .searchParameter)
        try values.encode(replacesOnUpdate, forKey: .replacesOnUpdate)
        try values.encode(choices, forKey: .choices)
        try values.encode(convention, forKey: .convention)
        try values.encode(facts, forKey: .facts)
        try values.encodeIfPresent(recordPath, forKey: .recordPath)
        if !readsRecords { try values.encode(readsRecords, forKey: .readsRecords) }
        try values.encode(requiredQuery.map { QueryPair(name: $0.name, value: $0.value) }, forKey: .requiredQuery)
    }
}
