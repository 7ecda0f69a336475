import Services

/// The list screen of any resource: a table of its records with filter,
/// sort, paging, toggle, new/edit/delete, copy and export.
public enum ResourceListModule {
    /// Builds the list of `resource` limited by `filters` (`userId=3`).
    @MainActor
    public static func build(
        resource: ResourceDescriptor, filters: [ListQuery.Filter] = [], breadcrumb: String? = nil,
        api: any APIService, navigator: ResourceNavigator, context: ScreenContext
    ) -> any Screen {
        ResourceListPresenter(
            interactor: ResourceListInteractor(api: api, resource: resource, filters: filters),
            router: ResourceListRouter(navigator: navigator), context: context,
            breadcrumb: breadcrumb ?? resource.name)
    }
}
