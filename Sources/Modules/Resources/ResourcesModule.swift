import Services

/// The start screen: every resource of the service with its count; `Enter`
/// opens one.
public enum ResourcesModule {
    @MainActor
    public static func build(
        catalog: ResourceCatalog, api: any APIService, navigator: ResourceNavigator, context: ScreenContext
    ) -> any Screen {
        ResourcesPresenter(
            interactor: ResourcesInteractor(api: api, catalog: catalog), navigator: navigator, context: context)
    }
}
