import Foundation
import Services

/// One page of a list as entities: what the interactor hands over and the
/// list's events carry (plain values).
public struct ListPage: Sendable, Equatable {
    public var records: [RecordEntity]
    public var totalCount: Int?
    public var fetchedAt: Date
    public var origin: DataOrigin
}

/// One observed state of the list's first page.
public struct FirstPageUpdate: Sendable, Equatable {
    /// The page, when it changed since the previous update (else `nil`).
    public var page: ListPage?
    public var hasData: Bool
    public var error: ServiceError?
    public var isLoading: Bool
}

extension ListQuery {
    /// The query for `page` (1-based) of `resource` within `filters`, with an
    /// optional server-side sort and search; paged by the resource's page
    /// size unless it is 0.
    static func listing(
        of resource: ResourceDescriptor, filters: [ListQuery.Filter], page: Int?, sort: ListQuery.SortKey?,
        search: String?
    ) -> ListQuery {
        let paged = resource.pageSize > 0
        return ListQuery(
            filters: filters, sort: sort.map { [$0] } ?? [], page: paged ? page : nil,
            limit: paged ? resource.pageSize : nil, search: search)
    }
}
