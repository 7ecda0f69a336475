import Services

/// Where a resource list can go: a record's detail, the frequency table of a column.
@MainActor
struct ResourceListRouter {
    let navigator: ResourceNavigator

    func detail(_ record: RecordEntity, of resource: ResourceDescriptor) -> any Screen {
        navigator.detail(resource, record: record)
    }

    func frequency(of source: ExportSource, field: String) -> any Screen {
        navigator.frequency(of: source, field: field)
    }
}
