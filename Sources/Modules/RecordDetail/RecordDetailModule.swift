import Services

/// The detail screen of any record: every field as coloured JSON, and the
/// record's relations as jump targets.
public enum RecordDetailModule {
    /// Builds the detail of the record `id` of `resource`; `record` is what
    /// the list already knows (shown at once), `nil` to wait for the server.
    @MainActor
    public static func build(
        resource: ResourceDescriptor, id: String, record: RecordEntity?, breadcrumb: String?, api: any APIService,
        navigator: ResourceNavigator, context: ScreenContext
    ) -> any Screen {
        RecordDetailPresenter(
            id: id, record: record, breadcrumbPrefix: breadcrumb,
            interactor: RecordDetailInteractor(api: api, resource: resource, catalog: navigator.catalog),
            navigator: navigator, context: context)
    }
}
