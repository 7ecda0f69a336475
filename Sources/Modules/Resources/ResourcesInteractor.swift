import Services

/// Counts the records of each resource.
struct ResourcesInteractor: Sendable {
    let api: any APIService
    let catalog: ResourceCatalog

    /// Resources the service names that the catalog does not describe:
    /// collections (columns inferred when they load) and object resources.
    /// Nothing is asked while the catalog is still being looked for (no
    /// resources, no source: the start of a service nobody described).
    func discoverExtras() async -> [ResourceDescriptor] {
        if catalog.resources.isEmpty, catalog.source == nil { return [] }
        let known = Set(catalog.names)
        return await api.discoverResources().filter { !known.contains($0.name) }.map { found in
            found.isObject ? ResourceDescriptor.object(named: found.name) : catalog.descriptor(for: found.name)
        }
    }

    func count(_ resource: ResourceDescriptor) async -> Result<Int, ServiceError> {
        do throws(ServiceError) {
            return .success(try await api.count(resource, ListQuery()))
        } catch {
            return .failure(error)
        }
    }
}
