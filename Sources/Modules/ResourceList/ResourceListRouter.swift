import Services

/// Where a resource list can go: a record's detail.
@MainActor
struct ResourceListRouter {
    let navigator: ResourceNavigator

    func detail(_ record: RecordEntity, of resource: ResourceDescriptor) -> any Screen {
        navigator.detail(resource, record: record)
    }
}
