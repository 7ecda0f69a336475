import Services

/// Counts the records of each resource.
struct ResourcesInteractor: Sendable {
    let api: any APIService
    let catalog: ResourceCatalog

    func count(_ resource: ResourceDescriptor) async -> Result<Int, ServiceError> {
        do throws(ServiceError) {
            return .success(try await api.count(resource, ListQuery()))
        } catch {
            return .failure(error)
        }
    }
}
